import type { StaffUserStatus } from '@pawfresh/contracts/identity';
import { staffRoles, type StaffRole } from '@pawfresh/contracts/staff-roles';

/** What each role is for, as an admin choosing one reads it (ROLE_PERMISSIONS decides). */
export const ROLE_SUMMARY: Record<StaffRole, string> = {
  support: 'customers, their boxes and plans, refunds up to $100',
  operations: 'boxes, packing, the forecast, stock and workflow runs',
  marketing: 'discounts and promotions',
  admin: 'everything, including staff users and roles and refunds of any size',
};

/** The roles a person may give: `admin` only with roles:manage (the server refuses it too). */
export const rolesOffered = (mayMakeAdmin: boolean) =>
  staffRoles.filter((role) => mayMakeAdmin || role !== 'admin');

export const roleOptions = (roles: readonly StaffRole[]) =>
  roles.map((role) => ({ value: role, label: `${role} — ${ROLE_SUMMARY[role]}` }));

/** Each status's words and colour (white text on the darkest shades: AA contrast). */
export const STATUS: Record<StaffUserStatus, { label: string; color: string }> = {
  invited: { label: 'Invited', color: 'blue.9' },
  active: { label: 'Active', color: 'teal.9' },
  deactivated: { label: 'Deactivated', color: 'gray.8' },
};

export { fullName } from '@pawfresh/contracts/identity';
