import { describe, expect, it } from 'vitest';
import { messagesOf } from '@pawfresh/testing';
import { SESSION_CHECK_SECONDS, verifyAccessToken } from '@pawfresh/kit';
import { TEST_ACCESS_TOKEN_SECRET } from '@pawfresh/testing';
import {
  createUser,
  MINUTE,
  refresh,
  session,
  type Session,
  signIn,
  uniqueEmail,
  useIdentity,
} from './harness.js';

const h = useIdentity();

const TOO_MANY = 'Too many attempts. Please wait 15 minutes and try again.';
const EXPIRED = 'Your session has expired. Please sign in again.';
/** The session family an access token names (its `sid` claim). */
const sessionIdOf = async (s: Session) => {
  const check = await verifyAccessToken(s.accessToken, TEST_ACCESS_TOKEN_SECRET, h.clock.now());
  if (!check.ok) throw new Error(`access token not valid: ${check.reason}`);
  return check.principal.sessionId;
};
const revoke = (refreshToken: string) =>
  h.call('POST', '/identity/sessions/revoke', { refreshToken });

describe('POST /identity/sessions', () => {
  it('signs in with any case of the e-mail: an access token with the role, and a refresh token', async () => {
    const user = await createUser(h.app, { role: 'support' });
    const res = await signIn(h.app, user.email.toUpperCase(), user.password);
    expect(res.statusCode).toBe(201);
    const s = res.json<Session>();
    expect(s.user).toMatchObject({ id: user.id, email: user.email, role: 'support' });
    expect(Date.parse(s.accessTokenExpiresAt) - h.clock.now().getTime()).toBe(15 * MINUTE);
    expect(Date.parse(s.refreshTokenExpiresAt) - h.clock.now().getTime()).toBe(
      30 * 24 * 60 * MINUTE,
    );
    expect(s.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const check = await verifyAccessToken(s.accessToken, TEST_ACCESS_TOKEN_SECRET, h.clock.now());
    expect(check).toEqual({
      ok: true,
      principal: { kind: 'user', userId: user.id, role: 'support', sessionId: expect.any(String) },
    });
    const later = new Date(h.clock.now().getTime() + 16 * MINUTE);
    expect(await verifyAccessToken(s.accessToken, TEST_ACCESS_TOKEN_SECRET, later)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('gives each sign-in its own session', async () => {
    const user = await createUser(h.app);
    const a = await session(h.app, user.email, user.password);
    const b = await session(h.app, user.email, user.password);
    expect(await sessionIdOf(a)).not.toBe(await sessionIdOf(b));
    expect(a.refreshToken).not.toBe(b.refreshToken);
  });

  it('answers a wrong password and an unknown e-mail with the same 401', async () => {
    const user = await createUser(h.app);
    const wrong = await signIn(h.app, user.email, 'not the password');
    const unknown = await signIn(h.app, uniqueEmail('nobody'), 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      message: 'Incorrect email or password',
      error: 'Unauthorized',
      statusCode: 401,
      type: 'unauthorized',
    });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers bad input with a 400', async () => {
    const bad = await h.call('POST', '/identity/sessions', { email: 'x', password: '' });
    expect(bad.statusCode).toBe(400);
    expect(messagesOf(bad)).toEqual(['Enter a valid email address', 'password must not be empty']);
    const extra = await h.call('POST', '/identity/sessions', {
      email: uniqueEmail(),
      password: 'x',
      remember: true,
    });
    expect(messagesOf(extra)).toEqual(['Unknown field: remember']);
  });
});

describe('sign-in limits', () => {
  it('allows five failures per account in 15 minutes, then 429 even with the right password', async () => {
    const user = await createUser(h.app);
    for (let i = 0; i < 5; i++) {
      h.clock.advance(MINUTE);
      expect((await signIn(h.app, user.email, `wrong ${i}`)).statusCode).toBe(401);
    }
    const limited = await signIn(h.app, user.email, user.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      message: TOO_MANY,
      error: 'Too Many Requests',
      statusCode: 429,
    });
    // Another account is not affected.
    const other = await createUser(h.app);
    expect((await signIn(h.app, other.email, other.password)).statusCode).toBe(201);
    // 15 minutes after the first failure, one attempt is free again.
    h.clock.advance(11 * MINUTE);
    expect((await signIn(h.app, user.email, user.password)).statusCode).toBe(201);
  });

  it('limits unknown e-mails the same way, so a 429 does not reveal accounts', async () => {
    const nobody = uniqueEmail('nobody');
    for (let i = 0; i < 5; i++) {
      expect((await signIn(h.app, nobody, 'guess')).statusCode).toBe(401);
    }
    expect((await signIn(h.app, nobody, 'guess')).statusCode).toBe(429);
    h.clock.advance(15 * MINUTE);
  });

  it('a successful sign-in forgets the account’s earlier failures', async () => {
    const user = await createUser(h.app);
    for (let i = 0; i < 4; i++) await signIn(h.app, user.email, 'wrong');
    expect((await signIn(h.app, user.email, user.password)).statusCode).toBe(201);
    for (let i = 0; i < 4; i++) {
      expect((await signIn(h.app, user.email, 'wrong')).statusCode).toBe(401);
    }
    expect((await signIn(h.app, user.email, user.password)).statusCode).toBe(201);
  });

  it('allows twenty failures per client address in 15 minutes, across accounts', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 20; i++) {
      expect((await signIn(h.app, uniqueEmail('spray'), 'guess', ip)).statusCode).toBe(401);
    }
    const user = await createUser(h.app);
    expect((await signIn(h.app, user.email, user.password, ip)).statusCode).toBe(429);
    expect((await signIn(h.app, user.email, user.password, '203.0.113.8')).statusCode).toBe(201);
    h.clock.advance(15 * MINUTE);
    expect((await signIn(h.app, user.email, user.password, ip)).statusCode).toBe(201);
  });

  it('successful sign-ins from an address do not count against it', async () => {
    const ip = '198.51.100.20';
    const user = await createUser(h.app);
    for (let i = 0; i < 25; i++) {
      expect((await signIn(h.app, user.email, user.password, ip)).statusCode).toBe(201);
    }
  });

  it('lets at most five of many simultaneous wrong guesses through to a password check', async () => {
    const user = await createUser(h.app);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => signIn(h.app, user.email, `guess ${i}`)),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    h.clock.advance(15 * MINUTE);
  });
});

