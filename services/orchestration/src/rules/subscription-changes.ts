import {
  blockedFulfilmentStatuses,
  type LineItemInput,
  type Order,
} from '@pawfresh/contracts/order';
import type {
  OrdersOutcome,
  PlanFigures,
  PlanSide,
} from '@pawfresh/contracts/orchestration-subscription-changes';
import type { FeedingPlan, GeneratedFeedingPlan } from '@pawfresh/contracts/subscription';
import { formatDay } from '@pawfresh/contracts/calendar-dates';

/**
 * The one rule of what a customer change may touch (docs/changes.md). Pure: the workflows read
 * the orders and the subscription, this decides, the workflows write.
 */

/** What the rule needs of an order. */
export type OrderInScope = Pick<
  Order,
  | 'id'
  | 'deliveryDate'
  | 'cutoffAt'
  | 'fulfilmentStatus'
  | 'paymentStatus'
  | 'subscriptionOrderIndex'
  | 'metadata'
>;

export type LeftOrder = OrdersOutcome['leftOrders'][number];

/** Orders that never take part: cancelled, expired, or whose fulfilment was cancelled. */
const isGone = (o: OrderInScope) =>
  o.metadata.isCancelled || o.paymentStatus === 'expired' || o.fulfilmentStatus === 'cancelled';

/**
 * Splits a subscription's orders into the ones a change updates and reprices (`open`: before
 * their cut-off, not being made, not paid) and the ones it leaves, each with why. Orders already
 * delivered (delivery date before today) or gone are in neither: a change never looks back.
 */
export function changeScope(
  orders: readonly OrderInScope[],
  now: Date,
  today: string,
): { open: OrderInScope[]; left: LeftOrder[] } {
  const open: OrderInScope[] = [];
  const left: LeftOrder[] = [];
  const sorted = [...orders].sort((a, b) => a.deliveryDate.localeCompare(b.deliveryDate));
  for (const order of sorted) {
    if (isGone(order) || order.deliveryDate < today) continue;
    const refusal = leftReason(order, now);
    if (refusal) left.push({ orderId: order.id, deliveryDate: order.deliveryDate, ...refusal });
    else open.push(order);
  }
  return { open, left };
}

function leftReason(
  order: OrderInScope,
  now: Date,
): Pick<LeftOrder, 'reason' | 'message'> | undefined {
  // The message is the customer's words for why (the app names the box before it): no status
  // codes, no instants.
  if ((blockedFulfilmentStatuses as readonly string[]).includes(order.fulfilmentStatus)) {
    return { reason: 'fulfilment_blocked', message: 'the kitchen is already making it' };
  }
  if (order.paymentStatus !== 'pending') {
    return { reason: 'paid', message: 'it is already paid for' };
  }
  if (now.getTime() >= Date.parse(order.cutoffAt)) {
    return { reason: 'past_cutoff', message: 'changes for it have closed' };
  }
  return undefined;
}

/** The apply call's refusal when the subscription moved on since the review (or the last read). */
export function versionMoved(
  subscriptionId: string,
  expected: number | undefined,
  current: number,
): string | undefined {
  if (expected === undefined || expected === current) return undefined;
  return `Subscription ${subscriptionId} has changed since version ${expected} (it is at version ${current}): review the change again`;
}

/** One feeding plan (stored, or generated for a review) in the figures a customer compares. */
export function planFigures(
  plan: Pick<
    FeedingPlan | GeneratedFeedingPlan,
    | 'animalId'
    | 'type'
    | 'servingSize'
    | 'currentDailyServingSizeInGrams'
    | 'currentPouchSizeInGrams'
    | 'totalPouches'
    | 'totalPrice'
    | 'dailyPrice'
    | 'skus'
  >,
  feedingPlanId: string | null,
): PlanFigures {
  return {
    feedingPlanId,
    animalId: plan.animalId,
    type: plan.type,
    servingSize: plan.servingSize,
    dailyGrams: plan.currentDailyServingSizeInGrams,
    pouchSizeInGrams: plan.currentPouchSizeInGrams,
    pouchesPerBox: plan.totalPouches,
    pricePerBox: plan.totalPrice,
    pricePerDay: plan.dailyPrice,
    skus: plan.skus.map((s) => ({
      productVariantId: s.productVariantId,
      ratio: s.ratio,
      pouches: s.pouches,
    })),
  };
}

/** A side of the before/after: the plans and their sums per box and per day. */
export function planSide(plans: readonly PlanFigures[]): PlanSide {
  return {
    feedingPlans: [...plans],
    pouchesPerBox: plans.reduce((n, p) => n + p.pouchesPerBox, 0),
    pricePerBox: plans.reduce((n, p) => n + p.pricePerBox, 0),
    pricePerDay: plans.reduce((n, p) => n + p.pricePerDay, 0),
  };
}

/** The active plans of a subscription as a side of the before/after. */
export const activePlansSide = (plans: readonly FeedingPlan[]): PlanSide =>
  planSide(plans.filter((p) => p.status === 'active').map((p) => planFigures(p, p.id)));

