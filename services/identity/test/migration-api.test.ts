import { describe, expect, it } from 'vitest';
import { messagesOf } from '@pawfresh/testing';
import { createUser, signIn, uniqueEmail, useIdentity, type User } from './harness.js';

const h = useIdentity();

const importUser = (body: Record<string, unknown>) =>
  h.call('POST', '/identity/migration', {
    legacyId: 100_001,
    firstName: 'Jane',
    lastName: 'Citizen',
    ...body,
  });

const mailTo = async (email: string) =>
  (await h.call('GET', `/identity/dev/mailbox/messages?to=${encodeURIComponent(email)}`)).json<
    { subject: string; text: string }[]
  >();

describe('POST /identity/migration and DELETE /identity/migration/{userId}', () => {
  it('imports a legacy customer with an address and a code to choose a password, once', async () => {
    const email = uniqueEmail('legacy');
    const body = {
      legacyId: 100_002,
      email,
      phoneNumber: '0412345678',
      address: { address1: '1 High St', suburb: 'Melbourne', state: 'VIC', postCode: '3000' },
    };
    const res = await importUser(body);
    expect(res.statusCode, res.body).toBe(201);
    const user = res.json<User>();
    expect(user).toMatchObject({ email, firstName: 'Jane', phoneNumber: '0412345678' });
    const address = await h.call('GET', `/identity/users/${user.id}/addresses/default`);
    expect(address.json()).toMatchObject({ postCode: '3000', isDefault: true });
    const mail = await mailTo(email);
    expect(mail.map((m) => m.subject)).toEqual([
      'Your Pawfresh account has moved: choose a password',
    ]);
    const code = /Your code is: (\d{6})/.exec(mail[0]!.text)![1]!;
    // No password signs in until the customer chooses one with the code.
    expect((await signIn(h.app, email, '')).statusCode).toBe(400);
    expect((await signIn(h.app, email, 'anything')).statusCode).toBe(401);
    // The same legacy user again: the same user, no second e-mail.
    expect((await importUser(body)).json()).toEqual(user);
    expect(await mailTo(email)).toHaveLength(1);

    const set = await h.call('POST', '/identity/password-resets/confirm', {
      email,
      code,
      password: 'new password 1',
    });
    expect(set.statusCode, set.body).toBe(204);
    expect((await signIn(h.app, email, 'new password 1')).statusCode).toBe(201);

    expect((await h.call('DELETE', `/identity/migration/${user.id}`)).statusCode).toBe(204);
    expect((await h.call('GET', `/identity/users/${user.id}`)).statusCode).toBe(404);
    expect((await h.call('DELETE', `/identity/migration/${user.id}`)).statusCode).toBe(404);
  });

  it('refuses an e-mail another user has, and reverting a user who was not imported', async () => {
    const native = await createUser(h.app);
    const clash = await importUser({ legacyId: 100_003, email: native.email });
    expect(clash.statusCode).toBe(409);
    expect(messagesOf(clash)[0]).toContain('already belongs to a user of the new system');
    const email = uniqueEmail('twin');
    expect((await importUser({ legacyId: 100_004, email })).statusCode).toBe(201);
    const twin = await importUser({ legacyId: 100_005, email: email.toUpperCase() });
    expect(twin.statusCode).toBe(409);
    expect(messagesOf(twin)[0]).toContain('differ only in case');
    const refused = await h.call('DELETE', `/identity/migration/${native.id}`);
    expect(refused.statusCode).toBe(409);
    expect(messagesOf(refused)).toEqual([
      `User ${native.id} was not imported from the legacy system`,
    ]);
  });

  it('refuses a legacy id already imported under another e-mail with a 409, not a 500', async () => {
    const first = await importUser({ legacyId: 100_006, email: uniqueEmail('first') });
    expect(first.statusCode, first.body).toBe(201);
    const again = await importUser({ legacyId: 100_006, email: uniqueEmail('second') });
    expect(again.statusCode, again.body).toBe(409);
    expect(messagesOf(again)).toEqual([
      `Legacy user 100006 was already imported as ${first.json<User>().id} with e-mail ${first.json<User>().email}: revert that import first or correct the legacy user's e-mail`,
    ]);
  });

  it('says the e-mails differ only in case only when they do', async () => {
    const email = uniqueEmail('same');
    const first = await importUser({ legacyId: 100_007, email });
    expect(first.statusCode, first.body).toBe(201);
    const same = await importUser({ legacyId: 100_008, email });
    expect(same.statusCode).toBe(409);
    expect(messagesOf(same)[0]).not.toContain('differ only in case');
    expect(messagesOf(same)[0]).toContain('two legacy users have the same e-mail');
    const cased = await importUser({ legacyId: 100_009, email: email.toUpperCase() });
    expect(cased.statusCode).toBe(409);
    expect(messagesOf(cased)[0]).toContain('differ only in case');
  });
});
