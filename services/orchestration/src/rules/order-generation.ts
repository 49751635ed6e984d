import type { GetPriceInput, LinePrices } from '@pawfresh/contracts/pricing';
import type { CreateOrderInput, LineItemInput, Order } from '@pawfresh/contracts/order';
import {
  isDiscountInOrder,
  isExtraInOrder,
  type GenerationSubscription,
} from '@pawfresh/contracts/subscription';

/**
 * What generation reads of a subscription: the lean page's shape (the whole subscription fits
 * it too; an extra's `cancelledAt`, when there, is honoured).
 */
type Subscription = GenerationSubscription;
import { addDays } from '@pawfresh/contracts/calendar-dates';

/** Who the order service records as having made a generated order. */
export const GENERATOR_ACTOR = 'generate-orders';

/** The last day a generated order may be delivered on: today plus the horizon. */
export const horizonEnd = (today: string, horizonWeeks: number) => addDays(today, horizonWeeks * 7);

/**
 * The orders a subscription still needs: one per cadence after its last order (by index), while
 * the delivery falls on or before the horizon's end. Their dates follow the last order's.
 */
export function ordersDue(
  last: { index: number; deliveryDate: string },
  cadenceInWeeks: number,
  end: string,
): { index: number; deliveryDate: string }[] {
  const due = [];
  for (let step = 1; ; step++) {
    const deliveryDate = addDays(last.deliveryDate, step * cadenceInWeeks * 7);
    if (deliveryDate > end) break;
    due.push({ index: last.index + step, deliveryDate });
  }
  return due;
}

/** What an extra needs for a line item and a price, read from the catalogue. */
export interface ExtraVariant {
  id: string;
  productId: string;
  sku: string;
}

/** The subscription's discount for an order position: the first that applies there. */
export function discountAt(subscription: Subscription, index: number) {
  return subscription.discounts.find((d) => isDiscountInOrder(d, index));
}

interface Line {
  item: Omit<LineItemInput, 'discountedPrice'>;
  sku: string;
}

/** The active feeding plans' meals (from their start) and the extras due at an order index. */
function linesAt(subscription: Subscription, index: number, variants: ExtraVariant[]) {
  const plans: { plan: Subscription['feedingPlans'][number]; lines: Line[] }[] = [];
  for (const plan of subscription.feedingPlans) {
    if (plan.status !== 'active' || index < plan.startOrderIndex) continue;
    const lines = plan.skus
      .filter((s) => s.pouches > 0)
      .map((s) => ({
        sku: s.sku,
        item: {
          animalId: plan.animalId,
          productId: s.productId,
          productVariantId: s.productVariantId,
          planType: plan.type,
          price: s.price,
          quantity: s.pouches,
          oneOff: false,
          bundleLineItems: [],
        },
      }));
    if (lines.length > 0) plans.push({ plan, lines });
  }
  const extras: Line[] = [];
  for (const extra of subscription.extras) {
    if (!isExtraInOrder(extra, index)) continue;
    const variant = variants.find((v) => v.id === extra.productVariantId);
    if (!variant) continue;
    extras.push({
      sku: variant.sku,
      item: {
        extraId: extra.id,
        productId: variant.productId,
        productVariantId: extra.productVariantId,
        price: extra.price,
        quantity: extra.quantity,
        oneOff: false,
        bundleLineItems: [],
      },
    });
  }
  return { plans, extras };
}

/** The pricing request for an order position: its lines and the discount that applies there. */
export function priceRequestAt(
  subscription: Subscription,
  index: number,
  variants: ExtraVariant[],
): GetPriceInput {
  const { plans, extras } = linesAt(subscription, index, variants);
  const toItem = (l: Line) => ({
    sku: l.sku,
    quantity: l.item.quantity,
    basePrice: l.item.price,
    productId: l.item.productId,
    productVariantId: l.item.productVariantId ?? null,
  });
  return {
    subscriptionId: subscription.id,
    calculationType: 'sku_based',
    orderPosition: index,
    discountId: discountAt(subscription, index)?.discountId ?? null,
    fees: [],
    plans: plans.map(({ plan, lines }) => ({
      animalId: plan.animalId,
      planType: plan.type,
      baseCadenceInWeeks: subscription.cadenceInWeeks,
      items: lines.map(toItem),
      customShippingFees: [],
    })),
    extras: { items: extras.map(toItem) },
  };
}

/**
 * What makes two price requests price alike: the request itself, but for the order position when
 * no discount is in play, since pricing reads the position only to pick a discount's schedule
 * (the pricing contract's `orderPosition`). A subscription's boxes without a discount — most of
 * them — are priced once for the batch instead of once each.
 */
export function samePriceKey(request: GetPriceInput): string {
  const discounted =
    !!request.discountId ||
    !!request.promotionCode ||
    request.plans.some((p) => p.items.some((i) => !!i.discountId)) ||
    request.extras.items.some((i) => !!i.discountId);
  return JSON.stringify(discounted ? request : { ...request, orderPosition: 0 });
}

/**
 * The order at a position, priced: each line at the pricing service's discounted price per item,
 * the subscription's discount recorded with its place in the discount's run (discountIndex).
 */
export function generatedOrder(
  subscription: Subscription,
  at: { index: number; deliveryDate: string },
  previous: Pick<Order, 'userId' | 'expectedDeliverySlotId' | 'address'>,
  variants: ExtraVariant[],
  priced: LinePrices,
  discount:
    | { name: string; description: string | null; interval: 'once-off' | 'recurring' | 'hybrid' }
    | undefined,
): CreateOrderInput {
  const { plans, extras } = linesAt(subscription, at.index, variants);
  const items: LineItemInput[] = [];
  plans.forEach(({ lines }, p) =>
    lines.forEach((l, i) =>
      items.push({
        ...l.item,
        discountedPrice: priced.plans[p]?.items[i]?.price.discountedPerItem ?? null,
      }),
    ),
  );
  extras.forEach((l, i) =>
    items.push({
      ...l.item,
      discountedPrice: priced.extras.items[i]?.price.discountedPerItem ?? null,
    }),
  );
  const applied = discountAt(subscription, at.index);
  const { address } = previous;
  return {
    userId: previous.userId,
    subscriptionId: subscription.id,
    subscriptionOrderIndex: at.index,
    deliveryDate: at.deliveryDate,
    expectedDeliverySlotId: subscription.preferredDeliverySlotId ?? previous.expectedDeliverySlotId,
    address: {
      firstName: address.firstName,
      lastName: address.lastName,
      address1: address.address1,
      address2: address.address2,
      suburb: address.suburb,
      city: address.city,
      state: address.state,
      postcode: address.postcode,
      countryCode: 'AU',
      companyName: address.companyName,
      timezone: address.timezone,
    },
    orderLineItems: items,
    discounts:
      applied && discount
        ? [
            {
              subscriptionDiscountId: applied.id,
              discountId: applied.discountId,
              discountIndex: at.index - applied.orderStartIndex,
              name: discount.name,
              description: discount.description,
              interval: discount.interval,
              currencyCode: 'AUD',
            },
          ]
        : [],
    createdBy: GENERATOR_ACTOR,
  };
}
