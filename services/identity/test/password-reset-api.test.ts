import { describe, expect, it } from 'vitest';
import { messagesOf } from '@pawfresh/testing';
import {
  createUser,
  MINUTE,
  refresh,
  session,
  signIn,
  uniqueEmail,
  useIdentity,
} from './harness.js';

const h = useIdentity();

const TOO_MANY = 'Too many attempts. Please wait 15 minutes and try again.';
const INVALID = 'This code is not valid or has expired';

interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

const requestReset = (email: string, clientIp?: string) =>
  h.call('POST', '/identity/password-resets', { email, ...(clientIp ? { clientIp } : {}) });
const confirm = (email: string, code: string, password = 'fresh password') =>
  h.call('POST', '/identity/password-resets/confirm', { email, code, password });
const mailbox = async (to?: string) => {
  const res = await h.call(
    'GET',
    `/identity/dev/mailbox/messages${to ? `?to=${encodeURIComponent(to)}` : ''}`,
    undefined,
    {},
  );
  expect(res.statusCode).toBe(200);
  return res.json<Mail[]>();
};
/** The code in the newest reset e-mail to `email`. */
const latestCode = async (email: string) => {
  const [mail] = await mailbox(email);
  const code = /Your code is: (\d{6})/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no reset code mailed to ${email}`);
  return code;
};
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /identity/password-resets', () => {
  it('mails a six-digit code with a link to the reset page', async () => {
    const user = await createUser(h.app, { firstName: 'Pip' });
    const res = await requestReset(user.email.toUpperCase());
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ success: true });
    const [mail, ...rest] = await mailbox(user.email);
    expect(rest).toEqual([]);
    expect(mail).toMatchObject({
      to: user.email,
      subject: 'Reset your Pawfresh password',
      sentAt: h.clock.now().toISOString(),
    });
    const code = await latestCode(user.email);
    const link = `http://localhost:3000/customer/confirm-forgot-password?code=${code}&email=${encodeURIComponent(user.email)}`;
    expect(mail!.text).toContain('Hi Pip,');
    expect(mail!.text).toContain(link);
    expect(mail!.text).toContain('expires in 30 minutes');
    expect(mail!.html).toContain('<html lang="en-AU">');
    expect(mail!.html).toContain(code);
    expect(mail!.html).toContain(`href="${link.replace('&', '&amp;')}"`);
  });

  it('answers the same for an e-mail with no account, and sends nothing', async () => {
    const nobody = uniqueEmail('nobody');
    const res = await requestReset(nobody);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ success: true });
    expect(await mailbox(nobody)).toEqual([]);
  });

  it('escapes a name in the HTML mail', async () => {
    const user = await createUser(h.app, { firstName: '<b>Bo</b>' });
    await requestReset(user.email);
    const [mail] = await mailbox(user.email);
    expect(mail!.html).toContain('Hi &lt;b&gt;Bo&lt;/b&gt;,');
    expect(mail!.html).not.toContain('<b>Bo</b>');
  });

  it('allows three requests per e-mail an hour, then 429', async () => {
    const user = await createUser(h.app);
    for (let i = 0; i < 3; i++) {
      h.clock.advance(MINUTE);
      expect((await requestReset(user.email)).statusCode).toBe(202);
    }
    const limited = await requestReset(user.email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ message: TOO_MANY });
    expect(await mailbox(user.email)).toHaveLength(3);
    // The same for an e-mail without an account.
    const nobody = uniqueEmail('nobody');
    for (let i = 0; i < 3; i++) await requestReset(nobody);
    expect((await requestReset(nobody)).statusCode).toBe(429);
    h.clock.advance(58 * MINUTE);
    expect((await requestReset(user.email)).statusCode).toBe(202);
  });

  it('allows ten requests per client address an hour, whatever the e-mail', async () => {
    const ip = '192.0.2.44';
    for (let i = 0; i < 10; i++) {
      expect((await requestReset(uniqueEmail('spray'), ip)).statusCode).toBe(202);
    }
    expect((await requestReset(uniqueEmail('spray'), ip)).statusCode).toBe(429);
    expect((await requestReset(uniqueEmail('spray'), '192.0.2.45')).statusCode).toBe(202);
    h.clock.advance(60 * MINUTE);
    expect((await requestReset(uniqueEmail('spray'), ip)).statusCode).toBe(202);
  });

  it('answers bad input with a 400', async () => {
    const bad = await h.call('POST', '/identity/password-resets', { email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(messagesOf(bad)).toEqual(['Enter a valid email address']);
    const long = await h.call('POST', '/identity/password-resets', {
      email: uniqueEmail(),
      clientIp: 'x'.repeat(65),
    });
    expect(messagesOf(long)).toEqual(['clientIp must be 64 characters or less']);
  });
});

