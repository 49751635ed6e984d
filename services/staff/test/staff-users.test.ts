import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StaffUser, User } from '@pawfresh/contracts/identity';
import { unstorableTextMessage } from '@pawfresh/kit';
import { callJson, messagesOf } from '@pawfresh/testing';
import {
  customer,
  expectOnlyStaff,
  expectPermissionMatrix,
  timelineOf,
  useStaffApiAsEveryone,
  type Customer,
  type RouteCalls,
} from './harness.js';

/**
 * The users and roles page (issue 31 item 7) and the customer 360's account e-mails (item 5):
 * every role, a customer token and none, bad input, customers never made staff, the audit row
 * with the session's actor, a deactivated member's token and refresh refused, and the invitation
 * link end to end (choose a password, sign in).
 */
const { h, call, ids, as } = useStaffApiAsEveryone();
let jo: Customer;

beforeAll(async () => {
  jo = await customer(h);
}, 180_000);

const mailTo = async (email: string) => {
  const res = await callJson(
    h.apps.identity!,
    'GET',
    `/identity/dev/mailbox/messages?to=${encodeURIComponent(email)}`,
  );
  return res.json<{ subject: string; text: string }[]>();
};
const invite = async (role = 'support', by = as.admin) => {
  const email = `staff-${randomUUID().slice(0, 8)}@pawfresh.com.au`;
  const res = await call(
    'POST',
    '/users',
    { email, firstName: 'Nat', lastName: 'New', role, reason: 'Joined the support team' },
    by,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ user: StaffUser }>().user;
};
/** The invitation's link followed: the code from the e-mail, a password chosen on the staff API. */
const acceptInvitation = async (member: StaffUser, password = 'chosen pass 1') => {
  const [mail] = await mailTo(member.email);
  const link = /(\S*\/staff\/set-password\?\S+)/.exec(mail!.text)![1]!;
  const params = new URL(link).searchParams;
  const res = await call(
    'POST',
    '/password',
    { email: params.get('email'), code: params.get('code'), password },
    {},
  );
  expect(res.statusCode, res.body).toBe(204);
  return password;
};
const login = (email: string, password: string) => call('POST', '/login', { email, password }, {});
const memberNow = async (userId: string) =>
  (await callJson(h.apps.identity!, 'GET', `/identity/users/${userId}`)).json<User>();

const someone = randomUUID();
const harmless = (): RouteCalls => ({
  listStaffUsers: ['GET', '/users'],
  inviteStaffUser: ['POST', '/users', {}],
  changeStaffRole: ['POST', `/users/${someone}/role`, {}],
  deactivateStaffUser: ['POST', `/users/${someone}/deactivate`, {}],
  reactivateStaffUser: ['POST', `/users/${someone}/reactivate`, {}],
  sendPasswordReset: ['POST', `/customers/${someone}/password-reset`, {}],
  sendCardUpdateLink: ['POST', `/customers/${someone}/card-update-link`, {}],
});

describe('who may manage users and e-mail customers', () => {
  it('lets each role do what its permissions say, and answers the rest 403 naming the permission', async () => {
    await expectPermissionMatrix(call, as, harmless());
  });

  it('refuses a customer token (403) and no token (401)', async () => {
    await expectOnlyStaff(call, as, {
      ...harmless(),
      deactivateStaffUser: ['POST', `/users/${someone}/deactivate`, { reason: 'x' }],
      sendPasswordReset: ['POST', `/customers/${jo.user.id}/password-reset`, { reason: 'x' }],
    });
    expect(await mailTo(jo.user.email)).toEqual([]);
  });
});

