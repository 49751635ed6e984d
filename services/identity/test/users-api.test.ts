import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectServiceError, messagesOf } from '@pawfresh/testing';
import {
  createUser,
  refresh,
  session,
  signIn,
  uniqueEmail,
  useIdentity,
  type User,
} from './harness.js';

const h = useIdentity();

describe('POST /identity/users', () => {
  it('creates a customer, lower-casing the e-mail and keeping no password in the answer', async () => {
    const email = uniqueEmail('New.Person');
    const res = await h.call('POST', '/identity/users', {
      email: `  ${email.toUpperCase()} `,
      password: 'secret1',
      firstName: 'Nova',
      lastName: 'Person',
      phoneNumber: '0412 345 678',
    });
    expect(res.statusCode).toBe(201);
    const user = res.json<User>();
    expect(user).toEqual({
      id: expect.any(String),
      email: email.toLowerCase(),
      firstName: 'Nova',
      lastName: 'Person',
      phoneNumber: '0412345678',
      role: 'customer',
      createdAt: '2026-03-02T09:00:00.000Z',
      updatedAt: '2026-03-02T09:00:00.000Z',
    });
    expect(res.body).not.toContain('secret1');
    expect(res.body).not.toContain('argon2');
    expect((await signIn(h.app, email.toLowerCase(), 'secret1')).statusCode).toBe(201);
  });

  it('creates staff and admins when asked', async () => {
    const staff = await createUser(h.app, { role: 'support' });
    expect(staff.role).toBe('support');
    const admin = await createUser(h.app, { role: 'admin', phoneNumber: null });
    expect(admin).toMatchObject({ role: 'admin', phoneNumber: null });
  });

  it('lets only admins and service callers create users (other staff use the staff API)', async () => {
    const staff = await createUser(h.app, { role: 'support' });
    const admin = await createUser(h.app, { role: 'admin' });
    const asStaff = {
      authorization: `Bearer ${(await session(h.app, staff.email, staff.password)).accessToken}`,
    };
    const asAdmin = {
      authorization: `Bearer ${(await session(h.app, admin.email, admin.password)).accessToken}`,
    };
    const body = (role: string) => ({
      email: uniqueEmail(role),
      password: 'secret1',
      firstName: 'New',
      lastName: 'Hire',
      role,
    });
    for (const role of ['support', 'operations', 'marketing', 'admin']) {
      const refused = await h.call('POST', '/identity/users', body(role), asStaff);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        message:
          'Staff act through the staff API (/api/staff/v1): this service answers only other services and admins',
        error: 'Forbidden',
        statusCode: 403,
      });
      expect((await h.call('POST', '/identity/users', body(role), asAdmin)).statusCode).toBe(201);
    }
    expect((await h.call('POST', '/identity/users', body('customer'), asStaff)).statusCode).toBe(
      403,
    );
  });

  it('refuses an e-mail that is taken, whatever its case, with a 409', async () => {
    const existing = await createUser(h.app);
    const res = await h.call('POST', '/identity/users', {
      email: existing.email.toUpperCase(),
      password: 'another1',
      firstName: 'Copy',
      lastName: 'Cat',
    });
    expectServiceError(res, 409, 'An account with this email already exists', 'conflict');
  });

  it('lets only one of two simultaneous sign-ups with one e-mail through', async () => {
    const email = uniqueEmail('race');
    const body = { email, password: 'secret1', firstName: 'Ra', lastName: 'Ce' };
    const answers = await Promise.all([
      h.call('POST', '/identity/users', body),
      h.call('POST', '/identity/users', body),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('answers bad input with the contract’s messages', async () => {
    const base = { email: uniqueEmail(), password: 'secret1', firstName: 'A', lastName: 'B' };
    const cases: [Record<string, unknown>, string[]][] = [
      [{ ...base, phoneNumber: '0112345678' }, ['Invalid Australian phone number']],
      [{ ...base, password: 'short' }, ['Password must be at least 6 characters long']],
      [{ ...base, email: 'not-an-email' }, ['Enter a valid email address']],
      [{ ...base, firstName: '  ' }, ['firstName is required']],
      [
        { ...base, role: 'owner' },
        ['role must be one of: customer, support, operations, marketing, admin'],
      ],
      [{ ...base, isAdmin: true }, ['Unknown field: isAdmin']],
      [{ password: 'secret1', firstName: 'A', lastName: 'B' }, ['email is required']],
    ];
    for (const [body, message] of cases) {
      const res = await h.call('POST', '/identity/users', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, message });
    }
  });
});

describe('GET /identity/users/{userId}', () => {
  it('returns the user', async () => {
    const user = await createUser(h.app, { phoneNumber: '+61298765432' });
    const res = await h.call('GET', `/identity/users/${user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      email: user.email,
      phoneNumber: '+61298765432',
    });
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    const missing = await h.call('GET', '/identity/users/3f0b8a57-2c7e-4d5b-9a41-6f1e2d3c4b5a');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      message: 'User 3f0b8a57-2c7e-4d5b-9a41-6f1e2d3c4b5a not found',
    });
    const malformed = await h.call('GET', '/identity/users/42');
    expect(malformed.statusCode).toBe(400);
    expect(messagesOf(malformed)).toEqual(['userId must be a valid UUID']);
  });
});

describe('GET /identity/users/check-email', () => {
  it('tells whether an e-mail is taken, whatever its case', async () => {
    const user = await createUser(h.app);
    const taken = await h.call(
      'GET',
      `/identity/users/check-email?email=${encodeURIComponent(user.email.toUpperCase())}`,
    );
    expect(taken.json()).toEqual({ isTaken: true });
    const free = await h.call('GET', `/identity/users/check-email?email=${uniqueEmail()}`);
    expect(free.json()).toEqual({ isTaken: false });
  });

  it('answers a malformed or missing e-mail with a 400', async () => {
    const bad = await h.call('GET', '/identity/users/check-email?email=nope');
    expect(bad.statusCode).toBe(400);
    expect(messagesOf(bad)).toEqual(['Enter a valid email address']);
    const missing = await h.call('GET', '/identity/users/check-email');
    expect(missing.statusCode).toBe(400);
    expect(messagesOf(missing)).toEqual(['email is required']);
  });
});

describe('PATCH /identity/users/{userId}', () => {
  it('changes names, e-mail and phone, and clears the phone with null', async () => {
    const user = await createUser(h.app, { phoneNumber: '0412345678' });
    h.clock.advance(60_000);
    const email = uniqueEmail('Moved');
    const res = await h.call('PATCH', `/identity/users/${user.id}`, {
      firstName: 'Joanne',
      email,
      phoneNumber: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<User>()).toMatchObject({
      firstName: 'Joanne',
      lastName: 'Bloggs',
      email: email.toLowerCase(),
      phoneNumber: null,
      createdAt: user.createdAt,
    });
    expect(res.json<User>().updatedAt).not.toBe(user.updatedAt);
    const kept = await h.call('PATCH', `/identity/users/${user.id}`, { lastName: 'Smith' });
    expect(kept.json<User>()).toMatchObject({
      firstName: 'Joanne',
      lastName: 'Smith',
      phoneNumber: null,
    });
  });

  it('keeps everything when the body is empty, and allows the user’s own e-mail again', async () => {
    const user = await createUser(h.app);
    const same = await h.call('PATCH', `/identity/users/${user.id}`, { email: user.email });
    expect(same.statusCode).toBe(200);
    const empty = await h.call('PATCH', `/identity/users/${user.id}`, {});
    expect(empty.json()).toMatchObject({ email: user.email, firstName: 'Jo' });
  });

  it('refuses another user’s e-mail with the same 409', async () => {
    const a = await createUser(h.app);
    const b = await createUser(h.app);
    const res = await h.call('PATCH', `/identity/users/${b.id}`, {
      email: a.email.toUpperCase(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'An account with this email already exists' });
    expect((await h.call('GET', `/identity/users/${b.id}`)).json().email).toBe(b.email);
  });

  it('answers bad input with a 400 and an unknown user with a 404', async () => {
    const user = await createUser(h.app);
    const phone = await h.call('PATCH', `/identity/users/${user.id}`, {
      phoneNumber: '12345',
    });
    expect(phone.statusCode).toBe(400);
    expect(messagesOf(phone)).toEqual(['Invalid Australian phone number']);
    const password = await h.call('PATCH', `/identity/users/${user.id}`, { password: 'abc' });
    expect(messagesOf(password)).toEqual(['Password must be at least 6 characters long']);
    const unknown = await h.call('PATCH', `/identity/users/${user.id}`, { role: 'admin' });
    expect(messagesOf(unknown)).toEqual(['Unknown field: role']);
    const missing = await h.call('PATCH', '/identity/users/0d6f2f4e-8a3b-4c1d-9e7f-1a2b3c4d5e6f', {
      firstName: 'Nobody',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      message: 'User 0d6f2f4e-8a3b-4c1d-9e7f-1a2b3c4d5e6f not found',
    });
  });

  it('a new password works at once and signs out every session', async () => {
    const user = await createUser(h.app);
    const phone = await session(h.app, user.email, user.password);
    const laptop = await session(h.app, user.email, user.password);
    const res = await h.call('PATCH', `/identity/users/${user.id}`, { password: 'brand new' });
    expect(res.statusCode).toBe(200);
    expect((await refresh(h.app, phone.refreshToken)).statusCode).toBe(401);
    expect((await refresh(h.app, laptop.refreshToken)).statusCode).toBe(401);
    expect((await signIn(h.app, user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(h.app, user.email, 'brand new')).statusCode).toBe(201);
  });
});

describe('POST /identity/users/{userId}/password', () => {
  const change = (userId: string, body: unknown, headers?: Record<string, string>) =>
    h.call('POST', `/identity/users/${userId}/password`, body, headers);

  it('changes the password given the current one, and signs out the other sessions', async () => {
    const user = await createUser(h.app);
    const other = await session(h.app, user.email, user.password);
    const res = await change(user.id, { previousPassword: user.password, password: 'next pass' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ user: { id: user.id }, refreshToken: expect.any(String) });
    expect((await refresh(h.app, other.refreshToken)).statusCode).toBe(401);
    expect((await refresh(h.app, res.json().refreshToken)).statusCode).toBe(201);
    expect((await signIn(h.app, user.email, 'next pass')).statusCode).toBe(201);
  });

  it('gives a signed-in admin changing their own password a new session for this device', async () => {
    const staff = await createUser(h.app, { role: 'admin' });
    const mine = await session(h.app, staff.email, staff.password);
    const elsewhere = await session(h.app, staff.email, staff.password);
    const res = await change(
      staff.id,
      { previousPassword: staff.password, password: 'staff pass 2' },
      { authorization: `Bearer ${mine.accessToken}` },
    );
    expect(res.statusCode).toBe(201);
    expect((await refresh(h.app, res.json().refreshToken)).statusCode).toBe(201);
    expect((await refresh(h.app, mine.refreshToken)).statusCode).toBe(401);
    expect((await refresh(h.app, elsewhere.refreshToken)).statusCode).toBe(401);
  });

  it('is not a sign-in: a throttled address still changes the password and gets a session', async () => {
    const user = await createUser(h.app);
    for (let i = 0; i < 20; i++) {
      const res = await h.call('POST', '/identity/sessions', {
        email: `someone${i}@example.com`,
        password: 'wrong one',
        clientIp: '198.51.100.4',
      });
      expect(res.statusCode).toBe(401);
    }
    const limited = await h.call('POST', '/identity/sessions', {
      email: user.email,
      password: user.password,
      clientIp: '198.51.100.4',
    });
    expect(limited.statusCode).toBe(429);
    const res = await change(user.id, { previousPassword: user.password, password: 'next pass' });
    expect(res.statusCode).toBe(201);
    expect((await refresh(h.app, res.json().refreshToken)).statusCode).toBe(201);
  });

  it('answers a wrong current password with a 401 and changes nothing', async () => {
    const user = await createUser(h.app);
    const res = await change(user.id, { previousPassword: 'not it', password: 'next pass' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'The current password is incorrect' });
    expect((await signIn(h.app, user.email, user.password)).statusCode).toBe(201);
  });

  it('answers bad input with a 400 and an unknown user with a 404', async () => {
    const user = await createUser(h.app);
    const short = await change(user.id, { previousPassword: user.password, password: '123' });
    expect(short.statusCode).toBe(400);
    expect(messagesOf(short)).toEqual(['Password must be at least 6 characters long']);
    const missing = await change(user.id, { password: 'long enough' });
    expect(messagesOf(missing)).toEqual(['previousPassword is required']);
    const unknown = await change('0d6f2f4e-8a3b-4c1d-9e7f-1a2b3c4d5e6f', {
      previousPassword: 'whatever',
      password: 'long enough',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /identity/users?email=', () => {
  it('finds the user with an e-mail, whatever its case, and nobody for an unknown one', async () => {
    const user = await createUser(h.app);
    const found = await h.call('GET', `/identity/users?email=${user.email.toUpperCase()}`);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ data: [expect.objectContaining({ id: user.id })] });
    const none = await h.call('GET', `/identity/users?email=${uniqueEmail('nobody')}`);
    expect(none.json()).toEqual({ data: [] });
    expect((await h.call('GET', '/identity/users?email=not-an-email')).statusCode).toBe(400);
  });
});

describe('GET /identity/users/search', () => {
  it('finds people by the start of their e-mail, first, last or full name, or their phone', async () => {
    const tag = randomUUID().slice(0, 6);
    const user = await createUser(h.app, {
      email: uniqueEmail(`wombat${tag}`),
      firstName: `Wom${tag}`,
      lastName: `Bat${tag}`,
      phoneNumber: '(03) 9123 4567',
    });
    const ids = async (q: string) => {
      const res = await h.call('GET', `/identity/users/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: User[] }>().data.map((u) => u.id);
    };
    for (const q of [
      `WOMBAT${tag}`,
      `wom${tag}`,
      `bat${tag}`,
      `wom${tag} bat`,
      '0391234567',
      '+61 3 9123 4567',
    ]) {
      expect(await ids(q), q).toContain(user.id);
    }
    // Starts-with only, and LIKE's wildcards are plain characters.
    expect(await ids(`om${tag}`)).toEqual([]);
    expect(await ids(`%${tag}`)).toEqual([]);
    expect(await ids(`_om${tag}`)).toEqual([]);
    expect(await ids('91234567')).not.toContain(user.id);
  });

  it('answers a missing, blank or too long text with a 400', async () => {
    for (const q of ['', '?q=', '?q=%20', `?q=${'x'.repeat(201)}`, '?q=a&limit=101']) {
      const res = await h.call('GET', `/identity/users/search${q}`);
      expect(res.statusCode, q.slice(0, 30)).toBe(400);
      expect(messagesOf(res).length).toBeGreaterThan(0);
    }
  });
});
