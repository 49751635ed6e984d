import { createHash } from 'node:crypto';
import type { User } from '@pawfresh/contracts/identity';
import type { StaffMember } from '@pawfresh/contracts/staff';
import {
  REFUND_LIMIT_CENTS,
  hasPermission,
  isStaffRole,
  permissionsOf,
  type StaffRole,
} from '@pawfresh/contracts/staff-roles';

/** Only staff sign in to the back office; customers use the customer app. */
export const usesBackOffice = (user: Pick<User, 'role'>): boolean => isStaffRole(user.role);

/** A member of staff as the back office shows them: their role and what it lets them do. */
export function staffMemberOf(user: User & { role: StaffRole }): StaffMember {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    permissions: [...permissionsOf(user.role)],
    refundLimit: hasPermission(user.role, 'refunds:over-limit')
      ? null
      : hasPermission(user.role, 'refunds:create')
        ? REFUND_LIMIT_CENTS
        : 0,
  };
}

/** How a member of staff is written in the spec's actor fields (createdBy, updatedBy, …). */
export const STAFF_PREFIX = 'staff:';
export const staffActor = (userId: string) => `${STAFF_PREFIX}${userId}`;

/**
 * The id of a run a member of staff starts with an Idempotency-Key (a bulk retry, a bulk
 * migration): the same person and key give the same id, so asking again answers the same run.
 */
export const staffRunId = (prefix: string, userId: string, idempotencyKey: string) =>
  `${prefix}:${createHash('sha256')
    .update(`${staffActor(userId)}:${idempotencyKey}`)
    .digest('hex')
    .slice(0, 40)}`;
