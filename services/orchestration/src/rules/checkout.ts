import { orderAddressFrom } from '@pawfresh/contracts/addresses';
import type { InputProblem } from '@pawfresh/kit';
import type { CheckoutAddressInput } from '@pawfresh/contracts/orchestration-checkout';
import type { InflatedCart } from '@pawfresh/contracts/orchestration';
import type {
  CreateOrderInput,
  LineItemInput,
  OrderAddressInput,
  OrderDiscountInput,
} from '@pawfresh/contracts/order';
import type { PriceResult } from '@pawfresh/contracts/pricing';
import { planLines, withDiscountedPrices } from './promotion.js';
import type { CreateSubscriptionInput, Subscription } from '@pawfresh/contracts/subscription';
import { addDays } from '@pawfresh/contracts/calendar-dates';

type Cart = Omit<InflatedCart, 'workflowId'>;
type Slot = 'AM' | 'PM';

/** Who the services record as having made what a checkout makes. */
export const CHECKOUT_ACTOR = 'checkout';

/** Orders are generated this far ahead of the first delivery (docs/workflows.md). */
export const ORDER_HORIZON_WEEKS = 12;

/** The cadence a checkout starts a subscription at: carts carry none (the subscription default). */
export const CHECKOUT_CADENCE_IN_WEEKS = 2;

/** A cart with nothing in it cannot be checked out. */
export function emptyCartProblems(cartId: string, cart: Cart): InputProblem[] {
  if (cart.products.length > 0 || cart.plans.length > 0) return [];
  return [
    {
      path: ['cartId'],
      code: 'empty_cart',
      message: `Cart ${cartId} is empty: add a meal plan or a product before checking out`,
    },
  ];
}

/** The cart's price must be what the payment intent takes. */
export function amountProblems(intentAmount: number, cart: Cart): InputProblem[] {
  if (intentAmount === cart.prices.total) return [];
  return [
    {
      path: ['paymentIntentId'],
      code: 'amount_mismatch',
      message: `The payment intent is for ${intentAmount} cents but the cart comes to ${cart.prices.total} cents: make a new payment intent for the cart`,
    },
  ];
}

/** The cart's products that belong to a subscription recur in every order, as its extras. */
const recurring = (cart: Cart) => cart.products.filter((p) => p.subscriptionId !== null);
const oneOff = (cart: Cart) => cart.products.filter((p) => p.subscriptionId === null);

/** The products whose catalogue type the subscription's extras need (a bundle is a bundle). */
export const productsToType = (cart: Cart): string[] => [
  ...new Set(
    recurring(cart)
      .filter((p) => p.bundleId === null)
      .map((p) => p.productId),
  ),
];

/** Whether the checkout starts a subscription: the cart has feeding plans or subscription products. */
export const startsSubscription = (cart: Cart) =>
  cart.plans.length > 0 || recurring(cart).length > 0;

/** The subscription a cart becomes: its feeding plans as sized and priced, its recurring products. */
export function subscriptionOfCart(
  cart: Cart,
  slot: Slot,
  productTypes: Record<string, string>,
): CreateSubscriptionInput {
  return {
    userId: cart.userId,
    // Active once everything else is made (the checkout's last steps): a draft is removable.
    status: 'draft',
    cadenceInWeeks: CHECKOUT_CADENCE_IN_WEEKS,
    preferredDeliverySlotId: slot,
    createdBy: CHECKOUT_ACTOR,
    feedingPlans: cart.plans.map((p) => ({
      animalId: p.animalId,
      type: p.feedingPlan.type,
      status: 'active',
      startOrderIndex: 0,
      currentDailyServingSizeInGrams: p.feedingPlan.currentDailyServingSizeInGrams,
      skus: p.feedingPlan.skus.map((s) => ({
        productVariantId: s.productVariantId,
        ratio: s.ratio,
      })),
    })),
    extras: recurring(cart).map((p) => ({
      productVariantId: p.productVariantId,
      type: extraTypeOf(p.bundleId !== null ? 'bundle' : productTypes[p.productId]),
      startOrderIndex: 0,
      nthOrder: 1,
      quantity: p.quantity,
      price: p.unitPrice,
    })),
    // The cart's promotion: its discount on every order its schedules reach (docs/pricing.md).
    discounts: cart.promotion
      ? [
          {
            discountId: cart.promotion.discountId,
            orderStartIndex: 0,
            orderQuantity: cart.promotion.ordersDiscounted,
          },
        ]
      : [],
  };
}

