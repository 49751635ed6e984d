import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import {
  feedingPlanStatuses,
  servingSizeCodes,
  subscriptionStatuses,
  type FeedingPlanStatus,
  type SubscriptionStatus,
} from '@pawfresh/contracts/subscription';
import {
  dailyServingGrams,
  MAX_VARIABLE_POUCH_GRAMS,
  nearestServingSize,
  pouchesOf,
  pouchesPerOrder,
  SERVING_SIZES,
  servingSizeOfGrams,
  type ServingSize,
} from '../src/rules/serving-size.js';
import { allocatePouches, ratiosAddUp } from '../src/rules/pouch-allocation.js';
import { isDiscountInOrder, isExtraInOrder } from '../src/rules/order-schedule.js';
import {
  feedingPlanTransition,
  subscriptionTransition,
  type FeedingPlanAction,
  type SubscriptionAction,
} from '../src/rules/status-transitions.js';

const RUNS = { numRuns: 1000 };

const size = (code: string): ServingSize => {
  const found = SERVING_SIZES.find((s) => s.code === code);
  if (!found) throw new Error(`no serving size ${code}`);
  return found;
};
const allowedGrams = SERVING_SIZES.map((s) => s.grams);
const SMALLEST = allowedGrams[0]!;
const LARGEST = allowedGrams.at(-1)!;

/** Daily grams from a little under the smallest size to a little over the largest. */
const gramsArb = fc.double({ min: 1, max: 2500, noNaN: true, noDefaultInfinity: true });

describe('SERVING_SIZES', () => {
  it('are the 42 sizes of services.md §9, smallest first, with their letters', () => {
    expect(SERVING_SIZES).toHaveLength(42);
    expect(new Set(SERVING_SIZES.map((s) => s.code))).toEqual(new Set(servingSizeCodes));
    expect(allowedGrams).toEqual([...allowedGrams].sort((a, b) => a - b));
    expect(new Set(allowedGrams).size).toBe(allowedGrams.length);
    expect(size('f0400')).toEqual({ code: 'f0400', letter: 'f', grams: 400 });
    expect(size('q1600')).toEqual({ code: 'q1600', letter: 'q', grams: 1600 });
    expect([SMALLEST, LARGEST]).toEqual([100, 1800]);
    expect(servingSizeOfGrams(725)?.code).toBe('v0725');
    expect(servingSizeOfGrams(726)).toBeUndefined();
  });
});

describe('nearestServingSize', () => {
  it('maps every allowed size to itself', () => {
    for (const s of SERVING_SIZES) expect(nearestServingSize(s.grams)).toEqual(s);
  });

  it('rounds to the nearest size, a tie to the larger one', () => {
    expect(nearestServingSize(489.47).code).toBe('f0500');
    expect(nearestServingSize(487.4).code).toBe('v0475');
    expect(nearestServingSize(112.5).code).toBe('f0125'); // tie between 100 and 125
    expect(nearestServingSize(112.4).code).toBe('v0100');
    expect(nearestServingSize(1725).code).toBe('t1800'); // tie between 1650 and 1800
    expect(nearestServingSize(1724.9).code).toBe('v1650');
  });

  it('clamps at both ends', () => {
    expect(nearestServingSize(0.001).code).toBe('v0100');
    expect(nearestServingSize(99).code).toBe('v0100');
    expect(nearestServingSize(1801).code).toBe('t1800');
    expect(nearestServingSize(1_000_000).code).toBe('t1800');
  });

  it('refuses grams that are not a positive number', () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => nearestServingSize(bad)).toThrow(RangeError);
    }
  });

  test.prop([gramsArb], RUNS)('always answers an allowed size', (grams) => {
    const s = nearestServingSize(grams);
    expect(servingSizeCodes).toContain(s.code);
    expect(servingSizeOfGrams(s.grams)).toEqual(s);
  });

  test.prop([gramsArb], RUNS)('no allowed size is strictly closer', (grams) => {
    const distance = Math.abs(nearestServingSize(grams).grams - grams);
    for (const g of allowedGrams) expect(Math.abs(g - grams)).toBeGreaterThanOrEqual(distance);
  });

  test.prop([gramsArb, gramsArb], RUNS)('more grams never give a smaller size', (a, b) => {
    const [low, high] = a <= b ? [a, b] : [b, a];
    expect(nearestServingSize(low).grams).toBeLessThanOrEqual(nearestServingSize(high).grams);
  });

  test.prop([fc.constantFrom(...SERVING_SIZES), fc.double({ min: -0.49, max: 0.49, noNaN: true })])(
    'grams within half a gram of an allowed size give that size',
    (s, offset) => {
      expect(nearestServingSize(s.grams + offset)).toEqual(s);
    },
  );
});

