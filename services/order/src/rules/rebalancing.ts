import type { FulfilmentStatus, PaymentStatus, rebalanceRefusals } from '@pawfresh/contracts/order';
import { daysBetween } from '@pawfresh/contracts/calendar-dates';
import { orderDates, type DeliverySlot } from './order-dates.js';
import { isBlockedFulfilmentStatus } from './order-changes.js';

/** Fresh food: a box may be made at most this many days before the dates rule would make it. */
export const MAX_DAYS_EARLIER = 2;

export type RebalanceRefusal = (typeof rebalanceRefusals)[number];

export interface RebalanceCandidate {
  deliveryDate: string;
  expectedDeliverySlotId: DeliverySlot;
  depotCode: string;
  facilityId: number;
  fulfilmentStatus: FulfilmentStatus;
  paymentStatus: PaymentStatus;
  billingDate: string;
  isCancelled: boolean;
}

/**
 * Whether a box may be made on `toDate` instead (docs/orders.md "Rebalancing"): not one the
 * kitchen has started or that is cancelled; a kitchen day after today; never after the make date
 * of the dates rule (it would miss the truck); not before its billing date unless paid (nothing
 * is made before it is paid); and, unless `force`, at most MAX_DAYS_EARLIER before it.
 */
export function rebalanceRefusal(
  order: RebalanceCandidate,
  toDate: string,
  today: string,
  force: boolean,
): RebalanceRefusal | undefined {
  if (
    order.isCancelled ||
    order.fulfilmentStatus === 'cancelled' ||
    order.paymentStatus === 'expired' ||
    isBlockedFulfilmentStatus(order.fulfilmentStatus)
  ) {
    return 'not_open';
  }
  if (toDate <= today) return 'not_after_today';
  if (new Date(`${toDate}T00:00:00Z`).getUTCDay() === 0) return 'sunday';
  const rule = orderDates({
    deliveryDate: order.deliveryDate,
    slot: order.expectedDeliverySlotId,
    depotCode: order.depotCode,
    facilityId: order.facilityId,
  });
  if (typeof rule === 'string') return 'misses_the_truck';
  if (toDate > rule.makeDate) return 'misses_the_truck';
  if (!force && daysBetween(toDate, rule.makeDate) > MAX_DAYS_EARLIER) return 'too_early';
  if (toDate < order.billingDate && order.paymentStatus !== 'processed') return 'not_paid';
  return undefined;
}

export const REBALANCE_REFUSALS: Readonly<Record<RebalanceRefusal, string>> = {
  not_open: 'the kitchen has started it, or it is cancelled',
  not_after_today: 'boxes can only be moved to a day after today',
  sunday: 'the kitchens do not cook on Sundays',
  not_paid: 'it would be made before its billing date, and it is not paid',
  misses_the_truck: 'made that late it would miss its truck to the depot',
  too_early: `that is more than ${MAX_DAYS_EARLIER} days before the dates rule would make it (send force to allow it)`,
};

/**
 * What a facility's rebalance of one make date would move (docs/orders.md "Rebalancing"): the
 * boxes the rule allows, in the order given (oldest orders first), up to `amountOfBoxes`; and
 * how many boxes each refusal keeps where they are. `refusal` is set when nothing may move (the
 * 409 the rebalance answers). Pure: the dry run answers it and the rebalance applies it.
 */
export interface RebalancePlan<Box> {
  moving: Box[];
  staying: { reason: RebalanceRefusal; boxes: number }[];
  refusal?: string;
}

export function planRebalance<Box extends RebalanceCandidate>(
  boxes: readonly Box[],
  move: {
    facilityId: number;
    fromDate: string;
    toDate: string;
    amountOfBoxes: number;
    force: boolean;
  },
  today: string,
): RebalancePlan<Box> {
  const staying = new Map<RebalanceRefusal, number>();
  const movable = boxes.filter((box) => {
    const refusal = rebalanceRefusal(box, move.toDate, today, move.force);
    if (refusal) staying.set(refusal, (staying.get(refusal) ?? 0) + 1);
    return !refusal;
  });
  const plan: RebalancePlan<Box> = {
    moving: move.fromDate === move.toDate ? [] : movable.slice(0, move.amountOfBoxes),
    staying: [...staying].map(([reason, n]) => ({ reason, boxes: n })),
  };
  if (plan.moving.length === 0) {
    const reasons = [...staying.keys()].map((r) => REBALANCE_REFUSALS[r]);
    plan.refusal =
      boxes.length === 0
        ? `Facility ${move.facilityId} has no boxes to make on ${move.fromDate}`
        : `No box made on ${move.fromDate} can move to ${move.toDate}: ${reasons.join('; ') || 'it is the same day'}`;
  }
  return plan;
}
