import { fc } from '@fast-check/vitest';
import { productTypes } from '@pawfresh/contracts/enums';
import type {
  DiscountInterval,
  FeeInput,
  PriceItemInput,
  PricePlanInput,
} from '@pawfresh/contracts/pricing';
import type { PriceCalculationInput, PricingDiscount } from '../src/rules/calculate-price.js';

/**
 * Generated carts and discounts for the calculation's properties. Ids come from small pools, so
 * filters match some items and miss others, as they do in real carts.
 */
export const PRODUCT_IDS = [
  '11111111-1111-4111-8111-111111111111',
  '22222222-2222-4222-8222-222222222222',
  '33333333-3333-4333-8333-333333333333',
] as const;
export const VARIANT_IDS = [
  'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
  'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
] as const;
export const ORDER_DISCOUNT_ID = 'e0000000-0000-4000-8000-000000000001';
export const ITEM_DISCOUNT_ID = 'e0000000-0000-4000-8000-000000000002';

let counter = 0;
/** Unique, valid uuids for generated schedules and applications. */
const nextId = () => {
  counter += 1;
  return `f0000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
};

export const itemArb = (discountIds: readonly string[] = []): fc.Arbitrary<PriceItemInput> =>
  fc.record({
    id: fc.option(fc.constantFrom(...VARIANT_IDS), { nil: null }),
    sku: fc.constantFrom('BEEF-F0400', 'CHICKEN-F0200', 'TREAT-ROO-JERKY', 'TOY-ROPE'),
    quantity: fc.integer({ min: 1, max: 6 }),
    basePrice: fc.oneof(fc.integer({ min: 0, max: 6000 }), fc.constantFrom(0, 1, 3, 999)),
    weightInGrams: fc.integer({ min: 1, max: 800 }),
    discountId: discountIds.length
      ? fc.option(fc.constantFrom(...discountIds), { nil: null, freq: 3 })
      : fc.constant(null),
    productId: fc.option(fc.constantFrom(...PRODUCT_IDS), { nil: null }),
    productVariantId: fc.option(fc.constantFrom(...VARIANT_IDS), { nil: null }),
    productType: fc.option(fc.constantFrom(...productTypes), { nil: null }),
  });

export const feeArb: fc.Arbitrary<FeeInput> = fc.integer({ min: 0, max: 2500 }).chain((price) =>
  fc.record({
    type: fc.constant('shipping' as const),
    postCode: fc.option(fc.constantFrom('2000', '3000', '6000'), { nil: null }),
    price: fc.constant(price),
    discountedPrice: fc.option(fc.integer({ min: 0, max: price }), { nil: null }),
  }),
);

export const planArb = (discountIds: readonly string[] = []): fc.Arbitrary<PricePlanInput> =>
  fc.record({
    id: fc.option(fc.uuid({ version: 4 }), { nil: null }),
    animalId: fc.option(fc.constantFrom(...PRODUCT_IDS), { nil: null }),
    planType: fc.option(fc.constantFrom('full_bowl', 'half_bowl', 'starter_box'), { nil: null }),
    baseCadenceInWeeks: fc.integer({ min: 1, max: 8 }),
    customCadenceInWeeks: fc.option(fc.integer({ min: 1, max: 8 }), { nil: null }),
    dailyServingSize: fc.option(fc.constantFrom('f0400', 'd0800'), { nil: null }),
    items: fc.array(itemArb(discountIds), { minLength: 1, maxLength: 5 }),
    customShippingFees: fc.array(feeArb, { maxLength: 1 }),
  });

const filterArb = fc.oneof(
  fc.record({ type: fc.constant('all-items' as const) }),
  fc.record({ type: fc.constant('product' as const), productId: fc.constantFrom(...PRODUCT_IDS) }),
  fc.record({
    type: fc.constant('product-variant' as const),
    productVariantId: fc.constantFrom(...VARIANT_IDS),
  }),
  fc.record({
    type: fc.constant('product-type' as const),
    productType: fc.constantFrom(...productTypes),
  }),
);

export const applicationArb = fc.record({
  type: fc.constantFrom('percentage' as const, 'dollar' as const),
  percent: fc.integer({ min: 1, max: 100 }),
  cents: fc.oneof(fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 1, max: 200 })),
  filters: fc.array(
    fc.record({ filter: filterArb, quantity: fc.option(fc.integer({ min: 1, max: 5 })) }),
    { minLength: 1, maxLength: 3 },
  ),
});

type GeneratedApplication = typeof applicationArb extends fc.Arbitrary<infer A> ? A : never;

function buildApplication(a: GeneratedApplication) {
  return {
    id: nextId(),
    type: a.type,
    value: a.type === 'percentage' ? a.percent : a.cents,
    filters: a.filters.map(({ filter, quantity }) => ({
      id: nextId(),
      productId: null,
      productVariantId: null,
      productType: null,
      ...filter,
      quantity,
    })) as PricingDiscount['schedules'][number]['applications'][number]['filters'],
  };
}

/**
 * A valid discount of the given interval: distinct positions; once-off schedules are not
 * recurring; recurring ones all are; a hybrid has exactly one recurring schedule.
 */
export const discountArb = (
  id: string,
  intervals: readonly DiscountInterval[] = ['once-off', 'recurring', 'hybrid'],
): fc.Arbitrary<PricingDiscount> =>
  fc
    .record({
      interval: fc.constantFrom(...intervals),
      positions: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 4 }),
      applications: fc.array(fc.array(applicationArb, { minLength: 1, maxLength: 3 }), {
        minLength: 4,
        maxLength: 4,
      }),
      recurringIndex: fc.nat(),
    })
    .map(({ interval, positions, applications, recurringIndex }) => {
      const hybridRecurring = recurringIndex % positions.length;
      const schedules = positions.map((orderPosition, s) => ({
        id: nextId(),
        orderPosition,
        recurring:
          interval === 'recurring' ? true : interval === 'hybrid' ? s === hybridRecurring : false,
        applications: applications[s]!.map(buildApplication),
      }));
      return { id, interval, schedules };
    });

/** A whole order: plans, extras and fees, under an order discount and sometimes item discounts. */
export const calculationArb: fc.Arbitrary<PriceCalculationInput> = fc
  .record({
    orderDiscount: fc.option(discountArb(ORDER_DISCOUNT_ID), { nil: null, freq: 6 }),
    itemDiscount: discountArb(ITEM_DISCOUNT_ID),
    useItemDiscounts: fc.boolean(),
    calculationType: fc.constantFrom('weight_based' as const, 'sku_based' as const),
    orderPosition: fc.integer({ min: 0, max: 8 }),
  })
  .chain((c) => {
    const itemDiscountIds = c.useItemDiscounts ? [ITEM_DISCOUNT_ID] : [];
    return fc
      .record({
        plans: fc.array(planArb(itemDiscountIds), { maxLength: 3 }),
        extras: fc.array(itemArb(itemDiscountIds), { maxLength: 5 }),
        fees: fc.array(feeArb, { maxLength: 2 }),
      })
      .map(({ plans, extras, fees }) => ({
        calculationType: c.calculationType,
        orderPosition: c.orderPosition,
        discountId: c.orderDiscount?.id ?? null,
        discounts: new Map(
          [c.orderDiscount, c.useItemDiscounts ? c.itemDiscount : null]
            .filter((d): d is PricingDiscount => d !== null)
            .map((d) => [d.id, d]),
        ),
        plans,
        extras: { items: extras },
        fees,
      }));
  });

/** A seeded shuffle, so a failing case replays. */
export function shuffle<T>(values: readonly T[], seed: number): T[] {
  const out = [...values];
  let state = seed >>> 0 || 1;
  for (let i = out.length - 1; i > 0; i--) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