describe('pouchesOf', () => {
  it('packs the worked cases of docs/serving-sizes.md', () => {
    const cases: [string, number, number][] = [
      ['f0125', 1, 125],
      ['f0400', 1, 400],
      ['f0700', 1, 700],
      ['d0800', 2, 400],
      ['d1000', 2, 500],
      ['d1400', 2, 700],
      ['q1600', 4, 400],
      ['t1800', 3, 600],
      ['v0100', 1, 100],
      ['v0650', 1, 650],
      ['v0725', 2, 363], // 362.5 rounds half up
      ['v0950', 2, 475],
      ['v1300', 2, 650],
      ['v1650', 3, 550],
    ];
    for (const [code, pouchesPerDay, pouchSizeGrams] of cases) {
      expect(pouchesOf(size(code)), code).toEqual({ pouchesPerDay, pouchSizeGrams });
    }
  });

  it('holds for every allowed size: whole pouches that add up to the day within rounding', () => {
    for (const s of SERVING_SIZES) {
      const { pouchesPerDay, pouchSizeGrams } = pouchesOf(s);
      expect(Number.isInteger(pouchesPerDay) && pouchesPerDay >= 1, s.code).toBe(true);
      expect(Number.isInteger(pouchSizeGrams) && pouchSizeGrams > 0, s.code).toBe(true);
      expect(Math.abs(pouchesPerDay * pouchSizeGrams - s.grams), s.code).toBeLessThanOrEqual(
        pouchesPerDay / 2,
      );
      if (s.letter === 'v') {
        expect(pouchSizeGrams, s.code).toBeLessThanOrEqual(MAX_VARIABLE_POUCH_GRAMS);
        // The fewest pouches that fit: one fewer would overfill a pouch.
        expect((pouchesPerDay - 1) * MAX_VARIABLE_POUCH_GRAMS, s.code).toBeLessThan(s.grams);
      } else {
        // Standard pouches are exact and come in the catalogue's standard sizes.
        expect(pouchesPerDay * pouchSizeGrams, s.code).toBe(s.grams);
        expect([125, 150, 200, 250, 300, 400, 500, 600, 700], s.code).toContain(pouchSizeGrams);
        expect({ f: 1, d: 2, t: 3, q: 4 }[s.letter], s.code).toBe(pouchesPerDay);
      }
    }
  });

  it('counts an order as every day of the cadence', () => {
    expect(pouchesPerOrder(1, 2)).toBe(14);
    expect(pouchesPerOrder(3, 1)).toBe(21);
    expect(pouchesPerOrder(4, 12)).toBe(336);
  });
});

