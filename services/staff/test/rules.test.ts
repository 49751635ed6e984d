import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { userRoles } from '@pawfresh/contracts/enums';
import { REFUND_LIMIT_CENTS, hasPermission, staffRoles } from '@pawfresh/contracts/staff-roles';
import { staffActor, staffMemberOf, usesBackOffice } from '../src/rules/staff-access.js';
import { searchKinds } from '../src/rules/search-text.js';
import { skipRefusal } from '../src/rules/skip-box.js';
import { isAvailable, stockByProduct } from '../src/rules/stock-shortage.js';
import type { Product } from '@pawfresh/contracts/product';

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

describe('stockByProduct', () => {
  const dates = ['2026-12-01', '2026-12-02', '2026-12-03'];
  const product = (status: 'active' | 'out_of_stock', variantStatus = status) =>
    ({
      id: '11111111-1111-4111-8111-111111111111',
      name: 'Beef',
      type: 'meal',
      status,
      variants: [
        {
          id: '22222222-2222-4222-8222-222222222222',
          sku: 'BEEF-200',
          variantName: '200 g',
          status: variantStatus,
        },
      ],
    }) as unknown as Product;
  const line = (makeDate: string, quantity: number) => ({
    makeDate,
    kind: 'meal' as const,
    productId: '11111111-1111-4111-8111-111111111111',
    productVariantId: '22222222-2222-4222-8222-222222222222',
    quantity,
  });

  it('names the product and variant, fills every day, and marks short only the days it is needed while out', () => {
    const [row] = stockByProduct([line('2026-12-01', 14), line('2026-12-03', 7)], dates, [
      product('active', 'out_of_stock'),
    ]);
    expect(row).toMatchObject({
      name: 'Beef, 200 g',
      sku: 'BEEF-200',
      status: 'out_of_stock',
      available: false,
      total: 21,
      shortDays: ['2026-12-01', '2026-12-03'],
    });
    expect(row!.days.map((d) => [d.quantity, d.short])).toEqual([
      [14, true],
      [0, false],
      [7, true],
    ]);
    const [fine] = stockByProduct([line('2026-12-01', 14)], dates, [product('active')]);
    expect(fine).toMatchObject({ available: true, shortDays: [] });
    const named = {
      ...product('active'),
      variants: [{ ...product('active').variants[0]!, variantName: 'Beef 200 g pouch' }],
    } as Product;
    expect(stockByProduct([line('2026-12-01', 1)], dates, [named])[0]!.name).toBe(
      'Beef 200 g pouch',
    );
    const [gone] = stockByProduct([line('2026-12-02', 1)], dates, []);
    expect(gone).toMatchObject({
      name: 'A product no longer in the catalogue',
      status: null,
      shortDays: ['2026-12-02'],
    });
    expect(isAvailable('discontinuing')).toBe(true);
    expect(isAvailable('discontinued')).toBe(false);
  });

  it('keeps every unit: the totals per day add up to the lines, short days are needed days', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            makeDate: fc.constantFrom(...dates),
            quantity: fc.integer({ min: 0, max: 50 }),
          }),
          { maxLength: 20 },
        ),
        fc.constantFrom('active', 'out_of_stock') as fc.Arbitrary<'active' | 'out_of_stock'>,
        (lines, status) => {
          const rows = stockByProduct(
            lines.map((l) => line(l.makeDate, l.quantity)),
            dates,
            [product(status)],
          );
          const sum = lines.reduce((n, l) => n + l.quantity, 0);
          expect(rows.reduce((n, r) => n + r.total, 0)).toBe(sum);
          for (const r of rows) {
            expect(r.days.map((d) => d.makeDate)).toEqual(dates);
            expect(r.shortDays).toEqual(
              status === 'active'
                ? []
                : r.days.filter((d) => d.quantity > 0).map((d) => d.makeDate),
            );
          }
        },
      ),
    );
  });
});
