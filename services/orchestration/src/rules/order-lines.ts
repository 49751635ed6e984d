import { lineItemOf, type LineItemInput, type Order } from '@pawfresh/contracts/order';
import type { OrderExtraInput } from '@pawfresh/contracts/orchestration-order-changes';
import type { GetPriceInput, PriceResult } from '@pawfresh/contracts/pricing';
import type { ProductType } from '@pawfresh/contracts/enums';

/**
 * Pure rules of the order-level changes (docs/order-changes.md): what an order's line items become
 * after a change, and how they are priced. No service calls, no clock.
 */

/** A catalogue variant as the order changes need it. */
export interface CatalogueVariant {
  id: string;
  productId: string;
  productType: ProductType;
  sku: string;
  basePrice: number;
  weightGrams: number;
  /** The variant and its product are active (or the product out of stock). */
  sellable: boolean;
}

/** A subscription's discount, as the subscription service answers it. */
export interface SubscriptionDiscountSpan {
  discountId: string;
  orderStartIndex: number;
  orderQuantity: number | null;
}

/** The order's line items as the order service takes them back, ids kept. */
export function lineItemInputs(order: Pick<Order, 'orderLineItems'>): LineItemInput[] {
  return order.orderLineItems.map(lineItemOf);
}

/** A one-off extra line for a catalogue variant, at its list price. */
export const oneOffLine = (variant: CatalogueVariant, quantity: number): LineItemInput => ({
  productId: variant.productId,
  productVariantId: variant.id,
  price: variant.basePrice,
  quantity,
  oneOff: true,
  bundleLineItems: [],
});

const isOneOffExtra = (i: LineItemInput) => i.oneOff && !i.planType && !i.extraId;

/**
 * The order's one-off extras become exactly `extras` (a variant already there keeps its line and
 * id, with the new quantity); meals and subscription extras stay.
 */
export function withOneOffExtras(
  items: readonly LineItemInput[],
  extras: readonly OrderExtraInput[],
  variants: ReadonlyMap<string, CatalogueVariant>,
): LineItemInput[] {
  const kept = items.filter((i) => !isOneOffExtra(i));
  const current = new Map(
    items.filter(isOneOffExtra).map((i) => [i.productVariantId ?? i.productId, i]),
  );
  const next = extras.map((e) => {
    const line = current.get(e.productVariantId);
    return line
      ? { ...line, quantity: e.quantity }
      : oneOffLine(variants.get(e.productVariantId)!, e.quantity);
  });
  return [...kept, ...next];
}

/** Adds a one-off extra: a variant already there as a one-off extra gets the quantity added. */
export function addOneOff(
  items: readonly LineItemInput[],
  variant: CatalogueVariant,
  quantity: number,
): LineItemInput[] {
  const at = items.findIndex((i) => isOneOffExtra(i) && i.productVariantId === variant.id);
  if (at < 0) return [...items, oneOffLine(variant, quantity)];
  return items.map((i, n) => (n === at ? { ...i, quantity: i.quantity + quantity } : i));
}

/** The one-off extra line of the order with this id, or undefined (not one, or not an extra). */
export const oneOffExtraLine = (items: readonly LineItemInput[], lineItemId: string) =>
  items.find((i) => i.id === lineItemId && isOneOffExtra(i));

/**
 * One dog's meals in an order, mixed again: the same number of pouches of the same size, shared
 * among the new meals by ratio (largest remainder, ties to the earlier meal), each pouch at its
 * variant's price. `pouchVariants` are the chosen meals' variants of the order's pouch size.
 */
export function mixRecipes(
  items: readonly LineItemInput[],
  animalId: string,
  shares: readonly { variant: CatalogueVariant; ratio: number }[],
): LineItemInput[] {
  const meals = items.filter((i) => i.planType && i.animalId === animalId);
  const first = meals[0]!;
  const pouches = meals.reduce((sum, i) => sum + i.quantity, 0);
  const total = shares.reduce((sum, s) => sum + s.ratio, 0);
  const exact = shares.map((s) => (pouches * s.ratio) / total);
  const counts = exact.map(Math.floor);
  let left = pouches - counts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, n) => ({ n, rest: x - Math.floor(x) }))
    .sort((a, b) => b.rest - a.rest || a.n - b.n);
  for (const { n } of order) {
    if (left <= 0) break;
    counts[n]! += 1;
    left -= 1;
  }
  const byVariant = new Map(meals.map((i) => [i.productVariantId, i]));
  const mixed: LineItemInput[] = shares.flatMap((s, n) => {
    const quantity = counts[n]!;
    if (quantity === 0) return [];
    const old = byVariant.get(s.variant.id);
    return [
      {
        ...(old?.id ? { id: old.id } : {}),
        animalId,
        planType: first.planType,
        productId: s.variant.productId,
        productVariantId: s.variant.id,
        price: s.variant.basePrice,
        quantity,
        oneOff: first.oneOff,
        bundleLineItems: [],
      },
    ];
  });
  const at = items.indexOf(first);
  const others = items.filter((i) => !meals.includes(i));
  return [...others.slice(0, at), ...mixed, ...others.slice(at)];
}