describe('inviting, changing roles, deactivating', () => {
  it('invites a member who chooses a password from the e-mail and signs in; the audit row keeps the admin and the reason', async () => {
    const member = await invite('operations');
    expect(member).toMatchObject({ role: 'operations', status: 'invited' });
    const password = await acceptInvitation(member);
    const signedIn = await login(member.email, password);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ staff: { role: 'operations' } });
    const listed = await call('GET', `/users?q=${member.email}&status=active`, undefined, as.admin);
    expect(listed.json<{ data: StaffUser[] }>().data.map((u) => u.id)).toEqual([member.id]);
  });

  it('records each change with the session’s actor, before and after', async () => {
    const member = await invite('support');
    const res = await call(
      'POST',
      `/users/${member.id}/role`,
      { role: 'marketing', reason: 'Moved to marketing' },
      as.admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { user, audit } = res.json<{ user: StaffUser; audit: Record<string, unknown> }>();
    expect(user.role).toBe('marketing');
    expect(audit).toMatchObject({
      actor: { type: 'staff', userId: ids.admin, role: 'admin' },
      action: 'staff-user.change-role',
      permission: 'roles:manage',
      targetType: 'staff-user',
      targetId: member.id,
      customerId: null,
      before: { role: 'support' },
      after: { role: 'marketing' },
      reason: 'Moved to marketing',
    });
    expect((await memberNow(member.id)).role).toBe('marketing');
  });

  it('a deactivated member’s access token and refresh cookie stop working, and they cannot sign in', async () => {
    const member = await invite('support');
    const password = await acceptInvitation(member);
    const signedIn = await login(member.email, password);
    const token = {
      authorization: `Bearer ${signedIn.json<{ accessToken: string }>().accessToken}`,
    };
    const cookie = ([signedIn.headers['set-cookie'] ?? []].flat() as string[])
      .find((c) => c.startsWith('pawfresh_staff_refresh='))!
      .split(';')[0]!;
    expect((await call('GET', '/me', undefined, token)).statusCode).toBe(200);

    const res = await call(
      'POST',
      `/users/${member.id}/deactivate`,
      { reason: 'Left the business' },
      as.admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user: { status: 'deactivated' } });
    // Sessions are checked at most every SESSION_CHECK_SECONDS: past it, the token is refused.
    h.clock.advance(6_000);
    expect((await call('GET', '/me', undefined, token)).statusCode).toBe(401);
    expect((await call('POST', '/refresh', undefined, { cookie })).statusCode).toBe(401);
    expect((await login(member.email, password)).statusCode).toBe(401);

    const back = await call(
      'POST',
      `/users/${member.id}/reactivate`,
      { reason: 'Came back' },
      as.admin,
    );
    expect(back.json()).toMatchObject({ user: { status: 'active' } });
    expect((await login(member.email, password)).statusCode).toBe(200);
  });

  it('refuses an admin deactivating themselves, and an admin role from a role without roles:manage', async () => {
    const own = await call(
      'POST',
      `/users/${ids.admin}/deactivate`,
      { reason: 'Testing' },
      as.admin,
    );
    expect(own.statusCode).toBe(409);
    expect(messagesOf(own)[0]).toMatch(/^You cannot deactivate your own account/);
  });

  it('never makes a customer staff: their e-mail is a 409, their id a 404, and they stay a customer', async () => {
    const byEmail = await call(
      'POST',
      '/users',
      { email: jo.user.email, firstName: 'Jo', lastName: 'T', role: 'admin', reason: 'x' },
      as.admin,
    );
    expect(byEmail.statusCode).toBe(409);
    const role = await call(
      'POST',
      `/users/${jo.user.id}/role`,
      { role: 'admin', reason: 'x' },
      as.admin,
    );
    expect(role.statusCode).toBe(404);
    const off = await call('POST', `/users/${jo.user.id}/deactivate`, { reason: 'x' }, as.admin);
    expect(off.statusCode).toBe(404);
    expect((await memberNow(jo.user.id)).role).toBe('customer');
    const listed = await call('GET', `/users?q=${jo.user.email}`, undefined, as.admin);
    expect(listed.json()).toMatchObject({ data: [], meta: { total: 0 } });
  });
});

