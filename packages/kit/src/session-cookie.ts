import type { FastifyReply, FastifyRequest } from 'fastify';
import { identityContract } from '@pawfresh/contracts/identity';
import type { Clock } from './clock.js';
import type { ServiceClient } from './client.js';
import { isRefused } from './problems.js';

/**
 * The session cookies of an API people sign in to (the customer API, the staff API; ADR 005):
 * the refresh token in an httpOnly cookie the page's scripts cannot read, sent only to that API's
 * path and only by our own pages (SameSite=Strict), and beside it a readable cookie that holds no
 * secret, only "a session may exist", so an app makes no refresh call for a visitor who never
 * signed in. The access token is never in a cookie: the app keeps it in memory.
 */
export interface SessionCookieNames {
  /** The API's path: the only one the refresh cookie is sent to. */
  path: string;
  refresh: string;
  hint: string;
}

/** The refresh token half of a session from identity. */
export interface RefreshTokenGrant {
  refreshToken: string;
  refreshTokenExpiresAt: string;
}

/** The session cookies of one API: Secure when it is served over https. */
export interface SessionCookies {
  keep(reply: FastifyReply, grant: RefreshTokenGrant): void;
  clear(reply: FastifyReply): void;
  read(request: FastifyRequest): string | undefined;
}

/** What identity accepts as a refresh token; anything else cannot be a session of ours. */
const refreshTokenRule = identityContract.endpoints.revokeSession.body.shape.refreshToken;

export function sessionCookies(
  names: SessionCookieNames,
  secure: boolean,
  clock: Clock,
): SessionCookies {
  const refresh = { httpOnly: true, sameSite: 'strict' as const, secure, path: names.path };
  const hint = { httpOnly: false, sameSite: 'strict' as const, secure, path: '/' };
  return {
    keep: (reply, grant) => {
      const expiresAt = new Date(grant.refreshTokenExpiresAt).getTime();
      const maxAge = Math.max(0, Math.floor((expiresAt - clock.now().getTime()) / 1000));
      reply.setCookie(names.refresh, grant.refreshToken, { ...refresh, maxAge });
      reply.setCookie(names.hint, '1', { ...hint, maxAge });
    },
    clear: (reply) => {
      reply.clearCookie(names.refresh, refresh);
      reply.clearCookie(names.hint, hint);
    },
    // A cookie that cannot be a refresh token (over-long, tampered) is no session: refresh is a
    // 401 and sign-out clears it.
    read: (request) => {
      const value = request.cookies[names.refresh];
      return value && refreshTokenRule.safeParse(value).success ? value : undefined;
    },
  };
}

type Identity = Pick<ServiceClient<typeof identityContract>, 'refreshSession' | 'revokeSession'>;

/**
 * A new session for the refresh token in the cookie; `undefined` when identity refuses the token
 * (unknown, expired, revoked or reused), which to the person is a session that has ended.
 */
export async function renewSession(identity: Identity, refreshToken: string, clientIp: string) {
  try {
    return await identity.refreshSession({ body: { refreshToken, clientIp } });
  } catch (err) {
    if (isRefused(err, 400) || isRefused(err, 401)) return undefined;
    throw err;
  }
}

/**
 * Ends the session of this refresh token, if the device still has one. A token identity cannot
 * read (a tampered cookie) is no session: there is nothing to end, and signing out still succeeds.
 */
export async function endSession(identity: Identity, refreshToken: string | undefined) {
  if (!refreshToken) return;
  try {
    await identity.revokeSession({ body: { refreshToken } });
  } catch (err) {
    if (!isRefused(err, 400)) throw err;
  }
}
