import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import {
  displayTypes,
  fulfilmentStatuses,
  paymentStatuses,
  type DisplayType,
} from '@pawfresh/contracts/order';
import {
  displayType,
  selectNextPendingOrder,
  selectedOrder,
  type DisplayState,
} from '../src/rules/display-type.js';
import { addDays } from '@pawfresh/contracts/calendar-dates';

const base: DisplayState = {
  paymentStatus: 'pending',
  fulfilmentStatus: 'pending',
  shipmentStatus: null,
  isCancelled: false,
  makeDate: '2026-11-19',
  deliveryDate: '2026-11-20',
  timezone: 'Australia/Melbourne',
};
/** Noon in Melbourne on a date. */
const noonOn = (date: string) => new Date(`${date}T01:00:00.000Z`);

describe('displayType: the table of docs/orders.md', () => {
  const cases: [string, Partial<DisplayState>, string, DisplayType][] = [
    ['cancelled', { isCancelled: true, paymentStatus: 'processed' }, '2026-11-10', 'HIDDEN'],
    ['payment expired', { paymentStatus: 'expired' }, '2026-11-10', 'HIDDEN'],
    ['fulfilment cancelled', { fulfilmentStatus: 'cancelled' }, '2026-11-10', 'HIDDEN'],
    [
      'delivered today',
      { shipmentStatus: 'delivered', paymentStatus: 'processed' },
      '2026-11-20',
      'DELIVERED',
    ],
    [
      'delivered 2 days ago',
      { shipmentStatus: 'delivered', paymentStatus: 'processed' },
      '2026-11-22',
      'DELIVERED',
    ],
    [
      'delivered 3 days ago',
      { shipmentStatus: 'delivered', paymentStatus: 'processed' },
      '2026-11-23',
      'PAST',
    ],
    ['paid, date gone', { paymentStatus: 'processed' }, '2026-11-21', 'PAST'],
    ['never paid, date gone', { paymentStatus: 'attempt_failed' }, '2026-11-21', 'HIDDEN'],
    ['payment failed', { paymentStatus: 'attempt_failed' }, '2026-11-17', 'FAILED'],
    [
      'on the truck',
      { paymentStatus: 'processed', fulfilmentStatus: 'palletised' },
      '2026-11-19',
      'ON ITS WAY',
    ],
    [
      'paid, delivery day',
      { paymentStatus: 'processed', fulfilmentStatus: 'packed' },
      '2026-11-20',
      'ON ITS WAY',
    ],
    [
      'being packed',
      { paymentStatus: 'processed', fulfilmentStatus: 'in_progress' },
      '2026-11-19',
      'PREPARING',
    ],
    [
      'queued early',
      { paymentStatus: 'processing', fulfilmentStatus: 'queued' },
      '2026-11-17',
      'PREPARING',
    ],
    ['paid, make day', { paymentStatus: 'processed' }, '2026-11-19', 'PREPARING'],
    ['paid, before make day', { paymentStatus: 'processed' }, '2026-11-18', 'FUTURE'],
    ['pending', {}, '2026-11-10', 'FUTURE'],
  ];
  it.each(cases)('%s', (_, state, today, expected) => {
    expect(displayType({ ...base, ...state }, noonOn(today))).toBe(expected);
  });

  it("reads today in the depot's zone", () => {
    const paid = { ...base, paymentStatus: 'processed' as const };
    // 11:30pm on 18 November in Perth is already 19 November in Melbourne.
    const at = new Date('2026-11-18T15:30:00.000Z');
    expect(displayType(paid, at)).toBe('PREPARING');
    expect(displayType({ ...paid, timezone: 'Australia/Perth' }, at)).toBe('FUTURE');
  });
});

