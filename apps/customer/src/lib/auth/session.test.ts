import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { makeAccessToken } from '../../testing/fake-api';
import { getTokenExpiry } from './access-token';
import {
  createSession,
  REFRESH_BEFORE_EXPIRY_MS,
  TOKEN_CHECK_INTERVAL_MS,
  type Session,
} from './session';

const MINUTE = 60_000;

/** A token that expires `ms` from now. */
const tokenExpiringIn = (ms: number) => makeAccessToken(Date.now() + ms);

let requestAccessToken: ReturnType<typeof vi.fn<() => Promise<string>>>;
let session: Session;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-03-01T00:00:00Z'));
  requestAccessToken = vi.fn<() => Promise<string>>();
  session = createSession({ requestAccessToken });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('getTokenExpiry', () => {
  it("reads the JWT payload's exp claim (base64url) as epoch milliseconds", () => {
    const expiresAt = Date.UTC(2025, 2, 1, 0, 15);
    expect(getTokenExpiry(makeAccessToken(expiresAt))).toBe(expiresAt);
  });

  it('answers null for anything that is not a JWT with a numeric exp', () => {
    expect(getTokenExpiry('not-a-jwt')).toBeNull();
    expect(getTokenExpiry('a.%%%.c')).toBeNull();
    expect(getTokenExpiry(`a.${btoa(JSON.stringify({ exp: 'soon' }))}.c`)).toBeNull();
  });
});

