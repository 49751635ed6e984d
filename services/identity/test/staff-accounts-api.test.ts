import { describe, expect, it } from 'vitest';
import type { StaffUser } from '@pawfresh/contracts/identity';

interface Mail {
  subject: string;
  text: string;
}
import { messagesOf } from '@pawfresh/testing';
import { createUser, refresh, session, signIn, uniqueEmail, useIdentity } from './harness.js';

/**
 * Staff accounts (docs/staff.md "Users and roles"): invitations by e-mail, role changes,
 * deactivation and the last-admin rule, as identity keeps them. The staff API's routes over them
 * are tested in services/staff/test/staff-users.test.ts.
 */
const h = useIdentity();

const invite = (body: Record<string, unknown>) => h.call('POST', '/identity/staff', body);
const invited = async (role = 'support') => {
  const res = await invite({
    email: uniqueEmail('staff'),
    firstName: 'Sam',
    lastName: 'New',
    role,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StaffUser>();
};
const codeMailedTo = async (email: string) => {
  const res = await h.call('GET', `/identity/dev/mailbox/messages?to=${encodeURIComponent(email)}`);
  const [mail] = res.json<Mail[]>();
  return { mail, code: /Your code is: (\d{6})/.exec(mail?.text ?? '')?.[1] };
};
const choosePassword = async (email: string, password = 'staff password 1') => {
  const { code } = await codeMailedTo(email);
  const res = await h.call('POST', '/identity/password-resets/confirm', { email, code, password });
  expect(res.statusCode, res.body).toBe(204);
  return password;
};
/** An admin who can sign in (so the last-admin rule has someone to count). */
const activeAdmin = async () => {
  const admin = await invited('admin');
  return { ...admin, password: await choosePassword(admin.email) };
};

describe('inviting a member of staff', () => {
  it('opens an account with no password and mails a link to the back office to choose one', async () => {
    const member = await invited('operations');
    expect(member).toMatchObject({ role: 'operations', status: 'invited', deactivatedAt: null });
    const { mail, code } = await codeMailedTo(member.email);
    expect(mail?.subject).toBe('You have been invited to the Pawfresh back office');
    expect(mail?.text).toContain(
      `/staff/set-password?code=${code}&email=${encodeURIComponent(member.email)}`,
    );
    expect((await signIn(h.app, member.email, '')).statusCode).toBe(400);
    const password = await choosePassword(member.email);
    const signedIn = await session(h.app, member.email, password);
    expect(signedIn.user.role).toBe('operations');
    const listed = await h.call('GET', `/identity/staff?q=${encodeURIComponent(member.email)}`);
    expect(listed.json<{ data: StaffUser[] }>().data).toEqual([
      expect.objectContaining({ id: member.id, status: 'active' }),
    ]);
  });

  it("refuses an e-mail that is anyone's already (409): a customer is never made staff", async () => {
    const customer = await createUser(h.app);
    const res = await invite({
      email: customer.email,
      firstName: 'A',
      lastName: 'B',
      role: 'admin',
    });
    expect(res.statusCode).toBe(409);
    expect((await h.call('GET', `/identity/users/${customer.id}`)).json()).toMatchObject({
      role: 'customer',
    });
  });

  it('invites again someone who has not chosen a password: a new link, the old one dead, the name and role given now', async () => {
    const member = await invited('support');
    const { code: first } = await codeMailedTo(member.email);
    const again = await invite({
      email: member.email.toUpperCase(),
      firstName: 'Samantha',
      lastName: 'New',
      role: 'operations',
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<StaffUser>()).toMatchObject({
      id: member.id,
      firstName: 'Samantha',
      role: 'operations',
      status: 'invited',
    });
    const mails = (
      await h.call('GET', `/identity/dev/mailbox/messages?to=${encodeURIComponent(member.email)}`)
    ).json<Mail[]>();
    expect(mails).toHaveLength(2);
    const codes = mails.map((m) => /Your code is: (\d{6})/.exec(m.text)?.[1]);
    const second = codes.find((c) => c !== first)!;
    expect(second).toBeDefined();
    const confirm = (code: string) =>
      h.call('POST', '/identity/password-resets/confirm', {
        email: member.email,
        code,
        password: 'staff password 1',
      });
    expect((await confirm(first!)).statusCode).toBe(401);
    expect((await confirm(second)).statusCode).toBe(204);
    // Signed up now: another invitation is refused, and the account is left as it is.
    const late = await invite({
      email: member.email,
      firstName: 'X',
      lastName: 'Y',
      role: 'admin',
    });
    expect(late.statusCode).toBe(409);
    const signedIn = await session(h.app, member.email, 'staff password 1');
    expect(signedIn.user).toMatchObject({ role: 'operations', firstName: 'Samantha' });
  });

  it('refuses a customer role, unknown fields and unstorable text (400)', async () => {
    for (const body of [
      { email: uniqueEmail(), firstName: 'A', lastName: 'B', role: 'customer' },
      { email: uniqueEmail(), firstName: 'A', lastName: 'B', role: 'support', password: 'x' },
      { email: uniqueEmail(), firstName: 'A\u0000', lastName: 'B', role: 'support' },
    ]) {
      const res = await invite(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      messagesOf(
        await invite({ email: uniqueEmail(), firstName: 'A', lastName: 'B', role: 'customer' }),
      ),
    ).toContain('role must be one of: support, operations, marketing, admin');
  });
});

describe('roles and deactivation', () => {
  it("a customer's id is not staff (404), and stays a customer", async () => {
    const customer = await createUser(h.app);
    for (const [url, body] of [
      [`/identity/staff/${customer.id}/role`, { role: 'admin' }],
      [`/identity/staff/${customer.id}/deactivate`, undefined],
    ] as const) {
      const res = await h.call(url.endsWith('role') ? 'PUT' : 'POST', url, body);
      expect(res.statusCode).toBe(404);
    }
    expect((await session(h.app, customer.email, customer.password)).user.role).toBe('customer');
  });

  it('deactivating ends every session and refresh token and refuses sign-in; reactivating lets them in again', async () => {
    const member = await invited('support');
    const password = await choosePassword(member.email);
    const live = await session(h.app, member.email, password);
    const deactivated = await h.call('POST', `/identity/staff/${member.id}/deactivate`);
    expect(deactivated.json()).toMatchObject({ status: 'deactivated' });
    const { sid } = JSON.parse(
      Buffer.from(live.accessToken.split('.')[1]!, 'base64url').toString(),
    ) as { sid: string };
    const status = await h.call('GET', `/identity/sessions/${sid}/status`);
    expect(status.json()).toEqual({ live: false });
    expect((await refresh(h.app, live.refreshToken)).statusCode).toBe(401);
    const refused = await signIn(h.app, member.email, password);
    expect(refused.statusCode).toBe(401);
    expect(messagesOf(refused)).toEqual(['Incorrect email or password']);
    // No reset code for a deactivated account.
    await h.call('POST', '/identity/password-resets', { email: member.email });
    expect((await codeMailedTo(member.email)).mail?.subject).not.toBe(
      'Reset your Pawfresh password',
    );

    const back = await h.call('POST', `/identity/staff/${member.id}/reactivate`);
    expect(back.json()).toMatchObject({ status: 'active', deactivatedAt: null });
    expect((await signIn(h.app, member.email, password)).statusCode).toBe(201);
  });

  it('a new role ends the sessions of the old one', async () => {
    const support = await invited('support');
    const member = { ...support, password: await choosePassword(support.email) };
    const live = await session(h.app, member.email, member.password);
    const res = await h.call('PUT', `/identity/staff/${member.id}/role`, { role: 'marketing' });
    expect(res.json()).toMatchObject({ role: 'marketing' });
    expect((await refresh(h.app, live.refreshToken)).statusCode).toBe(401);
    expect((await session(h.app, member.email, member.password)).user.role).toBe('marketing');
  });

  it('never leaves no active admin: the last one cannot be demoted or deactivated (409)', async () => {
    const first = await activeAdmin();
    const second = await activeAdmin();
    // An invited admin who has not chosen a password is not counted.
    await invited('admin');
    // Every other admin out of the way, so `first` and `second` are the only active ones.
    const admins = await h.call('GET', '/identity/staff?role=admin&status=active&limit=100');
    for (const other of admins.json<{ data: StaffUser[] }>().data) {
      if (other.id !== first.id && other.id !== second.id) {
        await h.call('POST', `/identity/staff/${other.id}/deactivate`);
      }
    }
    const demoted = await h.call('PUT', `/identity/staff/${second.id}/role`, { role: 'support' });
    expect(demoted.statusCode).toBe(200);
    for (const [method, url, body] of [
      ['PUT', `/identity/staff/${first.id}/role`, { role: 'support' }],
      ['POST', `/identity/staff/${first.id}/deactivate`, undefined],
    ] as const) {
      const res = await h.call(method, url, body);
      expect(res.statusCode).toBe(409);
      expect(messagesOf(res)[0]).toMatch(/^This is the last active admin/);
    }
    expect((await session(h.app, first.email, first.password)).user.role).toBe('admin');
  });

  it('lists staff only, filtered by role and status, paged', async () => {
    const customer = await createUser(h.app, { lastName: 'Aaronson' });
    const member = await invited('marketing');
    const res = await h.call('GET', '/identity/staff?role=marketing&status=invited&limit=100');
    const page = res.json<{ data: StaffUser[]; meta: { total: number } }>();
    expect(page.data.map((u) => u.id)).toContain(member.id);
    expect(page.data.every((u) => u.role === 'marketing' && u.status === 'invited')).toBe(true);
    expect(page.meta.total).toBe(page.data.length);
    const all = await h.call('GET', '/identity/staff?limit=100');
    expect(all.json<{ data: StaffUser[] }>().data.map((u) => u.id)).not.toContain(customer.id);
    expect((await h.call('GET', '/identity/staff?status=gone')).statusCode).toBe(400);
  });
});
