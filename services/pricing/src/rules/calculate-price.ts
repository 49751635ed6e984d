import type {
  CalculationType,
  DiscountApplication,
  DiscountFilter,
  DiscountInterval,
  FeeInput,
  PriceItemInput,
  PricePlanInput,
  PriceResult,
} from '@pawfresh/contracts/pricing';
import { allocateProportionally, divideRoundDown, divideRoundHalfUp } from './money.js';
import { scheduleForOrderPosition } from './discount-schedule.js';

/** What the calculation needs of a discount: its schedules, applications and filters. */
export interface PricingDiscount {
  id: string;
  interval: DiscountInterval;
  schedules: readonly {
    id: string;
    orderPosition: number;
    recurring: boolean;
    applications: readonly Pick<DiscountApplication, 'id' | 'type' | 'value' | 'filters'>[];
  }[];
}

/** Everything the price of one order depends on: no database, no clock. */
export interface PriceCalculationInput {
  subscriptionId?: string | null;
  orderId?: string | null;
  calculationType: CalculationType;
  orderPosition: number;
  /** The order's discount (given, or a promotion code's); items with their own use theirs. */
  discountId?: string | null;
  promotionCode?: string | null;
  /** Every discount named by `discountId` or an item's `discountId`, by id. */
  discounts: ReadonlyMap<string, PricingDiscount>;
  fees: readonly FeeInput[];
  plans: readonly PricePlanInput[];
  extras: { items: readonly PriceItemInput[] };
}

export type ItemPrice = PriceResult['extras']['items'][number]['price'];

/** Grams a weight_based price is quoted per (the catalogue's `pricePer100g`). */
export const WEIGHT_PRICE_UNIT_GRAMS = 100;

interface Line {
  item: PriceItemInput;
  /** 'plan' lines are priced by the calculation type; extras are always priced per item. */
  kind: 'plan' | 'extra';
  pricePerItem: number;
  /** A canonical key: equal keys mean lines that cannot be told apart. */
  key: string;
  rank: number;
  discountId: string | null;
  applicationId: string | null;
  discountedQuantity: number;
  discountTotal: number;
}

/**
 * Prices one order: plans (each a dog's feeding plan), extras and fees, under at most one
 * discount per item (the item's own, else the order's), at the order's position in its
 * subscription. Pure: data in, result out, nothing written, input untouched.
 *
 * Rounding (all amounts are integer cents; docs/pricing.md):
 * - weight_based plan items cost `basePrice` cents per 100 g: the pouch price is
 *   basePrice × grams / 100, rounded half up to the cent, before anything is discounted.
 * - A percentage discount is worked out per discounted unit and rounded DOWN:
 *   discountPerItem = floor(pricePerItem × percent / 100), never more than the exact amount, and
 *   line discount = discountPerItem × discountedQuantity, so per-item and line figures agree.
 * - A dollar discount takes at most its value in total, and never more than the units it
 *   discounts are worth; it is split over those units in proportion to their price, exactly
 *   (largest remainder, ties broken by a canonical order of the items, not their input order).
 * - dailyPrice = discounted plan total / (cadence weeks × 7 days), rounded half up;
 *   pricePerPouch = discounted plan total / pouches, rounded half up. The order's dailyPrice is
 *   the sum of its plans'.
 * - Every total is the exact sum of its parts; nothing is ever negative.
 */
