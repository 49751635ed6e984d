import { createHash, randomBytes } from 'node:crypto';

/** Access tokens are short, so a stolen one is useful briefly and revocation waits at most this. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** A refresh token lasts 30 days from when it was issued; every refresh issues a fresh one. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

/** 32 random bytes: unguessable, and opaque so it carries nothing a thief could read. */
export const newRefreshToken = (): string => randomBytes(32).toString('base64url');

/** Only this is stored: a copy of the table cannot be turned back into working tokens. */
export const hashRefreshToken = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');

export const refreshTokenExpiry = (issuedAt: Date): Date =>
  new Date(issuedAt.getTime() + REFRESH_TOKEN_TTL_MS);

export interface PresentedToken {
  expiresAt: Date;
  usedAt: Date | null;
  familyRevokedAt: Date | null;
}

/**
 * What to do with a refresh token that was presented. `reuse`: it was exchanged before, so
 * either it was stolen or its owner's copy was: the whole family must end.
 */
export function judgeRefreshToken(
  token: PresentedToken,
  now: Date,
): 'rotate' | 'reuse' | 'expired' | 'revoked' {
  if (token.familyRevokedAt) return 'revoked';
  if (token.usedAt) return 'reuse';
  if (token.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'rotate';
}
