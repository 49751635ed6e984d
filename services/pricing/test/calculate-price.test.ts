import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import type { PriceItemInput, PriceResult } from '@pawfresh/contracts/pricing';
import {
  calculatePrice,
  matchesFilter,
  unitPrice,
  type PriceCalculationInput,
  type PricingDiscount,
} from '../src/rules/calculate-price.js';
import { scheduleForOrderPosition } from '../src/rules/discount-schedule.js';
import { allocateProportionally } from '../src/rules/money.js';
import { priceCalculationFixture } from '../src/price-calculation-fixture.js';
import {
  calculationArb,
  discountArb,
  ORDER_DISCOUNT_ID,
  PRODUCT_IDS,
  shuffle,
  VARIANT_IDS,
} from './arbitraries.js';

const RUNS = { numRuns: 1000 };

type PricedItem = PriceResult['extras']['items'][number];
const allItems = (r: PriceResult): PricedItem[] => [
  ...r.plans.flatMap((p) => p.items),
  ...r.extras.items,
];
const total = (values: number[]) => values.reduce((s, v) => s + v, 0);

/** Every application of every discount in the input, by id. */
function applicationsById(input: PriceCalculationInput) {
  const byId = new Map<string, PricingDiscount['schedules'][number]['applications'][number]>();
  for (const d of input.discounts.values()) {
    for (const s of d.schedules) for (const a of s.applications) byId.set(a.id, a);
  }
  return byId;
}

