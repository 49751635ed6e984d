import { getTokenExpiry } from './access-token';
/** customer-app.md §4/§9: the access token is checked at most once a minute… */
export const TOKEN_CHECK_INTERVAL_MS = 60_000;
/** …and refreshed when it expires within 2 minutes. */
export const REFRESH_BEFORE_EXPIRY_MS = 120_000;

/**
 * The signed-in session. The access token lives only in this module's memory (never in
 * localStorage or sessionStorage, where any script could read it); the refresh token is an
 * httpOnly cookie the browser sends to GET /refresh. A page reload therefore starts without a
 * token, and the first navigation's check gets one from the cookie.
 */
export type Session = {
  getAccessToken(): string | null;
  isAuthenticated(): boolean;
  /**
   * Identifies the current signed-in session: it changes each time one starts (sign-in, or a
   * refresh after having no token). Work done once per session (the preload) keys on it.
   */
  getSessionId(): number;
  /** After POST /login. */
  signIn(accessToken: string): void;
  /** Sign-out: forget the token. Does not announce an expiry. */
  clear(): void;
  /**
   * GET /refresh. One call at a time: concurrent callers share it, because the refresh token
   * rotates and sending the old one twice would revoke the whole session. A failure clears the
   * token. Resolves to the new token, or null.
   */
  refresh(): Promise<string | null>;
  /**
   * The check before each navigation: at most once per TOKEN_CHECK_INTERVAL_MS, refresh when the
   * token is missing or expires within REFRESH_BEFORE_EXPIRY_MS. Resolves to whether the person
   * is signed in.
   */
  ensureFresh(): Promise<boolean>;
  /** A signed-in call was refused and the refresh failed: clear and tell the listeners. */
  expire(): void;
  /** Listens for `expire()`; returns the unsubscribe function. */
  onExpired(listener: () => void): () => void;
  /**
   * Runs a call whose answer sets the refresh cookie (a password change answers a new session):
   * sign-out waits for it, so the cookie it sets is the one sign-out revokes and clears.
   */
  track<T>(call: Promise<T>): Promise<T>;
  /**
   * Resolves once the calls that set the refresh cookie (a refresh, the tracked ones) have
   * answered, whatever they answered. Sign-out calls this first: a call finishing after the
   * sign-out would otherwise bring back the session the person has just left.
   */
  settled(): Promise<void>;
};

export type SessionOptions = {
  /** Fetches a new access token with the refresh cookie; throws when there is no session. */
  requestAccessToken: () => Promise<string>;
  now?: () => number;
};

export function createSession({
  requestAccessToken,
  // Looked up per call, so a replaced Date (tests' fake clocks) is honoured.
  now = () => Date.now(),
}: SessionOptions): Session {
  let accessToken: string | null = null;
  let sessionId = 0;
  let lastCheckedAt = Number.NEGATIVE_INFINITY;
  let refreshing: Promise<string | null> | null = null;
  // Bumped by sign-in and sign-out, so a refresh that was already under way cannot bring back a
  // session the person has just left.
  let epoch = 0;
  const expiredListeners = new Set<() => void>();
  // The calls under way whose answers set the refresh cookie.
  const settingCookie = new Set<Promise<unknown>>();

  function track<T>(call: Promise<T>): Promise<T> {
    settingCookie.add(call);
    void call.then(
      () => settingCookie.delete(call),
      () => settingCookie.delete(call),
    );
    return call;
  }

  function setToken(token: string | null) {
    if (token && !accessToken) sessionId += 1;
    accessToken = token;
  }

  function needsRefresh(at: number): boolean {
    if (!accessToken) return true;
    const expiresAt = getTokenExpiry(accessToken);
    return expiresAt === null || expiresAt - at <= REFRESH_BEFORE_EXPIRY_MS;
  }

  const session: Session = {
    getAccessToken: () => accessToken,
    isAuthenticated: () => accessToken !== null,
    getSessionId: () => sessionId,

    signIn(token) {
      epoch += 1;
      setToken(null);
      setToken(token);
      lastCheckedAt = now();
    },

    clear() {
      epoch += 1;
      setToken(null);
      lastCheckedAt = now();
    },

    refresh() {
      if (refreshing) return refreshing;
      const startedIn = epoch;
      const attempt = (async () => {
        let token: string | null;
        try {
          token = await requestAccessToken();
        } catch {
          token = null;
        }
        if (startedIn === epoch) {
          setToken(token);
          lastCheckedAt = now();
        }
        return startedIn === epoch ? token : accessToken;
      })();
      refreshing = attempt;
      track(attempt);
      void attempt.finally(() => {
        if (refreshing === attempt) refreshing = null;
      });
      return attempt;
    },

    async ensureFresh() {
      if (refreshing) await refreshing;
      const at = now();
      if (at - lastCheckedAt < TOKEN_CHECK_INTERVAL_MS) return accessToken !== null;
      lastCheckedAt = at;
      if (needsRefresh(at)) await session.refresh();
      return accessToken !== null;
    },

    expire() {
      setToken(null);
      lastCheckedAt = now();
      for (const listener of [...expiredListeners]) listener();
    },

    onExpired(listener) {
      expiredListeners.add(listener);
      return () => {
        expiredListeners.delete(listener);
      };
    },

    track,

    async settled() {
      while (settingCookie.size > 0) await Promise.allSettled([...settingCookie]);
    },
  };
  return session;
}
