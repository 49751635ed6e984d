import { and, asc, count, eq, isNotNull, isNull, ne, or, sql, type SQL } from '@pawfresh/db/orm';
import type { StaffUser, StaffUserStatus } from '@pawfresh/contracts/identity';
import type { StaffRole } from '@pawfresh/contracts/staff-roles';
import { isStaffRole } from '@pawfresh/contracts/staff-roles';
import type { IdentityDb } from './identity-db.js';
import { discardResetCode } from './password-reset-store.js';
import { users } from './schema.js';
import { revokeUserSessions } from './session-store.js';
import { toUser, type UserRow } from './users-store.js';
import { hasNoPasswordYet, NO_PASSWORD_YET_PREFIX } from '../rules/staff-accounts.js';

// The back office's staff accounts (docs/staff.md "Users and roles"): every user whose role is
// not `customer`. The only code that lists, re-roles, deactivates and reactivates them.

export const staffStatusOf = (row: UserRow): StaffUserStatus =>
  row.deactivatedAt ? 'deactivated' : hasNoPasswordYet(row.passwordHash) ? 'invited' : 'active';

export function toStaffUser(row: UserRow & { role: StaffRole }): StaffUser {
  return {
    ...toUser(row),
    role: row.role,
    status: staffStatusOf(row),
    deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
  };
}

const isStaffRow = (row: UserRow | undefined): row is UserRow & { role: StaffRole } =>
  row !== undefined && isStaffRole(row.role);

const statusCondition: Record<StaffUserStatus, SQL> = {
  deactivated: isNotNull(users.deactivatedAt),
  invited: and(
    isNull(users.deactivatedAt),
    sql`${users.passwordHash} like ${`${NO_PASSWORD_YET_PREFIX}%`}`,
  )!,
  active: and(
    isNull(users.deactivatedAt),
    sql`${users.passwordHash} not like ${`${NO_PASSWORD_YET_PREFIX}%`}`,
  )!,
};

export async function listStaff(
  db: IdentityDb,
  filter: {
    prefix?: string | undefined;
    role?: StaffRole | undefined;
    status?: StaffUserStatus | undefined;
  },
  page: { offset: number; limit: number },
): Promise<{ rows: StaffUser[]; total: number }> {
  const where = and(
    ne(users.role, 'customer'),
    filter.role ? eq(users.role, filter.role) : undefined,
    filter.status ? statusCondition[filter.status] : undefined,
    filter.prefix
      ? or(
          sql`${users.email} like ${filter.prefix}`,
          sql`lower(${users.firstName}) like ${filter.prefix}`,
          sql`lower(${users.lastName}) like ${filter.prefix}`,
          sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${filter.prefix}`,
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows: rows.filter(isStaffRow).map(toStaffUser), total: total?.n ?? 0 };
}

export async function findStaff(db: IdentityDb, userId: string): Promise<StaffUser | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return isStaffRow(row) ? toStaffUser(row) : undefined;
}

export type StaffChange = { role: StaffRole } | { deactivated: true } | { deactivated: false };

/**
 * Changes a member of staff in one transaction. The active admins (not deactivated, a password
 * chosen) are locked first (in id order,
 * so two changes cannot deadlock), so two admins demoting or deactivating each other at once
 * cannot both succeed and leave nobody who can manage users. A change that takes a member's role
 * or access away ends their sessions at once (the staff API checks sessions every few seconds).
 */
export async function changeStaff(
  db: IdentityDb,
  userId: string,
  change: StaffChange,
  now: Date,
): Promise<StaffUser | 'not_found' | 'last_admin'> {
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), statusCondition.active))
      .orderBy(asc(users.id))
      .for('update');
    const [current] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!isStaffRow(current)) return 'not_found' as const;
    // An invited admin who has not chosen a password yet cannot manage users: not counted.
    const isActiveAdmin = current.role === 'admin' && staffStatusOf(current) === 'active';
    const losesAdmin =
      'role' in change ? change.role !== 'admin' : change.deactivated && isActiveAdmin;
    if (isActiveAdmin && losesAdmin && admins.length <= 1) return 'last_admin' as const;

    const set =
      'role' in change
        ? { role: change.role }
        : { deactivatedAt: change.deactivated ? (current.deactivatedAt ?? now) : null };
    const [row] = await tx
      .update(users)
      .set({ ...set, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    if ('role' in change && change.role !== current.role) {
      await revokeUserSessions(tx, userId, now, 'role_changed');
    }
    if ('deactivated' in change && change.deactivated) {
      await revokeUserSessions(tx, userId, now, 'deactivated');
      // An invitation or reset code mailed before must not let them back in.
      await discardResetCode(tx, userId);
    }
    return toStaffUser({ ...row!, role: row!.role as StaffRole });
  });
}

/**
 * A member of staff invited and not yet signed up, named and roled as a new invitation says, with
 * a new link `code` (the old one stops working); undefined when `email` is not such a member.
 */
export async function reinviteStaff(
  db: IdentityDb,
  email: string,
  input: { firstName: string; lastName: string; role: StaffRole },
  storeCode: (tx: IdentityDb, userId: string) => Promise<void>,
  now: Date,
): Promise<StaffUser | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(users).where(eq(users.email, email)).for('update');
    if (!isStaffRow(row) || staffStatusOf(row) !== 'invited') return undefined;
    const [updated] = await tx
      .update(users)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
        updatedAt: now,
      })
      .where(eq(users.id, row.id))
      .returning();
    await storeCode(tx, row.id);
    return toStaffUser({ ...updated!, role: input.role });
  });
}
