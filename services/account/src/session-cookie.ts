import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '@pawfresh/kit';
import { identityContract } from '@pawfresh/contracts/identity';

/**
 * The refresh token lives in an httpOnly cookie the page's scripts cannot read, sent only to the
 * customer API and only by our own pages (SameSite=Strict).
 */
export const REFRESH_COOKIE = 'pawfresh_refresh';
/**
 * A readable cookie beside it that holds no secret, only "a session may exist", so the app makes
 * no refresh call for a visitor who never signed in.
 */
export const SESSION_HINT_COOKIE = 'pawfresh_session';
const PATH = '/api/v1';

export function setRefreshCookie(
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
  secure: boolean,
  now: Date,
) {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: PATH,
    maxAge,
  });
  reply.setCookie(SESSION_HINT_COOKIE, '1', {
    httpOnly: false,
    sameSite: 'strict',
    secure,
    path: '/',
    maxAge,
  });
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: 'strict', secure, path: PATH });
  reply.clearCookie(SESSION_HINT_COOKIE, { sameSite: 'strict', secure, path: '/' });
}

/** What identity accepts as a refresh token; anything else cannot be a session of ours. */
const refreshTokenRule = identityContract.endpoints.revokeSession.body.shape.refreshToken;

/**
 * The refresh token the browser sent, or undefined when there is none or the cookie cannot be one
 * (over-long, tampered): such a cookie is no session, so refresh is a 401 and sign-out clears it.
 */
export const readRefreshCookie = (request: FastifyRequest): string | undefined => {
  const value = request.cookies[REFRESH_COOKIE];
  return value && refreshTokenRule.safeParse(value).success ? value : undefined;
};

/** The refresh token half of a session from identity. */
export interface RefreshTokenGrant {
  refreshToken: string;
  refreshTokenExpiresAt: string;
}

/** The session cookies of one site: Secure when it is served over https. */
export interface SessionCookies {
  keep(reply: FastifyReply, grant: RefreshTokenGrant): void;
  clear(reply: FastifyReply): void;
  read(request: FastifyRequest): string | undefined;
}

export function sessionCookies(secure: boolean, clock: Clock): SessionCookies {
  return {
    keep: (reply, grant) =>
      setRefreshCookie(
        reply,
        grant.refreshToken,
        new Date(grant.refreshTokenExpiresAt),
        secure,
        clock.now(),
      ),
    clear: (reply) => clearRefreshCookie(reply, secure),
    read: readRefreshCookie,
  };
}
