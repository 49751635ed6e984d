/**
 * The refresh token is in an httpOnly cookie the app cannot read. Beside it the server sets this
 * readable cookie, which holds no secret and only says "a session may exist", so a visitor who
 * never signed in makes no refresh call (and no 401 for the browser to log) on every check.
 */
export const SESSION_HINT_COOKIE = 'pawfresh_session';

export function hasSessionHint(): boolean {
  return document.cookie
    .split(';')
    .some((part) => part.trim().startsWith(`${SESSION_HINT_COOKIE}=1`));
}