describe('dailyServingGrams', () => {
  const turkey = { kcalPer100g: 118, weight: 1 };
  const kangaroo = { kcalPer100g: 110, weight: 1 };

  it('works the example: 558 kcal, full bowl, turkey and kangaroo half each', () => {
    // 558 ÷ (0.5 × 1.18 + 0.5 × 1.10) = 558 ÷ 1.14 = 489.47 g, served as f0500.
    const grams = dailyServingGrams({
      energy: 558,
      percentOfCalories: 100,
      meals: [turkey, kangaroo],
    });
    expect(grams).toBeCloseTo(489.47, 2);
    expect(nearestServingSize(grams).code).toBe('f0500');
  });

  it('halves for a half bowl, and weighs the meals by their shares', () => {
    const full = dailyServingGrams({
      energy: 558,
      percentOfCalories: 100,
      meals: [turkey, kangaroo],
    });
    const half = dailyServingGrams({
      energy: 558,
      percentOfCalories: 50,
      meals: [turkey, kangaroo],
    });
    expect(half).toBeCloseTo(full / 2, 9);
    // 3 parts turkey to 1 of kangaroo: 558 ÷ (0.75 × 1.18 + 0.25 × 1.10) = 558 ÷ 1.16.
    expect(
      dailyServingGrams({
        energy: 558,
        percentOfCalories: 100,
        meals: [{ ...turkey, weight: 3 }, kangaroo],
      }),
    ).toBeCloseTo(558 / 1.16, 9);
    expect(dailyServingGrams({ energy: 118, percentOfCalories: 100, meals: [turkey] })).toBeCloseTo(
      100,
      9,
    );
  });

  it('refuses what is not positive', () => {
    const ok = { energy: 558, percentOfCalories: 100, meals: [turkey, kangaroo] };
    const bad = [
      { ...ok, energy: 0 },
      { ...ok, energy: -1 },
      { ...ok, energy: Number.NaN },
      { ...ok, energy: Number.POSITIVE_INFINITY },
      { ...ok, percentOfCalories: 0 },
      { ...ok, meals: [] },
      { ...ok, meals: [{ ...turkey, weight: 0 }, kangaroo] },
      { ...ok, meals: [turkey, { ...kangaroo, weight: -2 }] },
      { ...ok, meals: [{ ...turkey, kcalPer100g: 0 }] },
    ];
    for (const input of bad) expect(() => dailyServingGrams(input)).toThrow(RangeError);
  });

  const mealArb = fc.record({
    kcalPer100g: fc.integer({ min: 50, max: 300 }),
    weight: fc.integer({ min: 1, max: 100 }),
  });
  test.prop(
    [
      fc.integer({ min: 1, max: 5000 }),
      fc.array(mealArb, { minLength: 1, maxLength: 7 }),
      fc.integer({ min: 2, max: 50 }),
    ],
    RUNS,
  )('scales with energy, not with the meal weights', (energy, meals, k) => {
    const grams = dailyServingGrams({ energy, percentOfCalories: 100, meals });
    expect(grams).toBeGreaterThan(0);
    const scaledWeights = meals.map((m) => ({ ...m, weight: m.weight * k }));
    expect(dailyServingGrams({ energy, percentOfCalories: 100, meals: scaledWeights })).toBeCloseTo(
      grams,
      6,
    );
    expect(dailyServingGrams({ energy: energy * k, percentOfCalories: 100, meals })).toBeCloseTo(
      grams * k,
      6,
    );
    // The mix's energy density is between its leanest and richest meal's.
    const densities = meals.map((m) => m.kcalPer100g / 100);
    expect(grams).toBeGreaterThanOrEqual(energy / Math.max(...densities) - 1e-9);
    expect(grams).toBeLessThanOrEqual(energy / Math.min(...densities) + 1e-9);
  });
});

