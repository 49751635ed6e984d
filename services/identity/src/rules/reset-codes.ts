import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export const RESET_CODE_TTL_MS = 30 * 60 * 1000;
export const INVALID_RESET_CODE = 'This code is not valid or has expired';

/** Six digits, uniformly random (leading zeros kept): easy to type from an e-mail. */
export const newResetCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * A keyed hash (HMAC-SHA-256): a million six-digit codes are trivial to hash offline, so a copy
 * of the table alone must not reveal them. The key comes from the process's secret; the user id
 * is mixed in so equal codes of two users differ.
 */
export function hashResetCode(code: string, userId: string, secret: string): string {
  const key = createHmac('sha256', secret).update('pawfresh password reset codes').digest();
  return createHmac('sha256', key).update(`${userId}:${code.trim()}`).digest('hex');
}

/** Compares two hex hashes in time that does not depend on where they differ. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

export interface StoredResetCode {
  codeHash: string;
  expiresAt: Date;
  usedAt: Date | null;
}

/** A code works once, before it expires, and only if it is the user's latest code. */
export function isResetCodeValid(
  stored: StoredResetCode | undefined,
  givenHash: string,
  now: Date,
): boolean {
  // Compared even when there is nothing to compare with, so every refusal costs the same.
  const matches = sameHash(stored?.codeHash ?? '0'.repeat(64), givenHash);
  if (!stored || stored.usedAt) return false;
  if (stored.expiresAt.getTime() <= now.getTime()) return false;
  return matches;
}
