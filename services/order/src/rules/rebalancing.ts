import type { FulfilmentStatus, PaymentStatus } from '@pawfresh/contracts/order';
import { daysBetween } from '@pawfresh/contracts/calendar-dates';
import { orderDates, type DeliverySlot } from './order-dates.js';
import { isBlockedFulfilmentStatus } from './order-changes.js';

/** Fresh food: a box may be made at most this many days before the dates rule would make it. */
export const MAX_DAYS_EARLIER = 2;

export type RebalanceRefusal =
  'not_open' | 'not_after_today' | 'sunday' | 'not_paid' | 'misses_the_truck' | 'too_early';

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
