import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { userRoles } from '../src/enums.js';
import {
  REFUND_LIMIT_CENTS,
  ROLE_PERMISSIONS,
  hasPermission,
  isStaffRole,
  missingPermissionMessage,
  permissions,
  permissionsOf,
  refundPermissionFor,
  staffRoles,
} from '../src/staff-roles.js';

const role = fc.constantFrom(...userRoles);
const permission = fc.constantFrom(...permissions);

describe('the role table', () => {
  it('gives each role its area and admin everything', () => {
    expect(hasPermission('support', 'refunds:create')).toBe(true);
    expect(hasPermission('support', 'refunds:over-limit')).toBe(false);
    expect(hasPermission('support', 'fulfilment:write')).toBe(false);
    expect(hasPermission('operations', 'fulfilment:write')).toBe(true);
    expect(hasPermission('operations', 'refunds:create')).toBe(false);
    expect(hasPermission('marketing', 'discounts:write')).toBe(true);
    expect(hasPermission('marketing', 'customers:read')).toBe(false);
    expect(permissionsOf('admin')).toEqual(permissions);
  });

  it('keeps users, roles, migration and destructive routes to admins', () => {
    for (const r of staffRoles.filter((r) => r !== 'admin')) {
      for (const p of [
        'users:manage',
        'roles:manage',
        'migration:run',
        'destructive:run',
      ] as const) {
        expect(hasPermission(r, p)).toBe(false);
      }
    }
  });

  it('gives customers nothing, and admins whatever any role has', () => {
    fc.assert(
      fc.property(role, permission, (r, p) => {
        expect(hasPermission('customer', p)).toBe(false);
        if (hasPermission(r, p)) expect(hasPermission('admin', p)).toBe(true);
        expect(isStaffRole(r)).toBe(r !== 'customer');
      }),
    );
  });

  it('names only known permissions, each held by some role', () => {
    for (const list of Object.values(ROLE_PERMISSIONS)) {
      for (const p of list) expect(permissions).toContain(p);
    }
  });
});

describe('refundPermissionFor', () => {
  it('needs the over-limit permission only above the limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2147483647 }), (amount) => {
        expect(refundPermissionFor(amount)).toBe(
          amount <= REFUND_LIMIT_CENTS ? 'refunds:create' : 'refunds:over-limit',
        );
      }),
    );
    expect(refundPermissionFor(REFUND_LIMIT_CENTS)).toBe('refunds:create');
    expect(refundPermissionFor(REFUND_LIMIT_CENTS + 1)).toBe('refunds:over-limit');
  });
});

describe('missingPermissionMessage', () => {
  it('names the role and the permission', () => {
    expect(missingPermissionMessage('support', 'refunds:over-limit')).toBe(
      'Your role (support) does not have the permission refunds:over-limit: ask an admin',
    );
  });
});
