import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from '@pawfresh/db/orm';
import {
  hashRefreshToken,
  judgeRefreshToken,
  newRefreshToken,
  refreshTokenExpiry,
} from '../rules/refresh-tokens.js';
import type { IdentityDb } from './identity-db.js';
import { refreshTokens, sessionFamilies, users, type RevokedReason } from './schema.js';

type UserRow = typeof users.$inferSelect;

/** A refresh token as the caller sees it, once: only its hash is kept. */
export interface IssuedRefreshToken {
  token: string;
  expiresAt: Date;
  familyId: string;
}

async function issueRefreshToken(
  tx: IdentityDb,
  familyId: string,
  now: Date,
): Promise<IssuedRefreshToken & { id: string }> {
  const token = newRefreshToken();
  const id = randomUUID();
  const expiresAt = refreshTokenExpiry(now);
  await tx.insert(refreshTokens).values({
    id,
    familyId,
    tokenHash: hashRefreshToken(token),
    issuedAt: now,
    expiresAt,
  });
  return { id, token, expiresAt, familyId };
}

/** A new sign-in: a new family with its first refresh token. */
export async function startSessionFamily(
  tx: IdentityDb,
  userId: string,
  now: Date,
): Promise<IssuedRefreshToken> {
  const familyId = randomUUID();
  await tx.insert(sessionFamilies).values({ id: familyId, userId, createdAt: now });
  const { id: _id, ...issued } = await issueRefreshToken(tx, familyId, now);
  return issued;
}

export type RotateOutcome =
  | { outcome: 'rotated'; user: UserRow; refresh: IssuedRefreshToken }
  | { outcome: 'refused'; reason: 'unknown' | 'expired' | 'revoked' | 'reuse' };

/**
 * Exchanges a refresh token for a new one in the same family. The token and family rows are
 * locked, so of two exchanges of one token exactly one rotates it; the other sees it used and,
 * as for any reuse, ends the family.
 */
export async function rotateRefreshToken(
  db: IdentityDb,
  token: string,
  now: Date,
): Promise<RotateOutcome> {
  return db.transaction(async (tx) => {
    // Locks the token and its family (not the user: a password change locks the user first and
    // then the families, so taking both here could deadlock). Drizzle mis-quotes `FOR UPDATE OF`
    // with a schema, hence a join of exactly the two tables to lock.
    const [found] = await tx
      .select({ token: refreshTokens, family: sessionFamilies })
      .from(refreshTokens)
      .innerJoin(sessionFamilies, eq(sessionFamilies.id, refreshTokens.familyId))
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)))
      .for('update');
    if (!found) return { outcome: 'refused', reason: 'unknown' } as const;
    const verdict = judgeRefreshToken(
      {
        expiresAt: found.token.expiresAt,
        usedAt: found.token.usedAt,
        familyRevokedAt: found.family.revokedAt,
      },
      now,
    );
    if (verdict === 'reuse') {
      await revokeFamily(tx, found.family.id, now, 'token_reuse');
      return { outcome: 'refused', reason: 'reuse' } as const;
    }
    if (verdict !== 'rotate') return { outcome: 'refused', reason: verdict } as const;
    const [user] = await tx.select().from(users).where(eq(users.id, found.family.userId));
    if (!user) return { outcome: 'refused', reason: 'unknown' } as const;
    const next = await issueRefreshToken(tx, found.family.id, now);
    await tx
      .update(refreshTokens)
      .set({ usedAt: now, replacedById: next.id })
      .where(eq(refreshTokens.id, found.token.id));
    const { id: _id, ...refresh } = next;
    return { outcome: 'rotated', user, refresh } as const;
  });
}

async function revokeFamily(
  tx: IdentityDb,
  familyId: string,
  now: Date,
  reason: RevokedReason,
): Promise<void> {
  await tx
    .update(sessionFamilies)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessionFamilies.id, familyId), isNull(sessionFamilies.revokedAt)));
}

/** Signs out the session a refresh token belongs to; an unknown token changes nothing. */
export async function revokeFamilyOfToken(db: IdentityDb, token: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
    if (found) await revokeFamily(tx, found.familyId, now, 'sign_out');
  });
}

/** Signs out every session of a user, but `keepFamilyId` when given. */
export async function revokeUserSessions(
  tx: IdentityDb,
  userId: string,
  now: Date,
  reason: RevokedReason,
  keepFamilyId?: string,
): Promise<void> {
  await tx
    .update(sessionFamilies)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(sessionFamilies.userId, userId),
        isNull(sessionFamilies.revokedAt),
        keepFamilyId ? ne(sessionFamilies.id, keepFamilyId) : undefined,
      ),
    );
}

/** Whether a session family exists and was never revoked. */
export async function isFamilyLive(db: IdentityDb, familyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessionFamilies.id })
    .from(sessionFamilies)
    .where(and(eq(sessionFamilies.id, familyId), isNull(sessionFamilies.revokedAt)));
  return row !== undefined;
}