describe('allocatePouches', () => {
  it('splits evenly, and the leftovers go to the largest remainders, earlier first on a tie', () => {
    expect(allocatePouches(14, [0.5, 0.5])).toEqual([7, 7]);
    expect(allocatePouches(14, [1, 1, 1])).toEqual([5, 5, 4]);
    expect(allocatePouches(14, [0.25, 0.75])).toEqual([4, 10]); // 3.5 / 10.5: the earlier wins
    expect(allocatePouches(7, [0.9, 0.1])).toEqual([6, 1]);
    expect(allocatePouches(14, [0.99, 0.01])).toEqual([14, 0]);
    expect(allocatePouches(0, [1, 2])).toEqual([0, 0]);
  });

  it('refuses a total that is not a whole number and ratios that are not positive', () => {
    expect(() => allocatePouches(1.5, [1])).toThrow(RangeError);
    expect(() => allocatePouches(-1, [1])).toThrow(RangeError);
    expect(() => allocatePouches(14, [])).toThrow(RangeError);
    expect(() => allocatePouches(14, [0, 0])).toThrow(RangeError);
  });

  const ratiosArb = fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 7 });
  const totalArb = fc.integer({ min: 0, max: 10_000 });

  test.prop([totalArb, ratiosArb], RUNS)(
    'adds up to the total, each part within 1 of its exact share',
    (total, ratios) => {
      const parts = allocatePouches(total, ratios);
      const sum = ratios.reduce((s, r) => s + r, 0);
      expect(parts).toHaveLength(ratios.length);
      expect(parts.reduce((s, p) => s + p, 0)).toBe(total);
      parts.forEach((p, i) => {
        expect(Number.isInteger(p) && p >= 0).toBe(true);
        expect(Math.abs(p - (total * ratios[i]!) / sum)).toBeLessThan(1);
      });
    },
  );

  // Integer ratios and factors keep the arithmetic exact, so the tie-breaks are the same too.
  test.prop([totalArb, ratiosArb, fc.integer({ min: 2, max: 1000 })], RUNS)(
    'does not depend on the scale of the ratios',
    (total, ratios, k) => {
      expect(
        allocatePouches(
          total,
          ratios.map((r) => r * k),
        ),
      ).toEqual(allocatePouches(total, ratios));
    },
  );

  test.prop([totalArb, ratiosArb], RUNS)(
    'accepts fractions that add up to 1 alike',
    (total, ratios) => {
      const sum = ratios.reduce((s, r) => s + r, 0);
      const parts = allocatePouches(
        total,
        ratios.map((r) => r / sum),
      );
      expect(parts.reduce((s, p) => s + p, 0)).toBe(total);
      parts.forEach((p, i) =>
        expect(Math.abs(p - (total * ratios[i]!) / sum)).toBeLessThan(1 + 1e-9),
      );
    },
  );

  it('ratiosAddUp allows a little rounding', () => {
    expect(ratiosAddUp([0.5, 0.5])).toBe(true);
    expect(ratiosAddUp([0.333, 0.333, 0.333])).toBe(true);
    expect(ratiosAddUp([0.5, 0.4])).toBe(false);
    expect(ratiosAddUp([0.6, 0.6])).toBe(false);
  });
});

describe('isExtraInOrder', () => {
  const orders = (pick: (i: number) => boolean) =>
    Array.from({ length: 201 }, (_, i) => i).filter(pick);
  const startArb = fc.integer({ min: 0, max: 100 });
  const nthArb = fc.integer({ min: 1, max: 52 });

  it('gives every second order from the start', () => {
    const extra = { startOrderIndex: 1, nthOrder: 2, cancelledAt: null };
    expect(orders((i) => isExtraInOrder(extra, i)).slice(0, 4)).toEqual([1, 3, 5, 7]);
    expect(isExtraInOrder(extra, 0)).toBe(false);
    expect(isExtraInOrder(extra, 2.5)).toBe(false);
  });

  test.prop([startArb, nthArb], RUNS)(
    'the orders that get it are exactly start, start + nth, start + 2 × nth, …',
    (start, nth) => {
      const expected: number[] = [];
      for (let i = start; i <= 200; i += nth) expected.push(i);
      const extra = { startOrderIndex: start, nthOrder: nth };
      expect(orders((i) => isExtraInOrder(extra, i))).toEqual(expected);
    },
  );

  test.prop([
    startArb,
    nthArb,
    fc.oneof(fc.date({ noInvalidDate: true }), fc.constant('2026-01-01T00:00:00.000Z')),
  ])('a cancelled extra is in no order', (start, nth, cancelledAt) => {
    const extra = { startOrderIndex: start, nthOrder: nth, cancelledAt };
    expect(orders((i) => isExtraInOrder(extra, i))).toEqual([]);
  });

  test.prop([startArb])('nthOrder 1 is every order from the start', (start) => {
    const extra = { startOrderIndex: start, nthOrder: 1, cancelledAt: null };
    expect(orders((i) => isExtraInOrder(extra, i))).toEqual(orders((i) => i >= start));
  });
});

