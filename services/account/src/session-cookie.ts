import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The refresh token lives in an httpOnly cookie the page's scripts cannot read, sent only to the
 * customer API and only by our own pages (SameSite=Strict).
 */
export const REFRESH_COOKIE = 'pawfresh_refresh';
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
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: 'strict', secure, path: PATH });
}

export const readRefreshCookie = (request: FastifyRequest): string | undefined =>
  request.cookies[REFRESH_COOKIE] || undefined;
