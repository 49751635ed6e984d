import { sessionCookies, type Clock, type SessionCookies } from '@pawfresh/kit';

export type { SessionCookies } from '@pawfresh/kit';

/** The customer API's session cookies (ADR 005): the refresh token sent only to `/api/v1`. */
export const REFRESH_COOKIE = 'pawfresh_refresh';
/** Read by the customer app (`session-hint.ts`): no secret, only "a session may exist". */
export const SESSION_HINT_COOKIE = 'pawfresh_session';

export const customerSessionCookies = (secure: boolean, clock: Clock): SessionCookies =>
  sessionCookies(
    { path: '/api/v1', refresh: REFRESH_COOKIE, hint: SESSION_HINT_COOKIE },
    secure,
    clock,
  );