describe('isDiscountInOrder', () => {
  const orders = (pick: (i: number) => boolean) =>
    Array.from({ length: 301 }, (_, i) => i).filter(pick);
  const startArb = fc.integer({ min: 0, max: 100 });

  test.prop([startArb], RUNS)('null quantity: every order from the start', (start) => {
    const discount = { orderStartIndex: start, orderQuantity: null };
    expect(orders((i) => isDiscountInOrder(discount, i))).toEqual(orders((i) => i >= start));
  });

  test.prop([startArb, fc.integer({ min: 0, max: 200 })], RUNS)(
    'quantity q: exactly the q orders from the start',
    (start, q) => {
      const discount = { orderStartIndex: start, orderQuantity: q };
      const got = orders((i) => isDiscountInOrder(discount, i));
      expect(got).toHaveLength(q);
      expect(got).toEqual(Array.from({ length: q }, (_, k) => start + k));
    },
  );

  it('is in no order before the start, nor at a fractional index', () => {
    expect(isDiscountInOrder({ orderStartIndex: 3, orderQuantity: null }, 2)).toBe(false);
    expect(isDiscountInOrder({ orderStartIndex: 3, orderQuantity: null }, 3.5)).toBe(false);
    expect(isDiscountInOrder({ orderStartIndex: 0, orderQuantity: 0 }, 0)).toBe(false);
  });
});

describe('subscription status transitions', () => {
  /** docs/subscriptions.md, written out: the allowed (status, action) pairs and where they go. */
  const allowed: Record<SubscriptionAction, Partial<Record<SubscriptionStatus, string>>> = {
    activate: { draft: 'active' },
    pause: { active: 'paused', paused: 'paused' },
    resume: { paused: 'active' },
    cancel: { active: 'cancelled', paused: 'cancelled' },
    reactivate: { cancelled: 'active' },
    remove: { draft: 'removed', cancelled: 'removed' },
  };
  const actions = Object.keys(allowed) as SubscriptionAction[];

  it('allows exactly the listed pairs, and names the current status when refusing', () => {
    for (const action of actions) {
      for (const status of subscriptionStatuses) {
        const result = subscriptionTransition(status, action);
        const to = allowed[action][status];
        if (to) {
          expect(result, `${action} from ${status}`).toEqual({ ok: true, to });
        } else {
          expect(result.ok, `${action} from ${status}`).toBe(false);
          if (!result.ok) {
            expect(result.message).toContain(`this one is ${status}`);
            expect(result.message).toMatch(/^Only an? .+ subscription can be /);
          }
        }
      }
    }
  });

  it('says what to do instead', () => {
    const message = (status: SubscriptionStatus, action: SubscriptionAction) => {
      const r = subscriptionTransition(status, action);
      return r.ok ? '' : r.message;
    };
    expect(message('active', 'remove')).toBe(
      'Only a draft or cancelled subscription can be removed; this one is active: cancel it first',
    );
    expect(message('paused', 'remove')).toContain('cancel it first');
    expect(message('draft', 'cancel')).toContain('remove a draft instead');
    expect(message('cancelled', 'resume')).toContain('reactivate it instead');
    expect(message('paused', 'reactivate')).toContain('resume it instead');
    expect(message('active', 'activate')).toBe(
      'Only a draft subscription can be activated; this one is active',
    );
  });
});

describe('feeding plan status transitions', () => {
  const allowed: Record<
    FeedingPlanAction,
    Partial<Record<FeedingPlanStatus, FeedingPlanStatus>>
  > = {
    pause: { active: 'paused' },
    activate: { paused: 'active' },
    makeIneligible: { active: 'ineligible', paused: 'ineligible' },
    makeEligible: { ineligible: 'active' },
  };

  it('allows exactly the listed pairs, and names the current status when refusing', () => {
    for (const action of Object.keys(allowed) as FeedingPlanAction[]) {
      for (const status of feedingPlanStatuses) {
        const result = feedingPlanTransition(status, action);
        const to = allowed[action][status];
        if (to) {
          expect(result, `${action} from ${status}`).toEqual({ ok: true, to });
        } else {
          expect(result.ok, `${action} from ${status}`).toBe(false);
          if (!result.ok) expect(result.message).toContain(`this one is ${status}`);
        }
      }
    }
  });
});
