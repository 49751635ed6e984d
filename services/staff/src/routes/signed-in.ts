import { unauthorized, type Handlers, type Principal } from '@pawfresh/kit';
import type { FastifyRequest } from 'fastify';
import type { staffContract } from '@pawfresh/contracts/staff';
import { isStaffRole } from '@pawfresh/contracts/staff-roles';
import type { Acting } from '../flows/context.js';

/** The handlers of some of the staff API's endpoints (one routes file per area). */
export type StaffHandlers<K extends keyof Handlers<typeof staffContract>> = Pick<
  Handlers<typeof staffContract>,
  K
>;

/** The signed-in member of staff (the kit has checked the token, the session and the permission). */
export function actingStaff(
  auth: Principal | undefined,
  request: FastifyRequest,
): Acting & { principal: Principal } {
  if (auth?.kind !== 'user' || !isStaffRole(auth.role)) {
    throw unauthorized('Sign in to the back office to continue');
  }
  return { userId: auth.userId, role: auth.role, requestId: request.id, principal: auth };
}
