import { and, eq, lt } from '@pawfresh/db/orm';
import {
  hitsInWindow,
  isOverLimit,
  longestWindowMs,
  withoutHit,
  type RateLimitRule,
} from '../rules/rate-limit.js';
import type { IdentityDb } from './identity-db.js';
import { rateLimits } from './schema.js';

export interface LimitedKey {
  rule: RateLimitRule;
  key: string;
}

const whereKey = ({ rule, key }: LimitedKey) =>
  and(eq(rateLimits.scope, rule.scope), eq(rateLimits.key, key));

/**
 * Locks a counter (creating it) and returns its attempts still in the window. The row lock makes
 * check-then-count atomic across processes: concurrent attempts queue instead of all passing.
 */
async function lockHits(tx: IdentityDb, limited: LimitedKey, now: Date): Promise<number[]> {
  await tx
    .insert(rateLimits)
    .values({ scope: limited.rule.scope, key: limited.key, hits: [], updatedAt: now })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ hits: rateLimits.hits })
    .from(rateLimits)
    .where(whereKey(limited))
    .for('update');
  const hits = Array.isArray(row?.hits) ? row.hits.filter((h) => typeof h === 'number') : [];
  return hitsInWindow(hits, limited.rule, now);
}

async function saveHits(tx: IdentityDb, limited: LimitedKey, hits: number[], now: Date) {
  await tx.update(rateLimits).set({ hits, updatedAt: now }).where(whereKey(limited));
}

/**
 * Counts one attempt against every key, or none if any key is over its limit (then the answer
 * is `false`). Keys are locked in the order given: callers list the account before the address,
 * so two requests never wait on each other in a circle.
 */
export async function takeAttempt(
  tx: IdentityDb,
  keys: readonly LimitedKey[],
  now: Date,
): Promise<boolean> {
  const current: number[][] = [];
  for (const limited of keys) {
    const hits = await lockHits(tx, limited, now);
    if (isOverLimit(hits, limited.rule, now)) return false;
    current.push(hits);
  }
  for (const [i, limited] of keys.entries()) {
    await saveHits(tx, limited, [...current[i]!, now.getTime()], now);
  }
  return true;
}

/** Whether the key is over its limit now (nothing is counted). */
export async function isLimited(tx: IdentityDb, limited: LimitedKey, now: Date): Promise<boolean> {
  return isOverLimit(await lockHits(tx, limited, now), limited.rule, now);
}

/** Counts one attempt (already known to be under the limit, e.g. a wrong code). */
export async function countAttempt(tx: IdentityDb, limited: LimitedKey, now: Date): Promise<void> {
  const hits = await lockHits(tx, limited, now);
  await saveHits(tx, limited, [...hits, now.getTime()], now);
}

/** Takes back one attempt counted at `at` (it turned out to be a success). */
export async function takeBackAttempt(
  tx: IdentityDb,
  limited: LimitedKey,
  at: Date,
  now: Date,
): Promise<void> {
  const hits = await lockHits(tx, limited, now);
  await saveHits(tx, limited, withoutHit(hits, at.getTime()), now);
}

/** Forgets every attempt of a key (e.g. an account's failures after it signs in). */
export async function clearAttempts(tx: IdentityDb, limited: LimitedKey): Promise<void> {
  await tx.delete(rateLimits).where(whereKey(limited));
}

/** Deletes counters nobody touched for longer than any window: they limit nothing any more. */
export async function forgetStaleCounters(db: IdentityDb, now: Date): Promise<void> {
  await db
    .delete(rateLimits)
    .where(lt(rateLimits.updatedAt, new Date(now.getTime() - longestWindowMs)));
}
