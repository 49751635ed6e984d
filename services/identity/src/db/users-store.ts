import { randomUUID } from 'node:crypto';
import { and, eq } from '@pawfresh/db/orm';
import type { User } from '@pawfresh/contracts/identity';
import type { UserRole } from '@pawfresh/contracts/enums';
import { isUniqueViolation } from '@pawfresh/db';
import type { IdentityDb } from './identity-db.js';
import { users } from './schema.js';
import { discardResetCode } from './password-reset-store.js';
import { revokeUserSessions } from './session-store.js';

export type UserRow = typeof users.$inferSelect;

export const toUser = (row: UserRow): User => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  phoneNumber: row.phoneNumber,
  role: row.role,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function findUserById(db: IdentityDb, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/** `email` must already be lower-cased (the contract's email field does it). */
export async function findUserByEmail(db: IdentityDb, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

export interface NewUser {
  id?: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  role: UserRole;
}

export async function insertUser(
  db: IdentityDb,
  user: NewUser,
  now: Date,
): Promise<UserRow | 'email_taken'> {
  try {
    const [row] = await db
      .insert(users)
      .values({ ...user, id: user.id ?? randomUUID(), createdAt: now, updatedAt: now })
      .returning();
    return row!;
  } catch (err) {
    if (isUniqueViolation(err)) return 'email_taken';
    throw err;
  }
}

export interface UserChanges {
  firstName?: string;
  lastName?: string;
  email?: string;
  /** `null` clears it; absent keeps it. */
  phoneNumber?: string | null;
  passwordHash?: string;
}

/**
 * Changes a user in one transaction. A new password signs out every session but `keepFamilyId`
 * (the caller's own, when a signed-in user changes their own password).
 */
export async function changeUser(
  db: IdentityDb,
  userId: string,
  changes: UserChanges,
  now: Date,
  keepFamilyId?: string,
): Promise<UserRow | 'not_found' | 'email_taken'> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!current) return 'not_found' as const;
      if (changes.email !== undefined && changes.email !== current.email) {
        const owner = await findUserByEmail(tx, changes.email);
        if (owner) return 'email_taken' as const;
      }
      const set = Object.fromEntries(
        Object.entries(changes).filter(([, value]) => value !== undefined),
      ) as UserChanges;
      if (Object.keys(set).length === 0) return current;
      const [row] = await tx
        .update(users)
        .set({ ...set, updatedAt: now })
        .where(eq(users.id, userId))
        .returning();
      if (set.passwordHash) {
        await revokeUserSessions(tx, userId, now, 'password_changed', keepFamilyId);
      }
      // A code mailed to the old address, or for the old password, must not work afterwards.
      if (set.passwordHash || (set.email !== undefined && set.email !== current.email)) {
        await discardResetCode(tx, userId);
      }
      return row!;
    });
  } catch (err) {
    // Two requests claiming the same e-mail at once: the unique index decides.
    if (isUniqueViolation(err)) return 'email_taken';
    throw err;
  }
}

/**
 * Sets a new password only if the stored one is still the one the caller proved they knew, so a
 * change made meanwhile is never overwritten by a stale check.
 */
export async function replacePassword(
  db: IdentityDb,
  userId: string,
  expectedHash: string,
  passwordHash: string,
  now: Date,
  keepFamilyId?: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(users.id, userId), eq(users.passwordHash, expectedHash)))
      .returning({ id: users.id });
    if (changed.length === 0) return false;
    await revokeUserSessions(tx, userId, now, 'password_changed', keepFamilyId);
    await discardResetCode(tx, userId);
    return true;
  });
}

/** Stores a new password hash (the caller decides which sessions end). */
export async function setPasswordHash(
  tx: IdentityDb,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}
