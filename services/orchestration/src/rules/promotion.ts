import { createHash } from 'node:crypto';
import type { InflatedCart, InflatedCartPlan } from '@pawfresh/contracts/orchestration';
import type { LineItemInput, OrderDiscountInput } from '@pawfresh/contracts/order';
import type { Discount, GetPriceInput, PriceResult } from '@pawfresh/contracts/pricing';

type Cart = Omit<InflatedCart, 'workflowId'>;
type Promotion = NonNullable<Cart['promotion']>;
/** What pricing needs of a feeding plan: the dog and the plan's skus. */
type PlanForPricing = Pick<InflatedCartPlan, 'animalId' | 'feedingPlan'>;

/**
 * How many orders from the first a discount can reach (docs/pricing.md "Which schedule
 * applies"): a once-off discount up to its last schedule's position; a recurring or hybrid one,
 * every order (null).
 */
export function ordersDiscounted(
  discount: Pick<Discount, 'interval' | 'schedules'>,
): number | null {
  if (discount.interval !== 'once-off') return null;
  return Math.max(0, ...discount.schedules.map((s) => s.orderPosition + 1));
}

/**
 * How a checkout records its use of a promotion (docs/pricing.md "Promotions"): a coupon's use is
 * a discount taken; a referral code's use is the referral reaching checkout, which credits the
 * referrer and counts as the use (the friend's discount comes with it, never counted twice).
 */
export function checkoutUsageType(type: Promotion['type']): 'discount' | 'referral' {
  return type === 'coupon' ? 'discount' : 'referral';
}

/** Every feeding plan's meals as order lines: the pouches of each sku at its price. */
export function planLines(cart: { plans: readonly PlanForPricing[] }): LineItemInput[] {
  const lines: LineItemInput[] = [];
  for (const plan of cart.plans) {
    for (const sku of plan.feedingPlan.skus) {
      if (sku.pouches === 0) continue;
      lines.push({
        animalId: plan.animalId,
        productId: sku.productId,
        productVariantId: sku.productVariantId,
        planType: plan.feedingPlan.type,
        price: sku.price,
        quantity: sku.pouches,
        oneOff: false,
        bundleLineItems: [],
      });
    }
  }
  return lines;
}

/**
 * The first order's lines as the cart holds them: every feeding plan's meals and every product
 * (subscription products recur, so they are in the first order too), each keeping its cart id.
 */
export function firstOrderLines(cart: Pick<Cart, 'plans' | 'products'>): LineItemInput[] {
  const lines = planLines(cart);
  for (const p of cart.products) {
    lines.push({
      id: p.id,
      productId: p.productId,
      productVariantId: p.productVariantId,
      price: p.unitPrice,
      quantity: p.quantity,
      oneOff: p.subscriptionId === null,
      bundleLineItems: [],
    });
  }
  return lines;
}

/** The cart's skus by product variant: what pricing names an item by. */
export function skusOf(cart: {
  plans: readonly PlanForPricing[];
  products: Pick<Cart, 'products'>['products'];
}): Map<string, string> {
  const skus = new Map<string, string>();
  for (const plan of cart.plans) {
    for (const s of plan.feedingPlan.skus) skus.set(s.productVariantId, s.sku);
  }
  for (const p of cart.products) skus.set(p.productVariantId, p.sku);
  return skus;
}

/** An order's lines in pricing's groups: each dog's plan, then the rest as extras. */
function grouped(lines: readonly LineItemInput[]) {
  const plans = new Map<string, number[]>();
  const extras: number[] = [];
  lines.forEach((line, n) => {
    if (!line.animalId) return extras.push(n);
    const key = `${line.animalId}:${line.planType ?? ''}`;
    plans.set(key, [...(plans.get(key) ?? []), n]);
  });
  return { plans: [...plans.values()], extras };
}

/**
 * The pricing request for an order of lines at a position: under the cart's promotion code
 * (what the customer sees) or its discount (the orders a checkout makes, once the code is used).
 */
