import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, or, sql } from '@pawfresh/db/orm';
import type { User } from '@pawfresh/contracts/identity';
import type { UserRole } from '@pawfresh/contracts/enums';
import { isUniqueViolation } from '@pawfresh/db';
import type { IdentityDb } from './identity-db.js';
import { users } from './schema.js';
import { discardResetCode } from './password-reset-store.js';
import {
  revokeUserSessions,
  startSessionFamily,
  type IssuedRefreshToken,
} from './session-store.js';

export type UserRow = typeof users.$inferSelect;

export async function countUsers(db: IdentityDb): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

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

/** Deletes a user; sessions, reset codes and addresses go with it (foreign keys cascade). */
export async function deleteUser(db: IdentityDb, userId: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}

/** `email` must already be lower-cased (the contract's email field does it). */
export async function findUserByEmail(db: IdentityDb, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/**
 * Users whose e-mail, first, last or full name (lower-cased) is LIKE `prefix` (a starts-with
 * pattern), or whose phone number is one of `phones`; each condition is answered by an index
 * (schema.ts: the *_prefix_idx and users_phone_number_idx).
 */
export async function searchUsers(
  db: IdentityDb,
  by: { prefix: string; phones: readonly string[] },
  limit: number,
): Promise<UserRow[]> {
  const conditions = [
    sql`${users.email} like ${by.prefix}`,
    sql`lower(${users.firstName}) like ${by.prefix}`,
    sql`lower(${users.lastName}) like ${by.prefix}`,
    sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${by.prefix}`,
  ];
  if (by.phones.length > 0) conditions.push(inArray(users.phoneNumber, [...by.phones]));
  return db
    .select()
    .from(users)
    .where(or(...conditions))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(limit);
}

export async function findUserByLegacyId(
  db: IdentityDb,
  legacyId: number,
): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.legacyId, legacyId));
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
  legacyId?: number | null;
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
/**
 * After a password change: every session of the user ends (but the one to keep) and, when asked,
 * a new one starts for the device that made the change, in the same transaction, so the answer
 * is a session that works for as long as the change stands.
 */
async function endSessionsAfterPasswordChange(
  tx: IdentityDb,
  userId: string,
  now: Date,
  options: { keepFamilyId?: string; startSession?: boolean },
): Promise<IssuedRefreshToken | undefined> {
  await revokeUserSessions(tx, userId, now, 'password_changed', options.keepFamilyId);
  await discardResetCode(tx, userId);
  return options.startSession ? startSessionFamily(tx, userId, now) : undefined;
}

export async function changeUser(
  db: IdentityDb,
  userId: string,
  changes: UserChanges,
  now: Date,
  options: { keepFamilyId?: string; startSession?: boolean } = {},
): Promise<{ user: UserRow; refresh?: IssuedRefreshToken } | 'not_found' | 'email_taken'> {
  try {
    return await db.transaction(async (tx) => {
      // The row lock serialises changes to one user: the last one wins, each answer is true.
      const [current] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!current) return 'not_found' as const;
      if (changes.email !== undefined && changes.email !== current.email) {
        const owner = await findUserByEmail(tx, changes.email);
        if (owner) return 'email_taken' as const;
      }
      const set = Object.fromEntries(
        Object.entries(changes).filter(([, value]) => value !== undefined),
      ) as UserChanges;
      if (Object.keys(set).length === 0) return { user: current };
      const [row] = await tx
        .update(users)
        .set({ ...set, updatedAt: now })
        .where(eq(users.id, userId))
        .returning();
      if (set.passwordHash) {
        const refresh = await endSessionsAfterPasswordChange(tx, userId, now, options);
        return { user: row!, ...(refresh ? { refresh } : {}) };
      }
      // A code mailed to the old address must not work afterwards.
      if (set.email !== undefined && set.email !== current.email) {
        await discardResetCode(tx, userId);
      }
      return { user: row! };
    });
  } catch (err) {
    // Two requests claiming the same e-mail at once: the unique index decides.
    if (isUniqueViolation(err)) return 'email_taken';
    throw err;
  }
}

/**
 * Replaces the password only if it is still the one that was checked: of two changes at once,
 * the second finds it changed and is refused. Starts the device's new session with it.
 */
export async function replacePassword(
  db: IdentityDb,
  userId: string,
  expectedHash: string,
  passwordHash: string,
  now: Date,
  options: { keepFamilyId?: string; startSession?: boolean } = {},
): Promise<{ user: UserRow; refresh?: IssuedRefreshToken } | undefined> {
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(users.id, userId), eq(users.passwordHash, expectedHash)))
      .returning();
    if (!changed) return undefined;
    const refresh = await endSessionsAfterPasswordChange(tx, userId, now, options);
    return { user: changed, ...(refresh ? { refresh } : {}) };
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
