import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import {
  blockedFulfilmentStatuses,
  fulfilmentStatuses,
  paymentStatuses,
} from '@pawfresh/contracts/order';
import {
  changeScope,
  extraInOrder,
  planSide,
  replanLines,
  startThroughBox,
  stillArriving,
  versionMoved,
  type OrderInScope,
} from '../src/rules/subscription-changes.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const NOW = new Date('2026-11-25T00:00:00.000Z');
const TODAY = '2026-11-25';

const order = (n: number, o: Partial<OrderInScope> = {}): OrderInScope => ({
  id: id(n),
  deliveryDate: '2026-12-10',
  cutoffAt: '2026-12-05T06:00:00.000Z',
  fulfilmentStatus: 'pending',
  paymentStatus: 'pending',
  subscriptionOrderIndex: n,
  metadata: {
    legacyOrderId: null,
    phoenixToggle: false,
    shadowToggle: false,
    isOnHold: false,
    isCancelled: false,
  },
  ...o,
});

describe('changeScope (docs/changes.md)', () => {
  it('updates open future orders and names the ones it leaves, with why', () => {
    const scope = changeScope(
      [
        order(1),
        order(2, { cutoffAt: '2026-11-24T06:00:00.000Z', deliveryDate: '2026-11-28' }),
        order(3, { fulfilmentStatus: 'queued' }),
        order(4, { paymentStatus: 'processed' }),
        order(5, { deliveryDate: '2026-11-01' }),
        order(6, { fulfilmentStatus: 'cancelled' }),
      ],
      NOW,
      TODAY,
    );
    expect(scope.open.map((o) => o.id)).toEqual([id(1)]);
    expect(scope.left.map((l) => [l.orderId, l.reason])).toEqual([
      [id(2), 'past_cutoff'],
      [id(3), 'fulfilment_blocked'],
      [id(4), 'paid'],
    ]);
    expect(scope.left.map((l) => l.message)).toEqual([
      'changes for it have closed',
      'the kitchen is already making it',
      'it is already paid for',
    ]);
  });

  const arbitraryOrder = fc.record({
    n: fc.integer({ min: 1, max: 999 }),
    days: fc.integer({ min: -30, max: 60 }),
    cutoffHours: fc.integer({ min: -2000, max: 2000 }),
    fulfilmentStatus: fc.constantFrom(...fulfilmentStatuses),
    paymentStatus: fc.constantFrom(...paymentStatuses),
    isCancelled: fc.boolean(),
  });

  test.prop([fc.array(arbitraryOrder, { maxLength: 20 })])(
    'an order is open only before its cut-off, unpaid and not being made; open and left never overlap',
    (specs) => {
      const orders = specs.map((s, i) =>
        order(i + 1, {
          deliveryDate: new Date(NOW.getTime() + s.days * 86_400_000).toISOString().slice(0, 10),
          cutoffAt: new Date(NOW.getTime() + s.cutoffHours * 3_600_000).toISOString(),
          fulfilmentStatus: s.fulfilmentStatus,
          paymentStatus: s.paymentStatus,
          metadata: { ...order(0).metadata, isCancelled: s.isCancelled },
        }),
      );
      const { open, left } = changeScope(orders, NOW, TODAY);
      const leftIds = new Set(left.map((l) => l.orderId));
      for (const o of open) {
        expect(leftIds.has(o.id)).toBe(false);
        expect(Date.parse(o.cutoffAt)).toBeGreaterThan(NOW.getTime());
        expect(o.paymentStatus).toBe('pending');
        expect(blockedFulfilmentStatuses as readonly string[]).not.toContain(o.fulfilmentStatus);
        expect(o.deliveryDate >= TODAY).toBe(true);
        expect(o.metadata.isCancelled).toBe(false);
      }
      for (const l of left) expect(l.deliveryDate >= TODAY).toBe(true);
      expect(open.length + left.length).toBeLessThanOrEqual(orders.length);
    },
  );
});

