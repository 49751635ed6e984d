import { afterEach, describe, expect, it, vi } from 'vitest';

import { makeAccessToken } from '../../testing/fake-api';
import {
  EARLY_DATA_PATHS,
  earlyRefreshScript,
  EARLY_REFRESH_URL,
  takeEarlyRefresh,
} from './early-refresh';
import { session } from './session';
import { SESSION_HINT_COOKIE } from './session-hint';

const answer = (token: string) =>
  Promise.resolve(
    new Response(JSON.stringify({ accessToken: token }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    }),
  );

afterEach(() => {
  delete window.__pawfreshEarlyRefresh;
  delete window.__pawfreshEarlyData;
});

describe('early refresh (index.html starts GET /refresh before the scripts arrive)', () => {
  it('starts GET /refresh with the cookie only on a browser that holds a session', async () => {
    const fetchMock = vi.fn(() => answer('t'));
    vi.stubGlobal('fetch', fetchMock);
    const run = () => new Function(earlyRefreshScript())();

    run();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.__pawfreshEarlyRefresh).toBeUndefined();

    document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
    run();
    expect(fetchMock).toHaveBeenCalledExactlyOnceWith(EARLY_REFRESH_URL, {
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    expect(window.__pawfreshEarlyRefresh).toBeInstanceOf(Promise);

    // Once it answers, the preload's calls start with its access token.
    await window.__pawfreshEarlyData;
    expect(fetchMock).toHaveBeenCalledTimes(1 + EARLY_DATA_PATHS.length);
    expect(fetchMock).toHaveBeenLastCalledWith(`/api/v1${EARLY_DATA_PATHS.at(-1)}`, {
      credentials: 'include',
      headers: { Accept: 'application/json', Authorization: 'Bearer t' },
    });
  });

  it('gives the first session check that answer, once, and no second call', async () => {
    document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
    const token = makeAccessToken(Date.now() + 15 * 60_000);
    window.__pawfreshEarlyRefresh = answer(token);
    const fetchMock = vi.fn(() => answer('never'));
    vi.stubGlobal('fetch', fetchMock);

    await expect(session.ensureFresh()).resolves.toBe(true);

    expect(session.getAccessToken()).toBe(token);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.__pawfreshEarlyRefresh).toBeUndefined();
  });

  it('is signed out when the early answer is a refusal', async () => {
    document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
    window.__pawfreshEarlyRefresh = Promise.resolve(
      new Response(JSON.stringify({ error: 'Unauthorized' }), { status: 401 }),
    );
    vi.stubGlobal('fetch', vi.fn());

    await expect(session.ensureFresh()).resolves.toBe(false);
  });

  it('is taken only for GET /refresh, and only once', () => {
    const early = answer('t');
    window.__pawfreshEarlyRefresh = early;
    expect(takeEarlyRefresh('/api/v1/me')).toBeUndefined();
    expect(takeEarlyRefresh(EARLY_REFRESH_URL, 'POST')).toBeUndefined();
    expect(takeEarlyRefresh(EARLY_REFRESH_URL)).toBe(early);
    expect(takeEarlyRefresh(EARLY_REFRESH_URL)).toBeUndefined();
  });
});
