import { describe, expect, it } from 'vitest';
import { fuzzContract, messagesOf, serviceAuth } from '@pawfresh/testing';
import { identityContract } from '@pawfresh/contracts/identity';
import { createUser, session, useIdentity } from './harness.js';

const h = useIdentity();

const notify = (userId: string, body: unknown, headers?: Record<string, string>) =>
  h.call('POST', `/identity/users/${userId}/notifications`, body, headers);
const mailbox = async (to: string) =>
  (
    await h.call(
      'GET',
      `/identity/dev/mailbox/messages?to=${encodeURIComponent(to)}`,
      undefined,
      {},
    )
  ).json<{ to: string; subject: string; text: string; html: string }[]>();

const failed = {
  template: 'payment_failed',
  orderNumber: 1042,
  amount: 8950,
  deliveryDate: '2026-03-13',
  reason: 'Your card was declined.',
  nextAttemptDate: '2026-03-10',
};

describe('POST /identity/users/{userId}/notifications', () => {
  it('mails the templated notice to the user, in their name', async () => {
    const user = await createUser(h.app, { firstName: 'Pip' });
    const res = await notify(user.id, failed);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({
      to: user.email,
      subject: 'We could not take payment for order #1042',
    });
    const [mail, ...rest] = await mailbox(user.email);
    expect(rest).toEqual([]);
    expect(mail!.subject).toBe('We could not take payment for order #1042');
    expect(mail!.text).toContain('Hi Pip,');
    expect(mail!.text).toContain(
      'We tried to take payment for order #1042 ($89.50, delivery Friday 13 March 2026), but your card provider said: Your card was declined.',
    );
    expect(mail!.text).toContain('We will try again on Tuesday 10 March 2026.');
    expect(mail!.html).toContain(
      '<h1 style="font-size:22px;margin:0 0 16px">Your payment did not go through</h1>',
    );
  });

  it('has a notice for each dunning step', async () => {
    const user = await createUser(h.app);
    const common = { orderNumber: 7, amount: 100_000, deliveryDate: '2026-03-20' };
    for (const body of [
      {
        template: 'delivery_moved',
        ...common,
        previousDeliveryDate: '2026-03-13',
        nextAttemptDate: '2026-03-17',
      },
      { template: 'order_skipped', ...common },
      { template: 'payment_received', ...common },
    ]) {
      expect((await notify(user.id, body)).statusCode).toBe(202);
    }
    const subjects = (await mailbox(user.email)).map((m) => m.subject);
    expect(subjects).toEqual([
      'Payment received for order #7',
      'Order #7 skipped and your subscription paused',
      'Order #7 moved to Friday 20 March 2026',
    ]);
    const [, skipped, moved] = await mailbox(user.email);
    expect(skipped!.text).toContain('Your subscription is paused, not cancelled');
    expect(moved!.text).toContain('$1,000.00');
    expect(moved!.text).toContain('We moved it once, to Friday 20 March 2026');
  });

  it('escapes what it is given in the HTML', async () => {
    const user = await createUser(h.app, { firstName: 'Pip' });
    await notify(user.id, { ...failed, reason: '<script>x</script>' });
    const [mail] = await mailbox(user.email);
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain('&lt;script&gt;');
  });

  it('is for other services only: a staff member or customer is refused', async () => {
    const user = await createUser(h.app);
    const own = await session(h.app, user.email, user.password);
    const res = await notify(user.id, failed, { authorization: `Bearer ${own.accessToken}` });
    expect(res.statusCode).toBe(403);
    expect((await notify(user.id, failed, {})).statusCode).toBe(401);
    expect(await mailbox(user.email)).toEqual([]);
  });

  it('sends once per Idempotency-Key: the same key again answers the first result', async () => {
    const user = await createUser(h.app, { firstName: 'Pip' });
    const key = { ...serviceAuth, 'idempotency-key': 'charge-order:o-1:1:1:email-customer' };
    const first = await notify(user.id, failed, key);
    expect(first.statusCode, first.body).toBe(202);
    const again = await notify(user.id, failed, key);
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toEqual(first.json());
    expect(await mailbox(user.email)).toHaveLength(1);
    // The same key for another notice is refused and sends nothing; a new key sends again.
    const other = await notify(
      user.id,
      { ...failed, template: 'order_skipped', reason: undefined },
      key,
    );
    expect(other.statusCode).toBe(400);
    const skipped = {
      template: 'order_skipped',
      orderNumber: 1,
      amount: 1,
      deliveryDate: '2026-03-13',
    };
    const clash = await notify(user.id, skipped, key);
    expect(clash.statusCode).toBe(409);
    expect(messagesOf(clash)[0]).toMatch(/already used for another notification/);
    const next = await notify(user.id, failed, { ...serviceAuth, 'idempotency-key': 'k-2' });
    expect(next.statusCode).toBe(202);
    expect(await mailbox(user.email)).toHaveLength(2);
    const bad = await notify(user.id, failed, { ...serviceAuth, 'idempotency-key': 'a b' });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 404 for an unknown user and 400 for an unknown template', async () => {
    const res = await notify('0b9d7a1e-4c2f-4e8a-9a5b-1d2c3e4f5a99', failed);
    expect(res.statusCode).toBe(404);
    const user = await createUser(h.app);
    const bad = await notify(user.id, { ...failed, template: 'spam' });
    expect(bad.statusCode).toBe(400);
    expect(messagesOf(bad).join(' ')).toContain('template must be one of');
  });

  it('never answers odd input with a 500', async () => {
    const only = {
      ...identityContract,
      endpoints: { sendNotification: identityContract.endpoints.sendNotification },
    };
    expect(await fuzzContract(h.app, only, serviceAuth, 30)).toEqual([]);
  });
});