export function calculatePrice(input: PriceCalculationInput): PriceResult {
  const planLines = input.plans.map((plan) => {
    const key = planKey(plan);
    return plan.items.map((item) => makeLine(item, 'plan', key, input));
  });
  const extraLines = input.extras.items.map((item) => makeLine(item, 'extra', 'extras', input));
  const allLines = [...planLines.flat(), ...extraLines];

  // A canonical rank for every line, so ties are broken the same whatever the input order.
  const byKey = [...allLines].sort((a, b) => compareText(a.key, b.key));
  byKey.forEach((line, i) => (line.rank = i));

  const linesByDiscount = new Map<string, Line[]>();
  for (const line of allLines) {
    if (!line.discountId) continue;
    const group = linesByDiscount.get(line.discountId) ?? [];
    group.push(line);
    linesByDiscount.set(line.discountId, group);
  }
  for (const [discountId, lines] of linesByDiscount) {
    const discount = input.discounts.get(discountId);
    if (!discount) throw new Error(`Discount ${discountId} was not loaded for the calculation`);
    const schedule = scheduleForOrderPosition(discount.schedules, input.orderPosition);
    if (schedule) applySchedule(schedule.applications, lines);
  }

  const plans = input.plans.map((plan, p) => {
    const items = plan.items.map((item, i) => pricedItem(item, planLines[p]![i]!));
    const customShippingFees = plan.customShippingFees.map(pricedFee);
    const planTotal = sum(items.map((i) => i.price.priceTotal));
    const planDiscountTotal = sum(items.map((i) => i.price.discountTotal));
    const discountedPlanTotal = sum(items.map((i) => i.price.discountedPriceTotal));
    const pouches = sum(
      items
        .filter((i) => i.productType === null || i.productType === 'meal')
        .map((i) => i.quantity),
    );
    const cadenceWeeks = plan.customCadenceInWeeks ?? plan.baseCadenceInWeeks;
    return {
      id: plan.id ?? null,
      animalId: plan.animalId ?? null,
      planType: plan.planType ?? null,
      baseCadenceInWeeks: plan.baseCadenceInWeeks,
      customCadenceInWeeks: plan.customCadenceInWeeks ?? null,
      dailyServingSize: plan.dailyServingSize ?? null,
      items,
      customShippingFees,
      pouches,
      planTotal,
      planDiscountTotal,
      discountedPlanTotal,
      dailyPrice: divideRoundHalfUp(discountedPlanTotal, cadenceWeeks * 7),
      pricePerPouch: pouches > 0 ? divideRoundHalfUp(discountedPlanTotal, pouches) : null,
    };
  });

  const extraItems = input.extras.items.map((item, i) => pricedItem(item, extraLines[i]!));
  const extras = {
    items: extraItems,
    extraTotal: sum(extraItems.map((i) => i.price.priceTotal)),
    extraDiscountTotal: sum(extraItems.map((i) => i.price.discountTotal)),
    discountedExtraTotal: sum(extraItems.map((i) => i.price.discountedPriceTotal)),
  };

  const fees = input.fees.map(pricedFee);
  const allFees = [...fees, ...plans.flatMap((p) => p.customShippingFees)];
  const feeTotal = sum(allFees.map((f) => f.price));
  const discountedFeeTotal = sum(allFees.map((f) => f.discountedPrice));

  const planTotal = sum(plans.map((p) => p.planTotal));
  const planDiscountTotal = sum(plans.map((p) => p.planDiscountTotal));
  const discountedPlanTotal = sum(plans.map((p) => p.discountedPlanTotal));
  const pouches = sum(plans.map((p) => p.pouches));

  return {
    subscriptionId: input.subscriptionId ?? null,
    orderId: input.orderId ?? null,
    calculationType: input.calculationType,
    orderPosition: input.orderPosition,
    discountId: input.discountId ?? null,
    promotionCode: input.promotionCode ?? null,
    fees,
    plans,
    extras,
    planTotal,
    planDiscountTotal,
    discountedPlanTotal,
    extraTotal: extras.extraTotal,
    extraDiscountTotal: extras.extraDiscountTotal,
    discountedExtraTotal: extras.discountedExtraTotal,
    feeTotal,
    discountedFeeTotal,
    discountTotal: planDiscountTotal + extras.extraDiscountTotal + (feeTotal - discountedFeeTotal),
    totalPrice: discountedPlanTotal + extras.discountedExtraTotal + discountedFeeTotal,
    dailyPrice: sum(plans.map((p) => p.dailyPrice)),
    pricePerPouch: pouches > 0 ? divideRoundHalfUp(discountedPlanTotal, pouches) : null,
  };
}

/** What one unit costs before any discount. */
export function unitPrice(
  item: Pick<PriceItemInput, 'basePrice' | 'weightInGrams'>,
  kind: 'plan' | 'extra',
  calculationType: CalculationType,
): number {
  if (kind === 'plan' && calculationType === 'weight_based') {
    if (!item.weightInGrams) throw new Error('weight_based plan items need weightInGrams');
    return divideRoundHalfUp(item.basePrice * item.weightInGrams, WEIGHT_PRICE_UNIT_GRAMS);
  }
  return item.basePrice;
}

function makeLine(
  item: PriceItemInput,
  kind: 'plan' | 'extra',
  groupKey: string,
  input: PriceCalculationInput,
): Line {
  return {
    item,
    kind,
    pricePerItem: unitPrice(item, kind, input.calculationType),
    key: JSON.stringify([groupKey, itemKey(item)]),
    rank: 0,
    discountId: item.discountId ?? input.discountId ?? null,
    applicationId: null,
    discountedQuantity: 0,
    discountTotal: 0,
  };
}

/**
 * Applies one schedule to the lines under its discount. Applications are tried in their order;
 * a line belongs to the first application that discounts any of its units (one application per
 * line, as the item's `discountScheduleApplicationId` says). Within an application each filter,
 * in order, claims units of the lines it matches, most expensive unit first, up to its quantity
 * (empty: all).
 */