describe('POST /identity/sessions/refresh', () => {
  it('rotates the token: a new pair, same session, and the old token stops working', async () => {
    const user = await createUser(h.app);
    const first = await session(h.app, user.email, user.password);
    h.clock.advance(10 * MINUTE);
    const res = await refresh(h.app, first.refreshToken);
    expect(res.statusCode).toBe(201);
    const second = res.json<Session>();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.user.id).toBe(user.id);
    expect(await sessionIdOf(second)).toBe(await sessionIdOf(first));
    expect(Date.parse(second.accessTokenExpiresAt)).toBe(h.clock.now().getTime() + 15 * MINUTE);
    // The next rotation from the new token works.
    expect((await refresh(h.app, second.refreshToken)).statusCode).toBe(201);
  });

  it('treats a token used twice as stolen: the whole session ends, newer tokens too', async () => {
    const user = await createUser(h.app);
    const first = await session(h.app, user.email, user.password);
    const second = (await refresh(h.app, first.refreshToken)).json<Session>();
    const reuse = await refresh(h.app, first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ message: EXPIRED });
    const newer = await refresh(h.app, second.refreshToken);
    expect(newer.statusCode).toBe(401);
    expect(newer.json()).toMatchObject({ message: EXPIRED });
    // Other sessions of the same user are left alone.
    const other = await session(h.app, user.email, user.password);
    expect((await refresh(h.app, other.refreshToken)).statusCode).toBe(201);
  });

  it('of two simultaneous refreshes with one token, exactly one succeeds', async () => {
    const user = await createUser(h.app);
    const s = await session(h.app, user.email, user.password);
    const answers = await Promise.all([
      refresh(h.app, s.refreshToken),
      refresh(h.app, s.refreshToken),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 401]);
  });

  it('refuses unknown and expired tokens with the same 401', async () => {
    const unknown = await refresh(h.app, 'not-a-token-we-ever-issued');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ message: EXPIRED });
    const user = await createUser(h.app);
    const s = await session(h.app, user.email, user.password);
    h.clock.advance(30 * 24 * 60 * MINUTE);
    const expired = await refresh(h.app, s.refreshToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ message: EXPIRED });
  });

  it('keeps a session alive while it is refreshed within 30 days', async () => {
    const user = await createUser(h.app);
    let token = (await session(h.app, user.email, user.password)).refreshToken;
    for (let i = 0; i < 3; i++) {
      h.clock.advance(29 * 24 * 60 * MINUTE);
      const res = await refresh(h.app, token);
      expect(res.statusCode).toBe(201);
      token = res.json<Session>().refreshToken;
    }
  });

  it('answers bad input with a 400', async () => {
    const empty = await h.call('POST', '/identity/sessions/refresh', { refreshToken: '' });
    expect(empty.statusCode).toBe(400);
    expect(messagesOf(empty)).toEqual(['refreshToken must not be empty']);
    const missing = await h.call('POST', '/identity/sessions/refresh', {});
    expect(messagesOf(missing)).toEqual(['refreshToken is required']);
  });
});

describe('POST /identity/sessions/revoke', () => {
  it('signs out the session: its tokens stop working, other sessions do not', async () => {
    const user = await createUser(h.app);
    const a = await session(h.app, user.email, user.password);
    const b = await session(h.app, user.email, user.password);
    const a2 = (await refresh(h.app, a.refreshToken)).json<Session>();
    const res = await revoke(a.refreshToken);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await refresh(h.app, a2.refreshToken)).statusCode).toBe(401);
    expect((await refresh(h.app, b.refreshToken)).statusCode).toBe(201);
  });

  it('refuses the access token of a revoked session within seconds (SESSION_CHECK_SECONDS)', async () => {
    const staff = await createUser(h.app, { role: 'admin' });
    const s = await session(h.app, staff.email, staff.password);
    const asStaff = () =>
      h.call('GET', `/identity/users/${staff.id}`, undefined, {
        authorization: `Bearer ${s.accessToken}`,
      });
    expect((await asStaff()).statusCode).toBe(200);
    expect((await revoke(s.refreshToken)).statusCode).toBe(204);
    h.clock.advance(SESSION_CHECK_SECONDS * 1000);
    const after = await asStaff();
    expect(after.statusCode).toBe(401);
    expect(messagesOf(after)).toEqual(['Your session has ended. Please sign in again.']);
  });

  it('is idempotent: an unknown or already revoked token answers 204', async () => {
    expect((await revoke('never-issued')).statusCode).toBe(204);
    const user = await createUser(h.app);
    const s = await session(h.app, user.email, user.password);
    expect((await revoke(s.refreshToken)).statusCode).toBe(204);
    expect((await revoke(s.refreshToken)).statusCode).toBe(204);
  });

  it('answers bad input with a 400', async () => {
    const res = await h.call('POST', '/identity/sessions/revoke', { refreshToken: 5 });
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)).toEqual(['refreshToken must be a string']);
  });
});
