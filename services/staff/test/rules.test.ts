import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { userRoles } from '@pawfresh/contracts/enums';
import { REFUND_LIMIT_CENTS, hasPermission, staffRoles } from '@pawfresh/contracts/staff-roles';
import { staffActor, staffMemberOf, usesBackOffice } from '../src/rules/staff-access.js';
import { searchKinds } from '../src/rules/search-text.js';
import { skipRefusal } from '../src/rules/skip-box.js';

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

describe('searchKinds', () => {
  it('reads digits as an order number, a UUID as a customer id, PFR… as a serial', () => {
    expect(searchKinds(' #1042 ')).toMatchObject({ orderNumber: 1042, customerId: null });
    expect(searchKinds('2147483648').orderNumber).toBeNull();
    expect(searchKinds('0').orderNumber).toBeNull();
    expect(searchKinds(user.id.toUpperCase())).toMatchObject({
      customerId: user.id,
      people: null,
      shipmentNumber: null,
    });
    expect(searchKinds('PFR10000001')).toMatchObject({
      serialNumber: 'PFR10000001',
      shipmentNumber: 'PFR10000001',
    });
    expect(searchKinds('PFR').serialNumber).toBeNull();
  });

  it('asks the courier only for one word with a digit, and never for a name', () => {
    expect(searchKinds('BC-7781-XQ').shipmentNumber).toBe('BC-7781-XQ');
    expect(searchKinds('Smith')).toMatchObject({ shipmentNumber: null, people: 'Smith' });
    expect(searchKinds('jo@example.com').shipmentNumber).toBeNull();
  });

  it('reads any text without failing, and always as people unless it is an id', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        const kinds = searchKinds(text);
        expect(kinds.people === null).toBe(kinds.customerId !== null);
      }),
    );
  });
});

describe('skipRefusal', () => {
  const now = new Date('2026-11-10T00:00:00.000Z');
  const box: Parameters<typeof skipRefusal>[0] = {
    orderNumber: 1042,
    deliveryDate: '2026-11-20',
    paymentStatus: 'pending',
    fulfilmentStatus: 'pending',
    cutoffAt: '2026-11-16T06:00:00.000Z',
    metadata: { isCancelled: false },
  };

  it('lets a box not charged and not started be skipped', () => {
    expect(skipRefusal(box, now)).toBeNull();
    // A failed payment was never charged: it may be skipped after its cut-off too.
    expect(
      skipRefusal({ ...box, paymentStatus: 'attempt_failed' }, new Date('2026-11-18T00:00:00Z')),
    ).toBeNull();
  });

  it('says why any other box cannot be', () => {
    const at = (change: Partial<typeof box>, when = now) =>
      skipRefusal({ ...box, ...change }, when);
    expect(at({}, new Date('2026-11-16T06:00:00.000Z'))).toBe(
      'The box #1042 of Fri 20 Nov cannot be skipped: changes for it closed at 2026-11-16T06:00:00.000Z',
    );
    expect(at({ paymentStatus: 'processed' })).toBe(
      'The box #1042 of Fri 20 Nov is paid: refund it instead of skipping it',
    );
    expect(at({ paymentStatus: 'processing' })).toMatch(/being charged right now/);
    expect(at({ paymentStatus: 'expired' })).toBe('The box #1042 of Fri 20 Nov is skipped already');
    expect(at({ fulfilmentStatus: 'in_progress', paymentStatus: 'attempt_failed' })).toBe(
      'The box #1042 of Fri 20 Nov cannot be skipped: the kitchen is working on it (fulfilment in_progress)',
    );
    expect(at({ metadata: { isCancelled: true } })).toMatch(/is cancelled/);
    expect(at({ fulfilmentStatus: 'cancelled' })).toMatch(/is cancelled/);
  });
});
