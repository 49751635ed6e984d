import { unauthorized } from '@pawfresh/kit';
import type { StaffMember } from '@pawfresh/contracts/staff';
import { isStaffRole } from '@pawfresh/contracts/staff-roles';
import { staffMemberOf } from '../rules/staff-access.js';
import type { Acting, StaffContext } from './context.js';

/**
 * The signed-in member of staff as identity has them now: a role changed since the token was
 * issued shows here at once (and in the routes' checks at the next refresh, within 15 minutes).
 */
export async function staffMember(ctx: StaffContext, acting: Acting): Promise<StaffMember> {
  const user = await ctx.identity.getUser({ params: { userId: acting.userId } });
  if (!isStaffRole(user.role)) throw unauthorized('Sign in to the back office to continue');
  return staffMemberOf({ ...user, role: user.role });
}