function collectNumbers(value: unknown, path: string, out: [string, number][]): void {
  if (typeof value === 'number') out.push([path, value]);
  else if (Array.isArray(value)) value.forEach((v, i) => collectNumbers(v, `${path}[${i}]`, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) collectNumbers(v, `${path}.${k}`, out);
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !(value instanceof Map)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** The result with plans, items and fees in a canonical order: what must not depend on input order. */
function canonical(r: PriceResult) {
  const sortJson = (values: unknown[]) => values.map((v) => JSON.stringify(v)).sort();
  return {
    ...r,
    fees: sortJson(r.fees),
    plans: sortJson(
      r.plans.map((p) => ({
        ...p,
        items: sortJson(p.items),
        customShippingFees: sortJson(p.customShippingFees),
      })),
    ),
    extras: { ...r.extras, items: sortJson(r.extras.items) },
  };
}

describe('calculatePrice: invariants over generated carts', () => {
  test.prop([calculationArb], RUNS)('no price or total is ever negative or fractional', (input) => {
    const numbers: [string, number][] = [];
    collectNumbers(calculatePrice(input), 'result', numbers);
    for (const [path, n] of numbers) {
      expect(Number.isInteger(n), path).toBe(true);
      expect(n, path).toBeGreaterThanOrEqual(0);
    }
  });

  test.prop([calculationArb], RUNS)('a discount never exceeds what it discounts', (input) => {
    const result = calculatePrice(input);
    const applications = applicationsById(input);
    const byApplication = new Map<string, PricedItem[]>();
    for (const item of allItems(result)) {
      const p = item.price;
      expect(p.discountedQuantity).toBeLessThanOrEqual(item.quantity);
      expect(p.discountTotal).toBeLessThanOrEqual(p.pricePerItem * p.discountedQuantity);
      expect(p.discountPerItem).toBeLessThanOrEqual(p.pricePerItem);
      if (p.discountScheduleApplicationId === null) {
        expect(p.discountTotal).toBe(0);
        expect(p.discountedQuantity).toBe(0);
        continue;
      }
      const list = byApplication.get(p.discountScheduleApplicationId) ?? [];
      list.push(item);
      byApplication.set(p.discountScheduleApplicationId, list);
    }
    for (const [id, items] of byApplication) {
      const application = applications.get(id)!;
      const discountable = total(
        items.map((i) => i.price.pricePerItem * i.price.discountedQuantity),
      );
      const given = total(items.map((i) => i.price.discountTotal));
      if (application.type === 'dollar') {
        // All of the dollar amount, unless the units are worth less: then exactly their worth.
        expect(given).toBe(Math.min(application.value, discountable));
      } else {
        // Rounded down per unit: at most the exact percentage, less by under a cent a unit.
        for (const i of items) {
          const exact =
            (i.price.pricePerItem * i.price.discountedQuantity * application.value) / 100;
          expect(i.price.discountTotal).toBeLessThanOrEqual(exact);
          expect(i.price.discountTotal).toBeGreaterThan(exact - i.price.discountedQuantity);
          expect(i.price.discountTotal).toBe(i.price.discountPerItem * i.price.discountedQuantity);
        }
      }
    }
  });

  test.prop([calculationArb], RUNS)('every total is exactly the sum of its parts', (input) => {
    const r = calculatePrice(input);
    for (const item of allItems(r)) {
      const p = item.price;
      expect(p.priceTotal).toBe(p.pricePerItem * item.quantity);
      expect(p.discountedPriceTotal).toBe(p.priceTotal - p.discountTotal);
      expect(p.discountedPerItem).toBe(p.pricePerItem - p.discountPerItem);
    }
    for (const plan of r.plans) {
      expect(plan.planTotal).toBe(total(plan.items.map((i) => i.price.priceTotal)));
      expect(plan.planDiscountTotal).toBe(total(plan.items.map((i) => i.price.discountTotal)));
      expect(plan.discountedPlanTotal).toBe(
        total(plan.items.map((i) => i.price.discountedPriceTotal)),
      );
      expect(plan.discountedPlanTotal).toBe(plan.planTotal - plan.planDiscountTotal);
    }
    const e = r.extras;
    expect(e.extraTotal).toBe(total(e.items.map((i) => i.price.priceTotal)));
    expect(e.extraDiscountTotal).toBe(total(e.items.map((i) => i.price.discountTotal)));
    expect(e.discountedExtraTotal).toBe(e.extraTotal - e.extraDiscountTotal);
    expect(r.planTotal).toBe(total(r.plans.map((p) => p.planTotal)));
    expect(r.discountedPlanTotal).toBe(total(r.plans.map((p) => p.discountedPlanTotal)));
    expect(r.planDiscountTotal).toBe(r.planTotal - r.discountedPlanTotal);
    expect(r.extraTotal).toBe(e.extraTotal);
    expect(r.discountedExtraTotal).toBe(e.discountedExtraTotal);
    const fees = [...r.fees, ...r.plans.flatMap((p) => p.customShippingFees)];
    expect(r.feeTotal).toBe(total(fees.map((f) => f.price)));
    expect(r.discountedFeeTotal).toBe(total(fees.map((f) => f.discountedPrice)));
    expect(r.totalPrice).toBe(
      r.discountedPlanTotal + r.discountedExtraTotal + r.discountedFeeTotal,
    );
    expect(r.discountTotal).toBe(r.planTotal + r.extraTotal + r.feeTotal - r.totalPrice);
    expect(r.dailyPrice).toBe(total(r.plans.map((p) => p.dailyPrice)));
  });

  test.prop([calculationArb, fc.nat()], RUNS)(
    'the result does not depend on the order of plans, items, extras or fees',
    (input, seed) => {
      const shuffled: PriceCalculationInput = {
        ...input,
        plans: shuffle(input.plans, seed).map((plan, i) => ({
          ...plan,
          items: shuffle(plan.items, seed + i + 1),
        })),
        extras: { items: shuffle(input.extras.items, seed + 101) },
        fees: shuffle(input.fees, seed + 202),
      };
      expect(canonical(calculatePrice(shuffled))).toEqual(canonical(calculatePrice(input)));
    },
  );

  test.prop([calculationArb, fc.integer({ min: 0, max: 8 })], RUNS)(
    'the order position picks a discount schedule and nothing else: without a discount it changes no price',
    (input, position) => {
      const bare: PriceCalculationInput = {
        ...input,
        discountId: null,
        discounts: new Map(),
        plans: input.plans.map((p) => ({
          ...p,
          items: p.items.map((i) => ({ ...i, discountId: null })),
        })),
        extras: { items: input.extras.items.map((i) => ({ ...i, discountId: null })) },
      };
      const moved = calculatePrice({ ...bare, orderPosition: position });
      expect({ ...moved, orderPosition: bare.orderPosition }).toEqual(calculatePrice(bare));
    },
  );

  test.prop([calculationArb], RUNS)(
    'filters are never reversed: only matching items are discounted, within each quantity',
    (input) => {
      const result = calculatePrice(input);
      const applications = applicationsById(input);
      const discounted = new Map<string, number>();
      for (const item of allItems(result)) {
        const id = item.price.discountScheduleApplicationId;
        if (!id) continue;
        const filters = applications.get(id)!.filters;
        expect(filters.some((f) => matchesFilter(item, f))).toBe(true);
        discounted.set(id, (discounted.get(id) ?? 0) + item.price.discountedQuantity);
      }
      for (const [id, units] of discounted) {
        const caps = applications.get(id)!.filters.map((f) => f.quantity);
        if (caps.every((q) => q !== null)) {
          expect(units).toBeLessThanOrEqual(total(caps as number[]));
        }
      }
    },
  );

  test.prop([calculationArb], RUNS)(
    'an item with its own discount is priced by it alone, never by the order discount as well',
    (input) => {
      const result = calculatePrice(input);
      const ownerOf = new Map<string, string>();
      for (const d of input.discounts.values()) {
        for (const s of d.schedules) for (const a of s.applications) ownerOf.set(a.id, d.id);
      }
      for (const item of allItems(result)) {
        const id = item.price.discountScheduleApplicationId;
        if (!id) continue;
        expect(ownerOf.get(id)).toBe(item.discountId ?? input.discountId);
      }
    },
  );

  test.prop([calculationArb], { numRuns: 300 })(
    'is pure: the input is not changed and the same input gives the same result',
    (input) => {
      const frozen = deepFreeze(structuredClone(input));
      const first = calculatePrice(frozen);
      expect(calculatePrice(frozen)).toEqual(first);
      expect(frozen).toEqual(input);
    },
  );
});

describe('which schedule applies to which order', () => {
  const position = fc.integer({ min: 0, max: 10 });

  test.prop([discountArb('d', ['once-off']), position], RUNS)(
    'once-off: only at its own positions',
    (discount, n) => {
      const chosen = scheduleForOrderPosition(discount.schedules, n);
      const at = discount.schedules.find((s) => s.orderPosition === n);
      expect(chosen).toBe(at);
    },
  );

  test.prop([discountArb('d', ['recurring']), position], RUNS)(
    'recurring: every order from its position on, the latest schedule started',
    (discount, n) => {
      const chosen = scheduleForOrderPosition(discount.schedules, n);
      const started = discount.schedules.filter((s) => s.orderPosition <= n);
      if (started.length === 0) expect(chosen).toBeUndefined();
      else expect(chosen!.orderPosition).toBe(Math.max(...started.map((s) => s.orderPosition)));
    },
  );

  test.prop([discountArb('d', ['hybrid']), position], RUNS)(
    'hybrid: once-off schedules at their positions, the recurring one at every other position from its own',
    (discount, n) => {
      const chosen = scheduleForOrderPosition(discount.schedules, n);
      const onceOff = discount.schedules.find((s) => !s.recurring && s.orderPosition === n);
      const recurring = discount.schedules.find((s) => s.recurring)!;
      if (onceOff) expect(chosen).toBe(onceOff);
      else if (n >= recurring.orderPosition) expect(chosen).toBe(recurring);
      else expect(chosen).toBeUndefined();
    },
  );

  test.prop([calculationArb], RUNS)(
    'pricing an order is pricing it under the one schedule that applies at its position',
    (input) => {
      // The same order under each discount cut down to the chosen schedule, as a once-off there.
      const cutDown = new Map(
        [...input.discounts.values()].map((d) => {
          const s = scheduleForOrderPosition(d.schedules, input.orderPosition);
          const schedules = s
            ? [{ ...s, orderPosition: input.orderPosition, recurring: false }]
            : [];
          return [d.id, { ...d, interval: 'once-off' as const, schedules }];
        }),
      );
      expect(calculatePrice({ ...input, discounts: cutDown })).toEqual(calculatePrice(input));
    },
  );
});

describe('allocateProportionally', () => {
  test.prop(
    [
      fc.nat({ max: 1_000_000 }),
      fc.array(fc.nat({ max: 100_000 }), { minLength: 1, maxLength: 8 }),
    ],
    RUNS,
  )(
    'splits exactly, never more than a weight, and by canonical rank on ties',
    (amount, weights) => {
      const rank = weights.map((_, i) => i);
      const shares = allocateProportionally(amount, weights, rank);
      expect(total(shares)).toBe(Math.min(amount, total(weights)));
      shares.forEach((s, i) => {
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(weights[i]!);
      });
    },
  );

  it('stays exact where amount × weight passes 2^53', () => {
    const shares = allocateProportionally(
      2_000_000_000,
      [2_100_000_000, 2_100_000_000, 1],
      [0, 1, 2],
    );
    expect(total(shares)).toBe(2_000_000_000);
    expect(shares).toEqual([1_000_000_000, 1_000_000_000, 0]);
  });
});

// ---------------------------------------------------------------------------------------------
// Worked examples, including the bugs Medusa's promotion module shipped: totals that went
// negative when a fixed discount exceeded the cart, and rules applied in reverse (the items a
// rule should leave alone discounted, and the ones it names left alone).
// ---------------------------------------------------------------------------------------------

const item = (over: Partial<PriceItemInput> = {}): PriceItemInput => ({
  id: null,
  sku: 'BEEF-F0400',
  quantity: 1,
  basePrice: 1000,
  weightInGrams: 400,
  discountId: null,
  productId: PRODUCT_IDS[0],
  productVariantId: VARIANT_IDS[0],
  productType: 'meal',
  ...over,
});

const oneSchedule = (
  applications: PricingDiscount['schedules'][number]['applications'],
  orderPosition = 0,
  recurring = true,
): PricingDiscount => ({
  id: ORDER_DISCOUNT_ID,
  interval: recurring ? 'recurring' : 'once-off',
  schedules: [
    { id: '90000000-0000-4000-8000-000000000001', orderPosition, recurring, applications },
  ],
});

const application = (
  type: 'percentage' | 'dollar',
  value: number,
  filters: Partial<
    PricingDiscount['schedules'][number]['applications'][number]['filters'][number]
  >[] = [{ type: 'all-items' }],
  id = '91000000-0000-4000-8000-000000000001',
) => ({
  id,
  type,
  value,
  filters: filters.map((f, i) => ({
    id: `92000000-0000-4000-8000-00000000000${i}`,
    type: 'all-items' as const,
    productId: null,
    productVariantId: null,
    productType: null,
    quantity: null,
    ...f,
  })),
});

function price(
  discount: PricingDiscount | null,
  extras: PriceItemInput[],
  over: Partial<PriceCalculationInput> = {},
) {
  return calculatePrice({
    calculationType: 'sku_based',
    orderPosition: 0,
    discountId: discount?.id ?? null,
    discounts: new Map(discount ? [[discount.id, discount]] : []),
    fees: [],
    plans: [],
    extras: { items: extras },
    ...over,
  });
}

describe('worked examples', () => {
  it('a dollar discount bigger than the cart takes the cart to zero, never below (Medusa)', () => {
    const r = price(
      oneSchedule([application('dollar', 10_000)]),
      [item({ basePrice: 1500 }), item({ basePrice: 1500, sku: 'X' })],
      {
        fees: [{ type: 'shipping', postCode: '2000', price: 995, discountedPrice: null }],
      },
    );
    expect(r.extraDiscountTotal).toBe(3000);
    expect(r.discountedExtraTotal).toBe(0);
    expect(r.totalPrice).toBe(995); // shipping is not a product: the discount never reaches it
  });

  it('a product-type filter discounts that type only, not everything else (Medusa)', () => {
    const discount = oneSchedule([
      application('percentage', 50, [{ type: 'product-type', productType: 'treat' }]),
    ]);
    const r = price(discount, [
      item({ basePrice: 2000, productType: 'meal' }),
      item({ basePrice: 1000, productType: 'treat', sku: 'TREAT' }),
    ]);
    expect(r.extras.items.map((i) => i.price.discountTotal)).toEqual([0, 500]);
    expect(r.totalPrice).toBe(2500);
  });

  it('a product filter discounts the named product and leaves others alone', () => {
    const discount = oneSchedule([
      application('dollar', 300, [{ type: 'product', productId: PRODUCT_IDS[1] }]),
    ]);
    const r = price(discount, [
      item({ productId: PRODUCT_IDS[0] }),
      item({ productId: PRODUCT_IDS[1], sku: 'B' }),
    ]);
    expect(r.extras.items.map((i) => i.price.discountTotal)).toEqual([0, 300]);
  });

  it('a filter quantity of 1 discounts one unit, the dearest, not all but one', () => {
    const discount = oneSchedule([
      application('percentage', 50, [{ type: 'all-items', quantity: 1 }]),
    ]);
    const r = price(discount, [
      item({ basePrice: 1000, quantity: 3 }),
      item({ basePrice: 1800, sku: 'DEAR' }),
    ]);
    expect(r.extras.items.map((i) => [i.price.discountedQuantity, i.price.discountTotal])).toEqual([
      [0, 0],
      [1, 900],
    ]);
  });

  it('rounds a percentage down per unit: 15% of $3.33 is 49c, not 50c', () => {
    const r = price(oneSchedule([application('percentage', 15)]), [
      item({ basePrice: 333, quantity: 3 }),
    ]);
    expect(r.extras.items[0]!.price).toMatchObject({
      discountPerItem: 49,
      discountTotal: 147,
      discountedPerItem: 284,
      discountedPriceTotal: 852,
    });
  });

  it('splits a dollar discount in proportion to price, to the cent', () => {
    const r = price(oneSchedule([application('dollar', 1000)]), [
      item({ basePrice: 2000, sku: 'A' }),
      item({ basePrice: 1000, sku: 'B' }),
    ]);
    expect(r.extras.items.map((i) => i.price.discountTotal)).toEqual([667, 333]);
    expect(r.extraDiscountTotal).toBe(1000);
  });

  it('a 100% discount makes the items free, and no more', () => {
    const r = price(oneSchedule([application('percentage', 100)]), [
      item({ basePrice: 4567, quantity: 2 }),
    ]);
    expect(r.totalPrice).toBe(0);
    expect(r.extraDiscountTotal).toBe(9134);
  });

  it('the first matching application takes an item; later ones take the rest', () => {
    const discount = oneSchedule([
      application(
        'percentage',
        50,
        [{ type: 'product-type', productType: 'treat' }],
        '91000000-0000-4000-8000-00000000000a',
      ),
      application(
        'percentage',
        10,
        [{ type: 'all-items' }],
        '91000000-0000-4000-8000-00000000000b',
      ),
    ]);
    const r = price(discount, [
      item({ basePrice: 1000 }),
      item({ basePrice: 1000, productType: 'treat', sku: 'T' }),
    ]);
    expect(r.extras.items.map((i) => i.price.discountTotal)).toEqual([100, 500]);
  });

  it('once-off at position 0 prices the first box only; the second box pays full price', () => {
    const discount = oneSchedule([application('percentage', 50)], 0, false);
    expect(price(discount, [item()], { orderPosition: 0 }).totalPrice).toBe(500);
    expect(price(discount, [item()], { orderPosition: 1 }).totalPrice).toBe(1000);
  });

  it('recurring from position 2 leaves the first two boxes alone, then discounts every box', () => {
    const discount = oneSchedule([application('percentage', 10)], 2, true);
    expect(
      [0, 1, 2, 3, 12].map((n) => price(discount, [item()], { orderPosition: n }).totalPrice),
    ).toEqual([1000, 1000, 900, 900, 900]);
  });

  it('hybrid: 50% off the first box, then 10% off every box after', () => {
    const discount: PricingDiscount = {
      id: ORDER_DISCOUNT_ID,
      interval: 'hybrid',
      schedules: [
        {
          id: '90000000-0000-4000-8000-000000000001',
          orderPosition: 0,
          recurring: false,
          applications: [application('percentage', 50)],
        },
        {
          id: '90000000-0000-4000-8000-000000000002',
          orderPosition: 1,
          recurring: true,
          applications: [
            application('percentage', 10, undefined, '91000000-0000-4000-8000-000000000002'),
          ],
        },
      ],
    };
    expect(
      [0, 1, 2, 9].map((n) => price(discount, [item()], { orderPosition: n }).totalPrice),
    ).toEqual([500, 900, 900, 900]);
  });

  it('weight_based plan items cost basePrice per 100 g, rounded half up to the cent', () => {
    expect(unitPrice({ basePrice: 900, weightInGrams: 400 }, 'plan', 'weight_based')).toBe(3600);
    expect(unitPrice({ basePrice: 333, weightInGrams: 150 }, 'plan', 'weight_based')).toBe(500);
    expect(unitPrice({ basePrice: 333, weightInGrams: 150 }, 'extra', 'weight_based')).toBe(333);
    expect(unitPrice({ basePrice: 333, weightInGrams: 150 }, 'plan', 'sku_based')).toBe(333);
  });

  it('prices the two-dog fixture: plans, extras, shipping, daily price and price per pouch', () => {
    const r = calculatePrice(priceCalculationFixture());
    expect(r.plans).toHaveLength(2);
    // Biscuit: 14 × 200 g chicken at 780c/100 g = 1560c a pouch; Ranger: 14 × 600 g beef at 720c/100 g.
    expect(r.plans[0]).toMatchObject({
      planTotal: 21_840,
      planDiscountTotal: 2184,
      discountedPlanTotal: 19_656,
      pouches: 14,
      dailyPrice: 1404,
      pricePerPouch: 1404,
    });
    expect(r.plans[1]).toMatchObject({
      planTotal: 60_480,
      planDiscountTotal: 6048,
      discountedPlanTotal: 54_432,
      pouches: 14,
      dailyPrice: 3888,
      pricePerPouch: 3888,
    });
    expect(r.extras).toMatchObject({ extraTotal: 2990 + 2495, extraDiscountTotal: 298 + 249 });
    expect(r.totalPrice).toBe(19_656 + 54_432 + 2990 + 2495 - 298 - 249 + 995);
    expect(r.dailyPrice).toBe(1404 + 3888);
  });
});