describe('versions, extras, plan lines', () => {
  it('refuses a moved version and names both', () => {
    expect(versionMoved(id(1), undefined, 4)).toBeUndefined();
    expect(versionMoved(id(1), 4, 4)).toBeUndefined();
    expect(versionMoved(id(1), 3, 4)).toMatch(/since version 3 \(it is at version 4\)/);
  });

  test.prop([
    fc.integer({ min: 0, max: 50 }),
    fc.integer({ min: 0, max: 20 }),
    fc.integer({ min: 1, max: 6 }),
  ])(
    'an extra reaches its start and every nth order after, nothing before',
    (index, start, nth) => {
      expect(extraInOrder(index, { startOrderIndex: start, nthOrder: nth })).toBe(
        index >= start && (index - start) % nth === 0,
      );
      expect(extraInOrder(null, { startOrderIndex: start, nthOrder: nth })).toBe(false);
    },
  );

  it('replaces only the changed dog’s plan lines, keeping extras and other dogs', () => {
    const line = (o: Record<string, unknown>) => ({
      id: id(900),
      bundleId: null,
      animalId: null,
      extraId: null,
      productId: id(50),
      productVariantId: id(51),
      planType: null,
      price: 100,
      quantity: 1,
      oneOff: false,
      discountedPrice: null,
      discountScheduleApplicationId: null,
      bundleLineItems: [],
      ...o,
    });
    const lines = [
      line({ animalId: id(1), planType: 'full_bowl', quantity: 14 }),
      line({ animalId: id(2), planType: 'full_bowl', quantity: 7 }),
      line({ extraId: id(3) }),
    ] as never;
    const plan = {
      animalId: id(1),
      status: 'active',
      type: 'half_bowl',
      skus: [{ productId: id(60), productVariantId: id(61), pouches: 7, price: 900 }],
    };
    const next = replanLines(lines, [plan] as never, new Set([id(1)]));
    expect(next.map((l) => [l.animalId, l.planType, l.quantity, l.price])).toEqual([
      [id(1), 'half_bowl', 7, 900],
      [id(2), 'full_bowl', 7, 100],
      [null, null, 1, 100],
    ]);
  });

  it('sums a before/after side', () => {
    const p = { pouchesPerBox: 28, pricePerBox: 25_000, pricePerDay: 1_786 };
    expect(planSide([p, p] as never)).toMatchObject({
      pouchesPerBox: 56,
      pricePerBox: 50_000,
      pricePerDay: 3_572,
    });
  });

  it('a cancellation lists the future orders that still arrive, with why', () => {
    const orders = [
      order(1),
      order(2, { fulfilmentStatus: 'packed' }),
      order(3, { paymentStatus: 'processed' }),
    ];
    const arriving = stillArriving(orders, [id(1)], TODAY);
    expect(arriving.map((a) => a.orderId)).toEqual([id(2), id(3)]);
    expect(arriving[0]!.message).toMatch(
      /^Your box of \w+ \d+ \w+ still arrives: it is already being packed$/,
    );
    expect(arriving[1]!.message).toMatch(/still arrives: it is already paid for$/);
  });
});

describe("startThroughBox (an extra's new frequency, changed from a box)", () => {
  it('counts the new rhythm through the box edited, back towards the old start', () => {
    // Started on box 10; every 3rd from box 13: 10, 13, 16…
    expect(startThroughBox(10, 13, 3)).toBe(10);
    // From box 14 (every 2nd had it): 11, 14, 17… (box 14 keeps it; counting from 10 dropped it)
    expect(startThroughBox(10, 14, 3)).toBe(11);
    // From a box before the old start: the schedule starts there.
    expect(startThroughBox(10, 8, 3)).toBe(8);
  });

  test.prop([
    fc.integer({ min: 0, max: 500 }),
    fc.integer({ min: 0, max: 500 }),
    fc.integer({ min: 1, max: 12 }),
  ])(
    'the box edited keeps the extra; the schedule starts no later than it did, nor before',
    (start, box, nth) => {
      const next = startThroughBox(start, box, nth);
      expect(extraInOrder(box, { startOrderIndex: next, nthOrder: nth })).toBe(true);
      expect(next).toBeLessThanOrEqual(box);
      expect(next).toBeGreaterThanOrEqual(Math.min(start, box));
      // No box between the old start and the one edited that the new rhythm reaches is left out.
      expect(next - Math.min(start, box)).toBeLessThan(nth);
    },
  );
});
