import type { FastifyReply, FastifyRequest } from 'fastify';

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
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: PATH,
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)),
  });
  reply.setCookie(SESSION_HINT_COOKIE, '1', {
    httpOnly: false,
    sameSite: 'strict',
    secure,
    path: '/',
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)),
  });
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: 'strict', secure, path: PATH });
  reply.clearCookie(SESSION_HINT_COOKIE, { sameSite: 'strict', secure, path: '/' });
}

export const readRefreshCookie = (request: FastifyRequest): string | undefined =>
  request.cookies[REFRESH_COOKIE] || undefined;