/**
 * An order's line items with the feeding-plan lines of `animalIds` replaced by the subscription's
 * plans for those dogs now (one line per meal: pouches at the price per pouch; a paused,
 * ineligible or removed plan has none). Every other line (extras, one-offs, other dogs) stays.
 */
export function replanLines(
  lines: readonly Order['orderLineItems'][number][],
  plans: readonly FeedingPlan[],
  animalIds: ReadonlySet<string>,
): LineItemInput[] {
  const kept: LineItemInput[] = lines
    .filter((l) => l.planType === null || l.animalId === null || !animalIds.has(l.animalId))
    .map(toLineInput);
  const planned: LineItemInput[] = plans
    .filter((p) => p.status === 'active' && animalIds.has(p.animalId))
    .flatMap((p) =>
      p.skus
        .filter((s) => s.pouches > 0)
        .map((s) => ({
          animalId: p.animalId,
          productId: s.productId,
          productVariantId: s.productVariantId,
          planType: p.type,
          price: s.price,
          quantity: s.pouches,
          oneOff: false,
          bundleLineItems: [],
        })),
    );
  return [...planned, ...kept];
}

/** A stored line item as the order service takes it back. */
export function toLineInput(l: Order['orderLineItems'][number]): LineItemInput {
  return {
    bundleId: l.bundleId,
    animalId: l.animalId,
    extraId: l.extraId,
    productId: l.productId,
    productVariantId: l.productVariantId,
    planType: l.planType,
    price: l.price,
    quantity: l.quantity,
    oneOff: l.oneOff,
    discountedPrice: l.discountedPrice,
    discountScheduleApplicationId: l.discountScheduleApplicationId,
    bundleLineItems: l.bundleLineItems,
  };
}

/** Whether two lists of line items say the same (so a replayed step changes nothing). */
export const sameLines = (a: readonly LineItemInput[], b: readonly LineItemInput[]) =>
  JSON.stringify(a.map(lineKey).sort()) === JSON.stringify(b.map(lineKey).sort());
const lineKey = (l: LineItemInput) =>
  [l.animalId ?? '', l.extraId ?? '', l.productVariantId ?? l.productId, l.planType ?? '', l.price, l.quantity, l.oneOff].join('|'); // prettier-ignore

/** The order index an extra starts on, from the order the customer picked (or the next open). */
export function startIndexOf(
  startOrderId: string | null | undefined,
  orders: readonly OrderInScope[],
  open: readonly OrderInScope[],
): { index: number } | { problem: string } {
  if (startOrderId) {
    const order = orders.find((o) => o.id === startOrderId);
    if (!order || order.subscriptionOrderIndex === null) {
      return { problem: `Order ${startOrderId} is not one of this subscription's deliveries` };
    }
    return { index: order.subscriptionOrderIndex };
  }
  const next = open.find((o) => o.subscriptionOrderIndex !== null);
  if (next) return { index: next.subscriptionOrderIndex! };
  const indexes = orders.map((o) => o.subscriptionOrderIndex ?? -1);
  return { index: Math.max(-1, ...indexes) + 1 };
}

/**
 * Where an extra's schedule starts when its frequency changes from a box (docs/changes.md
 * "An extra's new frequency"): counted through that box, so the box being edited keeps the
 * extra; and back from it to no earlier than the old start, so the open boxes before it that the
 * new rhythm reaches keep it too. A box before the old start starts the schedule there.
 */
export function startThroughBox(startOrderIndex: number, boxIndex: number, nthOrder: number) {
  if (boxIndex <= startOrderIndex) return boxIndex;
  return startOrderIndex + ((boxIndex - startOrderIndex) % nthOrder);
}

/** Whether an extra's schedule reaches the order at `orderIndex` (from its start, every nth). */
export function extraInOrder(
  orderIndex: number | null,
  extra: { startOrderIndex: number; nthOrder: number },
): boolean {
  if (orderIndex === null || orderIndex < extra.startOrderIndex) return false;
  return (orderIndex - extra.startOrderIndex) % extra.nthOrder === 0;
}

/**
 * What a cancellation does to the orders: the ones not paid and not being made are removed (the
 * order service deletes them); the future ones already paid or being made still arrive.
 */
export function stillArriving(
  orders: readonly OrderInScope[],
  deletedOrderIds: readonly string[],
  today: string,
): { orderId: string; deliveryDate: string; message: string }[] {
  const deleted = new Set(deletedOrderIds);
  return orders
    .filter((o) => !deleted.has(o.id) && !isGone(o) && o.deliveryDate >= today)
    .sort((a, b) => a.deliveryDate.localeCompare(b.deliveryDate))
    .map((o) => ({
      orderId: o.id,
      deliveryDate: o.deliveryDate,
      message: (blockedFulfilmentStatuses as readonly string[]).includes(o.fulfilmentStatus)
        ? `Your box of ${formatDay(o.deliveryDate, { long: true })} still arrives: it is already being packed`
        : `Your box of ${formatDay(o.deliveryDate, { long: true })} still arrives: it is already paid for`,
    }));
}