/**
 * The subscription's discount at an order position: the first of the subscription's discounts
 * whose span (from orderStartIndex, orderQuantity orders or every order) covers it.
 */
export function discountAt(
  discounts: readonly SubscriptionDiscountSpan[],
  position: number,
): string | null {
  const found = discounts.find(
    (d) =>
      position >= d.orderStartIndex &&
      (d.orderQuantity === null || position < d.orderStartIndex + d.orderQuantity),
  );
  return found?.discountId ?? null;
}

/** A stable key for each line of a pricing request (new lines have no id yet). */
const lineKey = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * The pricing request for an order's line items: each line at its own unit price (sku-based), the
 * meals grouped per dog as plans, the rest as extras, at the order's position in its subscription
 * with the subscription's discount there.
 */
export function orderPriceRequest(
  items: readonly LineItemInput[],
  variants: ReadonlyMap<string, CatalogueVariant>,
  order: { subscriptionId: string | null; subscriptionOrderIndex: number | null },
  subscription: { cadenceInWeeks: number; discounts: readonly SubscriptionDiscountSpan[] } | null,
): GetPriceInput {
  const position = order.subscriptionOrderIndex ?? 0;
  const item = (i: LineItemInput, n: number) => {
    const variant = i.productVariantId ? variants.get(i.productVariantId) : undefined;
    return {
      id: lineKey(n),
      sku: variant?.sku ?? i.productVariantId ?? i.productId,
      quantity: i.quantity,
      basePrice: i.price,
      productId: i.productId,
      productVariantId: i.productVariantId ?? null,
      productType: i.planType ? ('meal' as const) : (variant?.productType ?? null),
    };
  };
  const plans = new Map<string, ReturnType<typeof item>[]>();
  const extras: ReturnType<typeof item>[] = [];
  items.forEach((i, n) => {
    if (!i.planType) return extras.push(item(i, n));
    const key = `${i.animalId ?? ''}|${i.planType}`;
    plans.set(key, [...(plans.get(key) ?? []), item(i, n)]);
  });
  return {
    subscriptionId: order.subscriptionId,
    calculationType: 'sku_based',
    orderPosition: position,
    discountId: subscription ? discountAt(subscription.discounts, position) : null,
    fees: [],
    plans: [...plans.entries()].map(([key, planItems]) => {
      const [animalId, planType] = key.split('|');
      return {
        animalId: animalId || null,
        planType: planType!,
        baseCadenceInWeeks: subscription?.cadenceInWeeks ?? 2,
        items: planItems,
        customShippingFees: [],
      };
    }),
    extras: { items: extras },
  };
}

/**
 * The line items with the prices pricing gave them: `discountedPrice` is the line's discounted
 * total over its units, rounded down (never more than pricing charges), with the discount
 * application that priced it.
 */
export function withPrices(items: readonly LineItemInput[], result: PriceResult): LineItemInput[] {
  const priced = new Map(
    [...result.plans.flatMap((p) => p.items), ...result.extras.items].map((i) => [i.id, i.price]),
  );
  return items.map((i, n) => {
    const price = priced.get(lineKey(n));
    if (!price) throw new Error(`Pricing answered no price for line ${n}`);
    return {
      ...i,
      discountedPrice: Math.floor(price.discountedPriceTotal / i.quantity),
      discountScheduleApplicationId: price.discountScheduleApplicationId,
    };
  });
}

/** Whether an order's line items already are the ones wanted (a change done before a crash). */
export function sameLineItems(
  order: Pick<Order, 'orderLineItems'>,
  wanted: readonly LineItemInput[],
): boolean {
  const have = order.orderLineItems;
  if (have.length !== wanted.length) return false;
  const sig = (i: {
    productVariantId?: string | null;
    productId: string;
    quantity: number;
    price: number;
    discountedPrice?: number | null;
    animalId?: string | null;
  }) =>
    [
      i.productId,
      i.productVariantId ?? '',
      i.animalId ?? '',
      i.quantity,
      i.price,
      i.discountedPrice ?? '',
    ].join('|');
  const a = have.map(sig).sort();
  const b = wanted.map(sig).sort();
  return a.every((x, n) => x === b[n]);
}
