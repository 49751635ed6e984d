import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays } from '@pawfresh/contracts/calendar-dates';
import { slotOffered } from '@pawfresh/contracts/courier';
import { checkoutOrderSchedule, extraTypeOf } from '../src/rules/checkout.js';
import { horizonEnd, ordersDue, samePriceKey } from '../src/rules/order-generation.js';
import type { GetPriceInput } from '@pawfresh/contracts/pricing';

const dates = fc
  .date({ min: new Date('2026-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('checkout and order generation rules', () => {
  it("reads the courier's slot availability (0 none, 1 AM, 2 PM, 3 both)", () => {
    expect([0, 1, 2, 3].map((a) => [slotOffered(a, 'AM'), slotOffered(a, 'PM')])).toEqual([
      [false, false],
      [true, false],
      [false, true],
      [true, true],
    ]);
  });

  it('makes 12 weeks of orders at a checkout: 0–5 at two weeks, one without a subscription', () => {
    expect(checkoutOrderSchedule('2026-11-20', true)).toEqual(
      [0, 1, 2, 3, 4, 5].map((index) => ({
        index,
        deliveryDate: addDays('2026-11-20', index * 14),
      })),
    );
    expect(checkoutOrderSchedule('2026-11-20', false)).toEqual([
      { index: 0, deliveryDate: '2026-11-20' },
    ]);
    expect(addDays('2026-12-25', 14)).toBe('2027-01-08');
  });

  it('names extras by their product type', () => {
    expect(['treat', 'supplement', 'bundle', 'toy', undefined].map(extraTypeOf)).toEqual([
      'treat',
      'supplement',
      'bundle',
      'misc',
      'misc',
    ]);
  });

  it('orders due follow the last one at the cadence, up to the horizon, indexes in a row', () => {
    fc.assert(
      fc.property(
        dates,
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 1, max: 12 }),
        dates,
        fc.integer({ min: 1, max: 52 }),
        (last, index, cadence, today, weeks) => {
          const end = horizonEnd(today, weeks);
          const due = ordersDue({ index, deliveryDate: last }, cadence, end);
          due.forEach((o, i) => {
            expect(o.index).toBe(index + i + 1);
            expect(o.deliveryDate).toBe(addDays(last, (i + 1) * cadence * 7));
            expect(o.deliveryDate <= end).toBe(true);
          });
          // The next one after them is past the horizon.
          expect(addDays(last, (due.length + 1) * cadence * 7) > end).toBe(true);
        },
      ),
    );
  });
});

describe('price requests that price alike', () => {
  const request = (over: Partial<GetPriceInput> = {}): GetPriceInput => ({
    subscriptionId: '5a1e0000-0000-4000-8000-000000000001',
    calculationType: 'sku_based',
    orderPosition: 3,
    discountId: null,
    fees: [],
    plans: [
      {
        animalId: 'a0000000-0000-4000-8000-000000000001',
        planType: 'half_bowl',
        baseCadenceInWeeks: 2,
        items: [{ sku: 'BEEF', quantity: 14, basePrice: 899 }],
        customShippingFees: [],
      },
    ],
    extras: { items: [] },
    ...over,
  });
  const discountId = 'd0000000-0000-4000-8000-000000000001';

  it('share a key across order positions only while no discount is in play', () => {
    expect(samePriceKey(request({ orderPosition: 1 }))).toBe(samePriceKey(request()));
    expect(samePriceKey(request({ orderPosition: 1, discountId }))).not.toBe(
      samePriceKey(request({ discountId })),
    );
    const withItemDiscount = (orderPosition: number) =>
      request({
        orderPosition,
        extras: { items: [{ sku: 'TREAT', quantity: 1, basePrice: 500, discountId }] },
      });
    expect(samePriceKey(withItemDiscount(1))).not.toBe(samePriceKey(withItemDiscount(2)));
    expect(samePriceKey(request({ orderPosition: 1, promotionCode: 'WOOF' }))).not.toBe(
      samePriceKey(request({ promotionCode: 'WOOF' })),
    );
    // Another subscription, or other lines, never share one.
    expect(
      samePriceKey(request({ subscriptionId: '5a1e0000-0000-4000-8000-000000000002' })),
    ).not.toBe(samePriceKey(request()));
    expect(samePriceKey(request({ discountId }))).not.toBe(samePriceKey(request()));
  });
});