describe('POST /identity/password-resets/confirm', () => {
  it('sets the new password, signs out every session, and the code works once', async () => {
    const user = await createUser(h.app);
    const before = await session(h.app, user.email, user.password);
    await requestReset(user.email);
    const code = await latestCode(user.email);
    const res = await confirm(user.email, code, 'reset pass 1');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await refresh(h.app, before.refreshToken)).statusCode).toBe(401);
    expect((await signIn(h.app, user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(h.app, user.email, 'reset pass 1')).statusCode).toBe(201);
    const again = await confirm(user.email, code, 'reset pass 2');
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ message: INVALID });
    expect((await signIn(h.app, user.email, 'reset pass 1')).statusCode).toBe(201);
  });

  it('refuses a code after 30 minutes', async () => {
    const user = await createUser(h.app);
    await requestReset(user.email);
    const code = await latestCode(user.email);
    h.clock.advance(30 * MINUTE);
    const res = await confirm(user.email, code);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: INVALID });
    expect((await signIn(h.app, user.email, user.password)).statusCode).toBe(201);
  });

  it('accepts a code just before it expires', async () => {
    const user = await createUser(h.app);
    await requestReset(user.email);
    const code = await latestCode(user.email);
    h.clock.advance(29 * MINUTE);
    expect((await confirm(user.email, code)).statusCode).toBe(204);
  });

  it('refuses a wrong code, and the right code for another e-mail', async () => {
    const user = await createUser(h.app);
    const other = await createUser(h.app);
    await requestReset(user.email);
    const code = await latestCode(user.email);
    const wrong = await confirm(user.email, otherCode(code));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ message: INVALID });
    expect((await confirm(other.email, code)).statusCode).toBe(401);
    expect((await confirm(uniqueEmail('nobody'), code)).statusCode).toBe(401);
    expect((await confirm(user.email, code)).statusCode).toBe(204);
  });

  it('a new request makes the older code stop working', async () => {
    const user = await createUser(h.app);
    await requestReset(user.email);
    const first = await latestCode(user.email);
    await requestReset(user.email);
    const second = await latestCode(user.email);
    expect((await mailbox(user.email)).length).toBe(2);
    // Two random six-digit codes are equal once in a million runs.
    expect(second).not.toBe(first);
    expect((await confirm(user.email, first)).statusCode).toBe(401);
    expect((await confirm(user.email, second)).statusCode).toBe(204);
  });

  it('a code stops working once the e-mail or the password changes', async () => {
    const moved = await createUser(h.app);
    await requestReset(moved.email);
    const code = await latestCode(moved.email);
    const email = uniqueEmail('moved');
    await h.call('PATCH', `/identity/users/${moved.id}`, { email });
    expect((await confirm(email, code)).statusCode).toBe(401);

    const changed = await createUser(h.app);
    await requestReset(changed.email);
    const code2 = await latestCode(changed.email);
    const res = await h.call('POST', `/identity/users/${changed.id}/password`, {
      previousPassword: changed.password,
      password: 'changed pass',
    });
    expect(res.statusCode).toBe(201);
    expect((await confirm(changed.email, code2)).statusCode).toBe(401);
    expect((await signIn(h.app, changed.email, 'changed pass')).statusCode).toBe(201);
  });

  it('allows five wrong codes per e-mail in 15 minutes, then 429 even for the right code', async () => {
    const user = await createUser(h.app);
    await requestReset(user.email);
    const code = await latestCode(user.email);
    for (let i = 0; i < 5; i++) {
      expect((await confirm(user.email, otherCode(code))).statusCode).toBe(401);
    }
    const limited = await confirm(user.email, code);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ message: TOO_MANY });
    h.clock.advance(15 * MINUTE);
    expect((await confirm(user.email, code)).statusCode).toBe(204);
  });

  it('of two simultaneous confirmations with one code, exactly one succeeds', async () => {
    const user = await createUser(h.app);
    await requestReset(user.email);
    const code = await latestCode(user.email);
    const answers = await Promise.all([
      confirm(user.email, code, 'first pass'),
      confirm(user.email, code, 'second pass'),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([204, 401]);
  });

  it('a reset lifts an account’s sign-in lock, so its owner can sign in at once', async () => {
    const user = await createUser(h.app);
    for (let i = 0; i < 5; i++) await signIn(h.app, user.email, 'wrong');
    expect((await signIn(h.app, user.email, user.password)).statusCode).toBe(429);
    await requestReset(user.email);
    expect((await confirm(user.email, await latestCode(user.email), 'unlocked 1')).statusCode).toBe(
      204,
    );
    expect((await signIn(h.app, user.email, 'unlocked 1')).statusCode).toBe(201);
  });

  it('answers bad input with a 400', async () => {
    const short = await confirm(uniqueEmail(), '123456', 'abc');
    expect(short.statusCode).toBe(400);
    expect(messagesOf(short)).toEqual(['Password must be at least 6 characters long']);
    const noCode = await h.call('POST', '/identity/password-resets/confirm', {
      email: uniqueEmail(),
      code: ' ',
      password: 'long enough',
    });
    expect(messagesOf(noCode)).toEqual(['code must not be empty']);
  });
});
