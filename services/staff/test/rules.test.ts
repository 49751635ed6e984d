import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { userRoles } from '@pawfresh/contracts/enums';
import { REFUND_LIMIT_CENTS, hasPermission, staffRoles } from '@pawfresh/contracts/staff-roles';
import { staffActor, staffMemberOf, usesBackOffice } from '../src/rules/staff-access.js';

const user = {
  id: '0b9d7a1e-4c2f-4e8a-9a5b-1d2c3e4f5a60',
  email: 'sue@pawfresh.com.au',
  firstName: 'Sue',
  lastName: 'Port',
  phoneNumber: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('staffMemberOf', () => {
  it("answers the role's permissions and refund limit", () => {
    fc.assert(
      fc.property(fc.constantFrom(...staffRoles), (role) => {
        const member = staffMemberOf({ ...user, role });
        for (const p of member.permissions) expect(hasPermission(role, p)).toBe(true);
        expect(member.refundLimit).toBe(
          role === 'admin' ? null : role === 'support' ? REFUND_LIMIT_CENTS : 0,
        );
        expect(member).not.toHaveProperty('phoneNumber');
      }),
    );
  });
});

describe('usesBackOffice', () => {
  it('lets every role but customers in', () => {
    for (const role of userRoles) expect(usesBackOffice({ role })).toBe(role !== 'customer');
  });
});

describe('staffActor', () => {
  it('writes a member of staff in the actor fields by their id', () => {
    expect(staffActor(user.id)).toBe(`staff:${user.id}`);
  });
});
