import type { AccountResponse } from '@pawfresh/contracts/account';
import { createApiClient } from '@pawfresh/web-session/api-client';
import { createSession, type Session } from '@pawfresh/web-session/session';

import { takeEarlyRefresh } from './early-refresh';
import { hasSessionHint } from './session-hint';

// The session itself is shared with the staff app (packages/web-session).
export {
  createSession,
  REFRESH_BEFORE_EXPIRY_MS,
  TOKEN_CHECK_INTERVAL_MS,
  type Session,
  type SessionOptions,
} from '@pawfresh/web-session/session';

// The refresh call is public: it carries the cookie, not an access token. The page's first one
// may already be under way (early-refresh.ts).
const publicApi = createApiClient({
  fetch: (input, init) =>
    takeEarlyRefresh(String(input), init?.method) ?? globalThis.fetch(input, init),
});

async function requestAccessToken(): Promise<string> {
  if (!hasSessionHint()) throw new Error('Not signed in on this browser');
  const { accessToken } = await publicApi.get<AccountResponse<'refresh'>>('/refresh', {
    auth: false,
  });
  if (typeof accessToken !== 'string' || accessToken === '') {
    throw new Error('The refresh answer has no access token');
  }
  return accessToken;
}

let current = createSession({ requestAccessToken });

/** The app's session (a module-level singleton, like the query client's cache). */
export const session: Session = {
  getAccessToken: () => current.getAccessToken(),
  isAuthenticated: () => current.isAuthenticated(),
  getSessionId: () => current.getSessionId(),
  signIn: (token) => current.signIn(token),
  clear: () => current.clear(),
  refresh: () => current.refresh(),
  ensureFresh: () => current.ensureFresh(),
  expire: () => current.expire(),
  onExpired: (listener) => current.onExpired(listener),
  track: (call) => current.track(call),
  settled: () => current.settled(),
};

/** Tests start each case signed out, with no check made yet. */
export function resetSessionForTests(): void {
  current = createSession({ requestAccessToken });
}