describe('session rules (customer-app.md §4, §9)', () => {
  it('checks at most every 60 seconds and refreshes within 2 minutes of expiry', () => {
    expect(TOKEN_CHECK_INTERVAL_MS).toBe(60_000);
    expect(REFRESH_BEFORE_EXPIRY_MS).toBe(120_000);
  });

  it('starts signed out and gets a token from the refresh cookie on the first check', async () => {
    const token = tokenExpiringIn(15 * MINUTE);
    requestAccessToken.mockResolvedValue(token);
    expect(session.isAuthenticated()).toBe(false);

    await expect(session.ensureFresh()).resolves.toBe(true);

    expect(requestAccessToken).toHaveBeenCalledOnce();
    expect(session.getAccessToken()).toBe(token);
  });

  it('does not refresh a token with more than 2 minutes left', async () => {
    session.signIn(tokenExpiringIn(10 * MINUTE));
    vi.advanceTimersByTime(TOKEN_CHECK_INTERVAL_MS);

    await expect(session.ensureFresh()).resolves.toBe(true);

    expect(requestAccessToken).not.toHaveBeenCalled();
  });

  it('refreshes a token that expires within 2 minutes', async () => {
    session.signIn(tokenExpiringIn(3 * MINUTE + TOKEN_CHECK_INTERVAL_MS));
    const fresh = tokenExpiringIn(20 * MINUTE);
    requestAccessToken.mockResolvedValue(fresh);

    // One minute on, 3 minutes are left: no refresh.
    vi.advanceTimersByTime(TOKEN_CHECK_INTERVAL_MS);
    await session.ensureFresh();
    expect(requestAccessToken).not.toHaveBeenCalled();

    // Another minute on, exactly 2 minutes are left: refresh.
    vi.advanceTimersByTime(TOKEN_CHECK_INTERVAL_MS);
    await session.ensureFresh();
    expect(requestAccessToken).toHaveBeenCalledOnce();
    expect(session.getAccessToken()).toBe(fresh);
  });

  it('checks at most once a minute', async () => {
    session.signIn(tokenExpiringIn(2 * MINUTE + 30_000));
    requestAccessToken.mockResolvedValue(tokenExpiringIn(20 * MINUTE));

    // 59 s after signing in the token has 91 s left, but the last check was under a minute ago.
    vi.advanceTimersByTime(TOKEN_CHECK_INTERVAL_MS - 1000);
    await session.ensureFresh();
    await session.ensureFresh();
    expect(requestAccessToken).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1000);
    await session.ensureFresh();
    expect(requestAccessToken).toHaveBeenCalledOnce();

    // A minute has not passed since that check.
    vi.advanceTimersByTime(TOKEN_CHECK_INTERVAL_MS - 1);
    await session.ensureFresh();
    expect(requestAccessToken).toHaveBeenCalledOnce();
  });

  it('clears the token when the refresh fails, and treats the person as signed out', async () => {
    session.signIn(tokenExpiringIn(90_000));
    requestAccessToken.mockRejectedValue(new Error('401'));
    vi.advanceTimersByTime(TOKEN_CHECK_INTERVAL_MS);

    await expect(session.ensureFresh()).resolves.toBe(false);

    expect(session.getAccessToken()).toBeNull();
    expect(session.isAuthenticated()).toBe(false);
    // Not asked again within the minute.
    await session.ensureFresh();
    expect(requestAccessToken).toHaveBeenCalledOnce();
  });

  it('refreshes an expired token', async () => {
    session.signIn(tokenExpiringIn(30_000));
    requestAccessToken.mockResolvedValue(tokenExpiringIn(15 * MINUTE));
    vi.advanceTimersByTime(5 * MINUTE);

    await expect(session.ensureFresh()).resolves.toBe(true);
    expect(requestAccessToken).toHaveBeenCalledOnce();
  });

  it('sends one refresh at a time, shared by concurrent callers (the cookie rotates)', async () => {
    let finish: (token: string) => void = () => {};
    requestAccessToken.mockReturnValue(new Promise((resolve) => (finish = resolve)));

    const first = session.refresh();
    const second = session.refresh();
    const check = session.ensureFresh();
    finish('token-1');

    await expect(Promise.all([first, second, check])).resolves.toEqual([
      'token-1',
      'token-1',
      true,
    ]);
    expect(requestAccessToken).toHaveBeenCalledOnce();
  });

  it('does not let a refresh under way undo signing out', async () => {
    let finish: (token: string) => void = () => {};
    requestAccessToken.mockReturnValue(new Promise((resolve) => (finish = resolve)));

    const refreshing = session.refresh();
    session.clear();
    finish('token-1');
    await refreshing;

    expect(session.isAuthenticated()).toBe(false);
  });

  it('tells listeners when the session expires, but not when the person signs out', () => {
    const listener = vi.fn();
    const unsubscribe = session.onExpired(listener);
    session.signIn('token-1');

    session.clear();
    expect(listener).not.toHaveBeenCalled();

    session.signIn('token-2');
    session.expire();
    expect(listener).toHaveBeenCalledOnce();
    expect(session.isAuthenticated()).toBe(false);

    unsubscribe();
    session.expire();
    expect(listener).toHaveBeenCalledOnce();
  });

  it('gives each new session a new id, kept across refreshes', async () => {
    requestAccessToken.mockResolvedValue('token-2');
    session.signIn('token-1');
    const first = session.getSessionId();

    await session.refresh();
    expect(session.getSessionId()).toBe(first);

    session.clear();
    session.signIn('token-3');
    expect(session.getSessionId()).not.toBe(first);
  });
});

describe('sign-out waits for the calls that set the refresh cookie', () => {
  it('settles only once a tracked call (a password change) and a refresh under way have answered', async () => {
    let answerPasswordChange!: (value: string) => void;
    const passwordChange = session.track(
      new Promise<string>((resolve) => (answerPasswordChange = resolve)),
    );
    let answerRefresh!: (token: string) => void;
    requestAccessToken.mockReturnValue(new Promise((resolve) => (answerRefresh = resolve)));
    const refresh = session.refresh();

    let settled = false;
    const settling = session.settled().then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);

    answerPasswordChange('ok');
    await passwordChange;
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);

    answerRefresh(tokenExpiringIn(15 * MINUTE));
    await refresh;
    await settling;
    expect(settled).toBe(true);
  });

  it('settles at once when nothing is under way, and after a failed tracked call too', async () => {
    await expect(session.settled()).resolves.toBeUndefined();
    const failing = session.track(Promise.reject(new Error('refused')));
    await expect(failing).rejects.toThrow('refused');
    await expect(session.settled()).resolves.toBeUndefined();
  });
});
