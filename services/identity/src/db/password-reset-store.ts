import { eq } from '@pawfresh/db/orm';
import type { IdentityDb } from './identity-db.js';
import { passwordResets } from './schema.js';

export type PasswordResetRow = typeof passwordResets.$inferSelect;

/** Keeps a user's new code; any older code of theirs stops working (one row per user). */
export async function storeResetCode(
  tx: IdentityDb,
  userId: string,
  codeHash: string,
  now: Date,
  expiresAt: Date,
): Promise<void> {
  await tx
    .insert(passwordResets)
    .values({ userId, codeHash, createdAt: now, expiresAt, usedAt: null })
    .onConflictDoUpdate({
      target: passwordResets.userId,
      set: { codeHash, createdAt: now, expiresAt, usedAt: null },
    });
}

/** The user's code, locked so two confirmations cannot both use it. */
export async function lockResetCode(
  tx: IdentityDb,
  userId: string,
): Promise<PasswordResetRow | undefined> {
  const [row] = await tx
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.userId, userId))
    .for('update');
  return row;
}

export async function markResetCodeUsed(tx: IdentityDb, userId: string, now: Date): Promise<void> {
  await tx.update(passwordResets).set({ usedAt: now }).where(eq(passwordResets.userId, userId));
}

/** Forgets the user's code: it was sent for credentials that have since changed. */
export async function discardResetCode(tx: IdentityDb, userId: string): Promise<void> {
  await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
}