describe('bad input', () => {
  it('answers wrong types, unknown fields, NUL bytes, lone surrogates and 100k strings 400, changing nothing', async () => {
    const member = await invite('support');
    const good: Record<string, [url: string, body: Record<string, unknown>]> = {
      inviteStaffUser: [
        '/users',
        {
          email: 'new@pawfresh.com.au',
          firstName: 'A',
          lastName: 'B',
          role: 'support',
          reason: 'r',
        },
      ],
      changeStaffRole: [`/users/${member.id}/role`, { role: 'marketing', reason: 'r' }],
      deactivateStaffUser: [`/users/${member.id}/deactivate`, { reason: 'r' }],
      sendPasswordReset: [`/customers/${jo.user.id}/password-reset`, { reason: 'r' }],
      sendCardUpdateLink: [`/customers/${jo.user.id}/card-update-link`, { reason: 'r' }],
    };
    for (const [name, [url, body]] of Object.entries(good)) {
      const spoilt: [unknown, string | null][] = [
        [{ ...body, reason: undefined }, null],
        [{ ...body, reason: '  ' }, null],
        [{ ...body, reason: 'x'.repeat(100_000) }, 'reason must be 500 characters or less'],
        [{ ...body, reason: 'a\u0000b' }, unstorableTextMessage(['reason'])],
        [{ ...body, reason: 'a\uD800b' }, null],
        [{ ...body, createdBy: 'someone' }, 'Unknown field: createdBy'],
        [[body], 'Request must be a JSON object'],
      ];
      for (const [sent, message] of spoilt) {
        const res = await call('POST', url, sent, as.admin);
        expect(res.statusCode, `${name} ${JSON.stringify(sent).slice(0, 60)}`).toBe(400);
        expect(res.json()).toMatchObject({ error: 'Bad Request', statusCode: 400 });
        if (message) expect(messagesOf(res), name).toContain(message);
      }
    }
    const fields: [url: string, body: unknown, message: string][] = [
      [
        '/users',
        {
          email: 'x@pawfresh.com.au',
          firstName: 'A',
          lastName: 'B',
          role: 'customer',
          reason: 'r',
        },
        'role must be one of: support, operations, marketing, admin',
      ],
      [
        '/users',
        { email: 'not an email', firstName: 'A', lastName: 'B', role: 'support', reason: 'r' },
        'Enter a valid email address',
      ],
      [`/users/not-an-id/role`, { role: 'admin', reason: 'r' }, 'userId must be a valid UUID'],
    ];
    for (const [url, body, message] of fields) {
      const res = await call('POST', url, body, as.admin);
      expect(res.statusCode, url).toBe(400);
      expect(messagesOf(res).join(' '), url).toContain(message.split(' ')[0]!);
    }
    expect((await call('GET', '/users?status=gone', undefined, as.admin)).statusCode).toBe(400);
    expect((await call('GET', `/users?q=${'x'.repeat(201)}`, undefined, as.admin)).statusCode).toBe(
      400,
    );
    expect(await memberNow(member.id)).toMatchObject({ role: 'support' });
    expect(await mailTo(jo.user.email)).toEqual([]);
  });
});

describe("the customer 360's account e-mails", () => {
  it('sends identity’s reset e-mail and the card update link, each audited in the customer’s timeline', async () => {
    const reset = await call(
      'POST',
      `/customers/${jo.user.id}/password-reset`,
      { reason: 'Locked out, asked on the phone' },
      as.support,
    );
    expect(reset.statusCode, reset.body).toBe(202);
    expect(reset.json()).toMatchObject({
      sentTo: jo.user.email,
      audit: {
        actor: { userId: ids.support, role: 'support' },
        action: 'customer.send-password-reset',
        customerId: jo.user.id,
        reason: 'Locked out, asked on the phone',
      },
    });
    const card = await call(
      'POST',
      `/customers/${jo.user.id}/card-update-link`,
      { reason: 'Card expired' },
      as.support,
    );
    expect(card.statusCode, card.body).toBe(202);
    const mails = await mailTo(jo.user.email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Reset your Pawfresh password',
      'Update the card for your Pawfresh deliveries',
    ]);
    expect(mails.find((m) => m.subject.startsWith('Update'))!.text).toContain(
      '/customer/account#cards',
    );
    const timeline = await timelineOf(call, as, jo.user.id);
    expect(timeline.data.map((e) => e.action)).toEqual(
      expect.arrayContaining(['customer.send-password-reset', 'customer.send-card-update-link']),
    );
  });

  it("a member of staff's id, or an unknown one, is a 404 and nobody is mailed", async () => {
    const member = await invite('support');
    const before = (await mailTo(member.email)).length;
    for (const id of [member.id, randomUUID()]) {
      for (const what of ['password-reset', 'card-update-link']) {
        const res = await call('POST', `/customers/${id}/${what}`, { reason: 'x' }, as.admin);
        expect(res.statusCode).toBe(404);
      }
    }
    expect((await mailTo(member.email)).length).toBe(before);
  });
});
