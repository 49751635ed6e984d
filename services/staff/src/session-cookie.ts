import { sessionCookies, type Clock, type SessionCookies } from '@pawfresh/kit';
import { STAFF_API_BASE_PATH } from '@pawfresh/contracts/staff';

/**
 * The staff API's session cookies (ADR 005, ADR 018): the refresh token sent only to
 * `/api/staff/v1`, under names of their own so a customer session in the same browser is another.
 */
export const STAFF_REFRESH_COOKIE = 'pawfresh_staff_refresh';
export const STAFF_SESSION_HINT_COOKIE = 'pawfresh_staff_session';

export const staffSessionCookies = (secure: boolean, clock: Clock): SessionCookies =>
  sessionCookies(
    { path: STAFF_API_BASE_PATH, refresh: STAFF_REFRESH_COOKIE, hint: STAFF_SESSION_HINT_COOKIE },
    secure,
    clock,
  );