const state = fc.record({
  paymentStatus: fc.constantFrom(...paymentStatuses),
  fulfilmentStatus: fc.constantFrom(...fulfilmentStatuses),
  shipmentStatus: fc.constantFrom(null, 'pending' as const, 'delivered' as const),
  isCancelled: fc.boolean(),
  makeOffset: fc.integer({ min: 1, max: 6 }),
  deliveryDate: fc.integer({ min: 0, max: 400 }).map((d) => addDays('2026-06-01', d)),
  timezone: fc.constantFrom('Australia/Melbourne', 'Australia/Perth', 'Australia/Brisbane'),
});
const toState = (s: StateInput) => ({
  ...s,
  makeDate: addDays(s.deliveryDate, -s.makeOffset),
});
type StateInput = typeof state extends fc.Arbitrary<infer T> ? T : never;
const today = fc.integer({ min: -20, max: 20 });

describe('displayType properties', () => {
  test.prop([state, today])('always one of the seven', (s, offset) => {
    const o = toState(s);
    expect(displayTypes).toContain(displayType(o, noonOn(addDays(o.deliveryDate, offset))));
  });

  test.prop([state, today])('cancelled or expired orders are hidden', (s, offset) => {
    const o = toState(s);
    const t = displayType(o, noonOn(addDays(o.deliveryDate, offset)));
    if (o.isCancelled || o.paymentStatus === 'expired') expect(t).toBe('HIDDEN');
  });

  test.prop([state, today])('FAILED only for a failed payment before the delivery', (s, offset) => {
    const o = toState(s);
    if (displayType(o, noonOn(addDays(o.deliveryDate, offset))) === 'FAILED') {
      expect(o.paymentStatus).toBe('attempt_failed');
      expect(offset).toBeLessThanOrEqual(0);
    }
  });

  test.prop([state, today])(
    'FUTURE is never after the delivery date; PAST never before',
    (s, offset) => {
      const o = toState(s);
      const t = displayType(o, noonOn(addDays(o.deliveryDate, offset)));
      if (t === 'FUTURE') expect(offset).toBeLessThanOrEqual(0);
      if (t === 'PAST') expect(offset).toBeGreaterThan(0);
    },
  );

  const rank: Record<DisplayType, number> = {
    FUTURE: 0,
    PREPARING: 1,
    'ON ITS WAY': 2,
    DELIVERED: 3,
    PAST: 4,
    FAILED: -1,
    HIDDEN: -1,
  };
  test.prop([state, today, fc.integer({ min: 1, max: 10 })])(
    'a paid box only moves forward as days pass',
    (s, offset, later) => {
      const o = { ...toState(s), paymentStatus: 'processed' as const, isCancelled: false };
      if (o.fulfilmentStatus === 'cancelled') return;
      const a = displayType(o, noonOn(addDays(o.deliveryDate, offset)));
      const b = displayType(o, noonOn(addDays(o.deliveryDate, offset + later)));
      expect(rank[b]).toBeGreaterThanOrEqual(rank[a]);
    },
  );
});

describe('selectNextPendingOrder and selectedOrder', () => {
  const o = (
    deliveryDate: string,
    displayType: DisplayType,
    paymentStatus = 'pending' as const,
  ) => ({
    deliveryDate,
    displayType,
    paymentStatus,
  });
  it('the next pending order is the first FUTURE one with a pending payment', () => {
    const orders = [
      o('2026-12-04', 'FUTURE'),
      o('2026-11-20', 'PREPARING'),
      o('2026-11-27', 'FUTURE'),
    ];
    expect(selectNextPendingOrder(orders)?.deliveryDate).toBe('2026-11-27');
    expect(selectNextPendingOrder([o('2026-11-20', 'PREPARING')])).toBeUndefined();
  });

  it('the selected order is the earliest, skipping the first if it is PAST', () => {
    expect(
      selectedOrder([
        o('2026-11-27', 'FUTURE'),
        o('2026-11-06', 'PAST'),
        o('2026-11-20', 'PREPARING'),
      ])?.deliveryDate,
    ).toBe('2026-11-20');
    expect(
      selectedOrder([o('2026-11-27', 'FUTURE'), o('2026-11-20', 'PREPARING')])?.deliveryDate,
    ).toBe('2026-11-20');
    expect(selectedOrder([o('2026-11-06', 'HIDDEN')])).toBeUndefined();
  });
});
