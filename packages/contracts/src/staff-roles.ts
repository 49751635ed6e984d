import { z } from 'zod';
import type { UserRole } from './enums.js';

/**
 * The back office's roles and what each may do (docs/staff.md): one table, read by the server to
 * refuse (the kit checks each staff route's permission) and by the staff app to hide what a role
 * cannot do. Pure values, no I/O.
 */
export const staffRoles = ['support', 'operations', 'marketing', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];
export const staffRole = z.enum(staffRoles);

/** Every action the back office checks, named `<area>:<verb>`. */
export const permissions = [
  'customers:read',
  'customers:write',
  'orders:read',
  'orders:write',
  'subscriptions:read',
  'subscriptions:write',
  'payments:read',
  'payments:charge',
  'refunds:create',
  'refunds:over-limit',
  'audit:read',
  'fulfilment:read',
  'fulfilment:write',
  'forecast:read',
  'forecast:rebalance',
  'stock:read',
  'stock:write',
  'catalogue:read',
  'catalogue:write',
  'discounts:read',
  'discounts:write',
  'promotions:read',
  'promotions:write',
  'users:manage',
  'roles:manage',
  'migration:run',
  'destructive:run',
  'runs:read',
  'runs:manage',
] as const;
export type Permission = (typeof permissions)[number];
export const permission = z.enum(permissions);

/**
 * What each role may do, in the order of `permissions`. Admin may do everything, including what
 * no other role may.
 */
export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  support: [
    'customers:read',
    'customers:write',
    'orders:read',
    'orders:write',
    'subscriptions:read',
    'subscriptions:write',
    'payments:read',
    'payments:charge',
    'refunds:create',
    'audit:read',
    'catalogue:read',
  ],
  operations: [
    'orders:read',
    'fulfilment:read',
    'fulfilment:write',
    'forecast:read',
    'forecast:rebalance',
    'stock:read',
    'stock:write',
    'catalogue:read',
    'catalogue:write',
    'runs:read',
  ],
  marketing: [
    'catalogue:read',
    'discounts:read',
    'discounts:write',
    'promotions:read',
    'promotions:write',
  ],
  admin: permissions,
};

/**
 * The most a role may refund in one go, in cents, with `refunds:create`; more needs
 * `refunds:over-limit` (admin). $100: a box's price, so support can make good on a box without
 * asking, and a larger refund gets a second pair of eyes.
 */
export const REFUND_LIMIT_CENTS = 10_000;

export const isStaffRole = (role: UserRole | string): role is StaffRole =>
  (staffRoles as readonly string[]).includes(role);

export function permissionsOf(role: UserRole): readonly Permission[] {
  return isStaffRole(role) ? ROLE_PERMISSIONS[role] : [];
}

export function hasPermission(role: UserRole, wanted: Permission): boolean {
  return permissionsOf(role).includes(wanted);
}

/** The permission a refund of `amount` cents needs: within the limit, or over it. */
export const refundPermissionFor = (amount: number): Permission =>
  amount > REFUND_LIMIT_CENTS ? 'refunds:over-limit' : 'refunds:create';

/** The words of a 403 for an action the role may not take: the permission is named. */
export const missingPermissionMessage = (role: UserRole, wanted: Permission) =>
  `Your role (${role}) does not have the permission ${wanted}: ask an admin`;

/**
 * Actions that move money, change a customer's plan or boxes, steer a workflow run, change who may
 * use the back office or e-mail a customer a link: staff must
 * say why (docs/staff.md "The
 * audit trail"), and the reason is kept with the audit row.
 */
export const REASON_REQUIRED: readonly Permission[] = [
  'orders:write',
  'payments:charge',
  'refunds:create',
  'refunds:over-limit',
  'subscriptions:write',
  'runs:manage',
  // Holding, queueing and correcting boxes on the packing floor (staff-packing.ts).
  'fulfilment:write',
  // Moving a kitchen's boxes to another make date (staff-forecast.ts).
  'forecast:rebalance',
  // A variant's status: what customers may choose and the kitchen has (staff-catalogue.ts).
  'catalogue:write',
  // Who may use the back office, and e-mails sent to a customer in staff's name (staff-users.ts).
  'customers:write',
  'users:manage',
  'roles:manage',
];

export const needsReason = (used: Permission | null | undefined) =>
  used != null && REASON_REQUIRED.includes(used);

/** The 400 for a money or plan change without a reason: what to do about it. */
export const reasonMissingMessage = (used: Permission) =>
  `reason is required for ${used}: say why (what the customer asked, or what went wrong); it is kept in the customer's timeline`;