export function orderPriceRequest(
  lines: readonly LineItemInput[],
  skus: ReadonlyMap<string, string>,
  orderPosition: number,
  cadenceInWeeks: number,
  under: { promotionCode: string } | { discountId: string },
): GetPriceInput {
  const item = (n: number) => {
    const line = lines[n]!;
    return {
      id: line.id ?? null,
      sku: skus.get(line.productVariantId ?? '') ?? line.productId,
      quantity: line.quantity,
      basePrice: line.price,
      productId: line.productId,
      productVariantId: line.productVariantId ?? null,
    };
  };
  const { plans, extras } = grouped(lines);
  return {
    calculationType: 'sku_based',
    orderPosition,
    ...under,
    fees: [],
    plans: plans.map((ns) => ({
      animalId: lines[ns[0]!]!.animalId ?? null,
      planType: lines[ns[0]!]!.planType ?? null,
      baseCadenceInWeeks: cadenceInWeeks,
      items: ns.map(item),
      customShippingFees: [],
    })),
    extras: { items: extras.map(item) },
  };
}

/** The lines with the discounted price per unit pricing gave each (the request's grouping). */
export function withDiscountedPrices(
  lines: readonly LineItemInput[],
  priced: Pick<PriceResult, 'plans' | 'extras'>,
): LineItemInput[] {
  const out = [...lines];
  const { plans, extras } = grouped(lines);
  plans.forEach((ns, p) =>
    ns.forEach((n, i) => {
      out[n] = {
        ...lines[n]!,
        discountedPrice: priced.plans[p]?.items[i]?.price.discountedPerItem,
      };
    }),
  );
  extras.forEach((n, i) => {
    out[n] = { ...lines[n]!, discountedPrice: priced.extras.items[i]?.price.discountedPerItem };
  });
  return out;
}

/** The promotion's discount as an order records it, at the order's place in its run. */
export function promotionOrderDiscount(
  promotion: Promotion,
  orderIndex: number,
  subscriptionDiscountId: string | null,
): OrderDiscountInput | undefined {
  const reach = promotion.ordersDiscounted;
  if (reach !== null && orderIndex >= reach) return undefined;
  return {
    subscriptionDiscountId,
    discountId: promotion.discountId,
    discountIndex: orderIndex,
    name: promotion.name,
    description: promotion.description,
    interval: promotion.interval,
    currencyCode: 'AUD',
  };
}

/**
 * The cart priced as its first order under the promotion code (`firstOrderLines`, priced
 * whole: a discount's filters and quantities reach across plans and products).
 */
export function withPromotion(cart: Cart, promotion: Promotion, order: PriceResult): Cart {
  const byLine = new Map(order.extras.items.map((i) => [i.id, i.price]));
  return {
    ...cart,
    promotion,
    products: cart.products.map((p) => ({
      ...p,
      discountedTotalPrice: byLine.get(p.id)?.discountedPriceTotal ?? p.discountedTotalPrice,
    })),
    prices: {
      productsTotal: order.discountedExtraTotal,
      plansTotal: order.discountedPlanTotal,
      discountTotal: order.discountTotal,
      total: order.totalPrice,
    },
  };
}

/** A feeding plan's first box priced under a code: before, taken off, after, per pouch. */
export function firstBoxUnderCode(
  code: string,
  priced: Pick<
    PriceResult,
    'planTotal' | 'planDiscountTotal' | 'discountedPlanTotal' | 'pricePerPouch'
  >,
) {
  return {
    code,
    totalPrice: priced.planTotal,
    discountTotal: priced.planDiscountTotal,
    discountedTotalPrice: priced.discountedPlanTotal,
    discountedPricePerPouch: priced.pricePerPouch,
  };
}

/** A uuid that is always the same for the same text: the id of a use a retried step records. */
export function uuidFrom(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
