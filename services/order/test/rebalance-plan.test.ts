import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { planRebalance, rebalanceRefusal } from '../src/rules/rebalancing.js';

/** The pure plan of a facility's rebalance: what the dry run answers and the move applies. */
const box = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  deliveryDate: '2026-11-20',
  expectedDeliverySlotId: 'PM' as const,
  depotCode: 'MEL',
  facilityId: 1,
  fulfilmentStatus: 'pending' as const,
  paymentStatus: 'processed' as const,
  billingDate: '2026-11-17',
  isCancelled: false,
  ...over,
});
const move = { facilityId: 1, fromDate: '2026-11-19', toDate: '2026-11-18', force: false };
const today = '2026-11-10';

describe('planRebalance', () => {
  it('takes the movable boxes in the order given, up to the amount, and counts those that stay', () => {
    const boxes = [
      box('a'),
      box('b', { fulfilmentStatus: 'packed' }),
      box('c', { paymentStatus: 'pending', billingDate: '2026-11-19' }),
      box('d'),
      box('e'),
    ];
    const plan = planRebalance(boxes, { ...move, amountOfBoxes: 2 }, today);
    expect(plan.moving.map((b) => b.id)).toEqual(['a', 'd']);
    expect(plan.staying).toEqual([
      { reason: 'not_open', boxes: 1 },
      { reason: 'not_paid', boxes: 1 },
    ]);
    expect(plan.refusal).toBeUndefined();
  });

  it('refuses with the reasons when nothing may move, or an empty day, or the same day', () => {
    expect(planRebalance([], { ...move, amountOfBoxes: 1 }, today).refusal).toBe(
      'Facility 1 has no boxes to make on 2026-11-19',
    );
    expect(
      planRebalance([box('a')], { ...move, toDate: '2026-11-15', amountOfBoxes: 1 }, today).refusal,
    ).toBe('No box made on 2026-11-19 can move to 2026-11-15: the kitchens do not cook on Sundays');
    const same = planRebalance(
      [box('a')],
      { ...move, toDate: '2026-11-19', amountOfBoxes: 1 },
      today,
    );
    expect(same.moving).toEqual([]);
    expect(same.refusal).toBe(
      'No box made on 2026-11-19 can move to 2026-11-19: it is the same day',
    );
  });

  const anyBox = fc.record({
    fulfilmentStatus: fc.constantFrom('pending', 'queued', 'packed', 'cancelled'),
    paymentStatus: fc.constantFrom('pending', 'processed', 'expired', 'attempt_failed'),
    billingDate: fc.constantFrom('2026-11-14', '2026-11-17', '2026-11-19'),
    isCancelled: fc.boolean(),
  });
  test.prop([
    fc.array(anyBox, { maxLength: 30 }),
    fc.integer({ min: 1, max: 40 }),
    fc.constantFrom('2026-11-16', '2026-11-17', '2026-11-18', '2026-11-20'),
    fc.boolean(),
  ])(
    'moves only boxes the rule allows, the first ones in order, at most the amount; every box moves, stays with a reason, or is beyond the amount',
    (overs, amountOfBoxes, toDate, force) => {
      const boxes = overs.map((o, i) => box(String(i), o));
      const plan = planRebalance(boxes, { ...move, toDate, force, amountOfBoxes }, today);
      const allowed = boxes.filter((b) => !rebalanceRefusal(b, toDate, today, force));
      expect(plan.moving).toEqual(allowed.slice(0, amountOfBoxes));
      expect(plan.moving.length).toBeLessThanOrEqual(amountOfBoxes);
      const staying = plan.staying.reduce((n, s) => n + s.boxes, 0);
      expect(staying + allowed.length).toBe(boxes.length);
      expect(plan.refusal === undefined).toBe(plan.moving.length > 0);
    },
  );
});

describe('rebalanceRefusal', () => {
  const one = box('a');
  it('allows up to two days earlier than the rule, a kitchen day after today', () => {
    expect(rebalanceRefusal(one, '2026-11-19', '2026-11-10', false)).toBeUndefined();
    expect(rebalanceRefusal(one, '2026-11-17', '2026-11-10', false)).toBeUndefined();
    expect(rebalanceRefusal(one, '2026-11-16', '2026-11-10', false)).toBe('too_early');
    expect(rebalanceRefusal(one, '2026-11-16', '2026-11-10', true)).toBeUndefined();
    expect(rebalanceRefusal(one, '2026-11-20', '2026-11-10', true)).toBe('misses_the_truck');
    expect(rebalanceRefusal(one, '2026-11-15', '2026-11-10', true)).toBe('sunday');
    expect(rebalanceRefusal(one, '2026-11-17', '2026-11-17', true)).toBe('not_after_today');
    expect(
      rebalanceRefusal({ ...one, fulfilmentStatus: 'packed' }, '2026-11-18', '2026-11-10', false),
    ).toBe('not_open');
  });
});
