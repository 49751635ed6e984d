import type { Principal } from '@pawfresh/kit';
import type { UserRole } from '@pawfresh/contracts/enums';

export const ONLY_ADMINS_GRANT_ROLES = 'Only an admin can create staff or admin users';

/**
 * Who may create a user with a role. Customers sign up through the customer API (service
 * credentials). Staff and admin accounts open the back office, so a signed-in staff member must
 * not be able to make one (and so promote themselves): only admins and operators holding the
 * service credentials can.
 */
export function mayCreateUserWithRole(caller: Principal | undefined, role: UserRole): boolean {
  if (role === 'customer') return true;
  return caller?.kind === 'service' || (caller?.kind === 'user' && caller.role === 'admin');
}