/** A subscription extra's type from its product's catalogue type. */
export function extraTypeOf(
  productType: string | undefined,
): 'supplement' | 'treat' | 'bundle' | 'misc' {
  return productType === 'supplement' || productType === 'treat' || productType === 'bundle'
    ? productType
    : 'misc';
}

/** `YYYY-MM-DD` plus whole days, in calendar terms. */
/**
 * The orders a checkout makes: the first on the chosen delivery date (index 0), then one per
 * cadence while the delivery falls within the horizon. A cart without a subscription: one order.
 */
export function checkoutOrderSchedule(
  deliveryDate: string,
  subscription: boolean,
  cadenceInWeeks = CHECKOUT_CADENCE_IN_WEEKS,
  horizonWeeks = ORDER_HORIZON_WEEKS,
): { index: number; deliveryDate: string }[] {
  if (!subscription) return [{ index: 0, deliveryDate }];
  const schedule = [];
  for (let index = 0; index * cadenceInWeeks < horizonWeeks; index++) {
    schedule.push({ index, deliveryDate: addDays(deliveryDate, index * cadenceInWeeks * 7) });
  }
  return schedule;
}

export function orderAddressOf(address: CheckoutAddressInput): OrderAddressInput {
  return orderAddressFrom(address, { ...address, postcode: address.postCode });
}

/**
 * An order's line items: every feeding plan's meals (pouches at their price), the subscription's
 * extras due in this order, and in the first order the cart's one-off products.
 */
export function orderLineItems(
  cart: Cart,
  subscription: Subscription | undefined,
  index: number,
): LineItemInput[] {
  const items = planLines(cart);
  for (const extra of subscription?.extras ?? []) {
    if (index < extra.startOrderIndex || (index - extra.startOrderIndex) % extra.nthOrder !== 0) {
      continue;
    }
    const product = recurring(cart).find((p) => p.productVariantId === extra.productVariantId);
    if (!product) continue;
    items.push(
      lineItem({
        extraId: extra.id,
        productId: product.productId,
        productVariantId: extra.productVariantId,
        price: extra.price,
        quantity: extra.quantity,
      }),
    );
  }
  if (index === 0) {
    for (const p of oneOff(cart)) {
      items.push(
        lineItem({
          productId: p.productId,
          productVariantId: p.productVariantId,
          price: p.unitPrice,
          quantity: p.quantity,
          oneOff: true,
        }),
      );
    }
  }
  return items;
}

const lineItem = (
  item: Partial<LineItemInput> & Pick<LineItemInput, 'productId' | 'price' | 'quantity'>,
): LineItemInput => ({
  oneOff: false,
  bundleLineItems: [],
  ...item,
});

/** The order the checkout creates at one position of the schedule. */
export function checkoutOrder(
  cart: Cart,
  subscription: Subscription | undefined,
  at: { index: number; deliveryDate: string },
  slot: Slot,
  address: CheckoutAddressInput,
  promoted?: { priced: Pick<PriceResult, 'plans' | 'extras'>; discount?: OrderDiscountInput },
): CreateOrderInput {
  const items = orderLineItems(cart, subscription, at.index);
  return {
    userId: cart.userId,
    subscriptionId: subscription?.id ?? null,
    subscriptionOrderIndex: subscription ? at.index : null,
    deliveryDate: at.deliveryDate,
    expectedDeliverySlotId: slot,
    address: orderAddressOf(address),
    orderLineItems: promoted ? withDiscountedPrices(items, promoted.priced) : items,
    deliveryNote: address.deliveryInstructions ?? null,
    deliveryContactNumber: address.phoneNumber ?? null,
    discounts: promoted?.discount ? [promoted.discount] : [],
    createdBy: CHECKOUT_ACTOR,
  };
}
