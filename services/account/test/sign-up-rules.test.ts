import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { deliveryDays, planTotals, postcodeCoverage } from '../src/rules/sign-up.js';
import { countCall, signUpThrottles } from '../src/rules/throttle.js';

/** The sign-up funnel's rules (docs/sign-up.md), alone. */
describe('postcode coverage', () => {
  it('lists each suburb once, by name, serviceable when any of its rows is', () => {
    expect(
      postcodeCoverage('3121', [
        { suburb: 'RICHMOND', isServiceable: false },
        { suburb: 'BURNLEY', isServiceable: true },
        { suburb: 'RICHMOND', isServiceable: true },
      ]),
    ).toEqual({
      postcode: '3121',
      serviceable: true,
      suburbs: [
        { suburb: 'BURNLEY', serviceable: true },
        { suburb: 'RICHMOND', serviceable: true },
      ],
    });
    expect(
      postcodeCoverage('0872', [{ suburb: 'KINTORE', isServiceable: false }]).serviceable,
    ).toBe(false);
  });

  test.prop([
    fc.array(
      fc.record({ suburb: fc.constantFrom('A', 'B', 'C', 'D'), isServiceable: fc.boolean() }),
    ),
  ])('a postcode is served exactly when one of its suburbs is', (zones) => {
    const coverage = postcodeCoverage('2000', zones);
    expect(coverage.serviceable).toBe(zones.some((z) => z.isServiceable));
    expect(new Set(coverage.suburbs.map((s) => s.suburb)).size).toBe(coverage.suburbs.length);
  });
});

describe('first delivery days', () => {
  const slot = fc.constantFrom('AM' as const, 'PM' as const);
  const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-12-${String(d).padStart(2, '0')}`);
  test.prop([fc.array(fc.record({ deliveryDate: day, slot, cutoffAt: fc.constant('x') }))])(
    'groups the options by day, in date order, AM before PM, each slot once',
    (options) => {
      const days = deliveryDays(options);
      const dates = days.map((d) => d.deliveryDate);
      expect(dates).toEqual([...new Set(options.map((o) => o.deliveryDate))].sort());
      for (const d of days) {
        const slots = d.slots.map((s) => s.slot);
        expect(slots).toEqual([...new Set(slots)].sort());
        expect(slots.length).toBeGreaterThan(0);
      }
    },
  );
});

describe('plan totals', () => {
  it('adds the dogs’ plans and takes the code’s discount off the first box only', () => {
    const totals = planTotals(
      [
        {
          feedingPlan: { totalPrice: 10_000, dailyPrice: 714 },
          promotion: { discountTotal: 5_000 },
        },
        {
          feedingPlan: { totalPrice: 6_000, dailyPrice: 428 },
          promotion: { discountTotal: 3_000 },
        },
      ],
      'WELCOME50',
    );
    expect(totals).toEqual({
      boxPrice: 16_000,
      dailyPrice: 1_142,
      firstBoxPrice: 8_000,
      promotion: { code: 'WELCOME50', discountTotal: 8_000 },
    });
  });

  const cents = fc.integer({ min: 0, max: 100_000 });
  test.prop([
    fc.array(
      fc.record({
        feedingPlan: fc.record({ totalPrice: cents, dailyPrice: cents }),
        promotion: fc.option(fc.record({ discountTotal: cents }), { nil: null }),
      }),
      { maxLength: 4 },
    ),
    fc.option(fc.constant('CODE'), { nil: null }),
  ])('never charges less than nothing or more than the full box', (plans, code) => {
    const totals = planTotals(plans, code);
    expect(totals.firstBoxPrice).toBeGreaterThanOrEqual(0);
    expect(totals.firstBoxPrice).toBeLessThanOrEqual(totals.boxPrice);
    expect(totals.promotion === null).toBe(code === null);
  });
});

describe('throttling sign-up calls', () => {
  const rule = signUpThrottles.write;
  it('lets the limit through in a window, refuses the next, and starts again after it', () => {
    let window;
    for (let i = 0; i < rule.limit; i++) {
      const counted = countCall(window, rule, 1_000 + i);
      expect(counted.over).toBe(false);
      window = counted.window;
    }
    expect(countCall(window, rule, 2_000).over).toBe(true);
    expect(countCall(window, rule, 1_000 + rule.windowMs).over).toBe(false);
  });

  test.prop([fc.array(fc.integer({ min: 0, max: 10 * 60_000 }), { maxLength: 200 })])(
    'never lets more than the limit through within one window',
    (gaps) => {
      let window;
      let now = 0;
      const passed: number[] = [];
      for (const gap of gaps) {
        now += gap;
        const counted = countCall(window, signUpThrottles.read, now);
        window = counted.window;
        if (!counted.over) passed.push(now);
      }
      for (const at of passed) {
        const within = passed.filter((t) => t >= at && t < at + signUpThrottles.read.windowMs);
        // Fixed windows: two adjacent windows can together pass at most twice the limit.
        expect(within.length).toBeLessThanOrEqual(2 * signUpThrottles.read.limit);
      }
    },
  );
});