function applySchedule(
  applications: readonly Pick<DiscountApplication, 'id' | 'type' | 'value' | 'filters'>[],
  lines: Line[],
): void {
  // Most expensive first; equal prices in canonical order, never input order.
  const ordered = [...lines].sort((a, b) => b.pricePerItem - a.pricePerItem || a.rank - b.rank);
  for (const application of applications) {
    const owned: Line[] = [];
    for (const filter of application.filters) {
      let left = filter.quantity ?? Number.POSITIVE_INFINITY;
      for (const line of ordered) {
        if (left <= 0) break;
        if (line.applicationId !== null && line.applicationId !== application.id) continue;
        if (!matchesFilter(line.item, filter)) continue;
        const claim = Math.min(left, line.item.quantity - line.discountedQuantity);
        if (claim <= 0) continue;
        if (line.applicationId === null) owned.push(line);
        line.applicationId = application.id;
        line.discountedQuantity += claim;
        left -= claim;
      }
    }
    discountLines(application, owned);
  }
}

function discountLines(application: Pick<DiscountApplication, 'type' | 'value'>, lines: Line[]) {
  if (application.type === 'percentage') {
    const percent = Math.min(Math.max(application.value, 0), 100);
    for (const line of lines) {
      const perItem = divideRoundDown(line.pricePerItem * percent, 100);
      line.discountTotal = perItem * line.discountedQuantity;
    }
    return;
  }
  const shares = allocateProportionally(
    Math.max(application.value, 0),
    lines.map((l) => l.pricePerItem * l.discountedQuantity),
    lines.map((l) => l.rank),
  );
  lines.forEach((line, i) => (line.discountTotal = shares[i]!));
}

/** Whether a filter takes an item: by product, variant, product type, or every item. */
export function matchesFilter(
  item: Pick<PriceItemInput, 'productId' | 'productVariantId' | 'productType'>,
  filter: Pick<DiscountFilter, 'type' | 'productId' | 'productVariantId' | 'productType'>,
): boolean {
  switch (filter.type) {
    case 'all-items':
      return true;
    case 'product':
      return filter.productId != null && item.productId === filter.productId;
    case 'product-variant':
      return filter.productVariantId != null && item.productVariantId === filter.productVariantId;
    case 'product-type':
      return filter.productType != null && item.productType === filter.productType;
  }
}

function pricedItem(item: PriceItemInput, line: Line) {
  const priceTotal = line.pricePerItem * item.quantity;
  const discountPerItem =
    line.discountedQuantity > 0 ? divideRoundDown(line.discountTotal, line.discountedQuantity) : 0;
  const price: ItemPrice = {
    priceTotal,
    discountTotal: line.discountTotal,
    discountedPriceTotal: priceTotal - line.discountTotal,
    pricePerItem: line.pricePerItem,
    discountPerItem,
    discountedPerItem: line.pricePerItem - discountPerItem,
    discountScheduleApplicationId: line.applicationId,
    discountedQuantity: line.discountedQuantity,
  };
  return {
    id: item.id ?? null,
    sku: item.sku,
    quantity: item.quantity,
    basePrice: item.basePrice,
    weightInGrams: item.weightInGrams ?? null,
    discountId: item.discountId ?? null,
    productId: item.productId ?? null,
    productVariantId: item.productVariantId ?? null,
    productType: item.productType ?? null,
    price,
  };
}

/** A fee is charged at its discounted price when it has one (never more than its price). */
function pricedFee(fee: FeeInput) {
  return {
    type: fee.type,
    postCode: fee.postCode ?? null,
    price: fee.price,
    discountedPrice: Math.min(fee.discountedPrice ?? fee.price, fee.price),
  };
}

function itemKey(item: PriceItemInput) {
  return [
    item.sku,
    item.productVariantId ?? '',
    item.productId ?? '',
    item.productType ?? '',
    item.id ?? '',
    item.basePrice,
    item.weightInGrams ?? 0,
    item.quantity,
    item.discountId ?? '',
  ];
}

/** A plan's identity and contents, so equal keys mean plans that cannot be told apart. */
function planKey(plan: PricePlanInput): string {
  return JSON.stringify([
    plan.id ?? '',
    plan.animalId ?? '',
    plan.planType ?? '',
    plan.baseCadenceInWeeks,
    plan.customCadenceInWeeks ?? 0,
    plan.dailyServingSize ?? '',
    plan.items.map((i) => JSON.stringify(itemKey(i))).sort(compareText),
    plan.customShippingFees.map((f) => JSON.stringify(f)).sort(compareText),
  ]);
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);
