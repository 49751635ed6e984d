import type { DunningAction } from '@pawfresh/contracts/orchestration-billing';
import type { OrderEvent, PaymentStatus } from '@pawfresh/contracts/order';
import { addDays } from '@pawfresh/contracts/calendar-dates';

/**
 * Billing and dunning rules (docs/dunning.md). Dates are calendar dates (`YYYY-MM-DD`) on the
 * order's depot clock; the billing run runs for one date in every zone at once.
 */

/** Who the billing run and dunning are on the order events. */
export const BILLING_ACTOR = 'orchestration:billing';
export const DUNNING_ACTOR = 'orchestration:dunning';
/** The billing run starts at 06:00 here: by then every Australian zone has the same date. */
export const BILLING_RUN_TIME_ZONE = 'Australia/Perth';
/** Dunning moves a failed box once, by this many days (same weekday and slot). */
export const DUNNING_MOVE_DAYS = 7;

/** `date` plus `days` days. */
/** The date on the wall clock of a zone (one copy, in the kit). */
export { localDate } from '@pawfresh/kit';

/** What the billing run knows of an order. */
export interface BillableOrder {
  paymentStatus: PaymentStatus;
  billingDate: string;
  makeDate: string;
  /** Dunning has already moved its delivery (it does so once). */
  moved: boolean;
  /** Cancelled, or its fulfilment cancelled: nothing to charge. */
  cancelled: boolean;
}

/**
 * The dunning step for an order on `today` (docs/dunning.md "The steps"):
 * - pending, from its billing date until the day before its make date: charge (first try);
 * - processing (a charge whose answer never came): charge again, with the same key;
 * - attempt_failed, from its billing date until the day before its make date: charge (retry,
 *   once a day: the run is once a day);
 * - attempt_failed on or after its make date (it was not made): move the delivery once; if it
 *   was moved already: skip it (expired) and pause the subscription. Never cancel.
 */
export function dunningAction(order: BillableOrder, today: string): DunningAction {
  if (order.cancelled) return 'none';
  switch (order.paymentStatus) {
    case 'pending':
      return today >= order.billingDate && today < order.makeDate ? 'charge' : 'none';
    case 'processing':
      return 'charge';
    case 'attempt_failed':
      if (today < order.billingDate) return 'none';
      if (today < order.makeDate) return 'charge';
      return order.moved ? 'skip' : 'move-delivery';
    default:
      return 'none';
  }
}

/**
 * When the billing run next tries an order that was declined on `today`: the next day while it is
 * before the make date; else, if the delivery has not been moved, the billing date it will have
 * once moved; else never (it will be skipped).
 */
export function nextAttemptDate(
  order: Pick<BillableOrder, 'billingDate' | 'makeDate' | 'moved'>,
  today: string,
): string | null {
  const tomorrow = addDays(today, 1);
  if (tomorrow < order.makeDate) return tomorrow;
  return order.moved ? null : addDays(order.billingDate, DUNNING_MOVE_DAYS);
}

/**
 * The attempt a charge is: 1 + the declines so far (each decline is a move to attempt_failed).
 * A charge whose answer never came leaves the order processing, so its retry is the same attempt
 * and sends the same Idempotency-Key.
 */
export const attemptNumber = (events: readonly Pick<OrderEvent, 'action' | 'currentValue'>[]) =>
  1 +
  events.filter((e) => e.action === 'payment_status_updated' && e.currentValue === 'attempt_failed')
    .length;

/** Whether dunning has moved this order's delivery already. */
export const movedByDunning = (
  events: readonly Pick<OrderEvent, 'action' | 'createdBy'>[],
): boolean =>
  events.some((e) => e.action === 'delivery_date_updated' && e.createdBy === DUNNING_ACTOR);

/** The key the payment service gets for an attempt: the same attempt can never charge twice. */
export const chargeKey = (orderId: string, attempt: number) =>
  `order-${orderId}-attempt-${attempt}`;

/**
 * How a charge asks the payment service again when it did not get an answer (always with the same
 * Idempotency-Key, so asking again never charges twice). The card provider being busy (a 429
 * there, 503 `rate_limited` here), the provider down or timing out (502 `provider_unavailable`) and
 * our database restarting (503 `unavailable`) are waited out longer than any other failure: Stripe
 * advises exponential backoff with jitter, so the processes sharing its limit spread out, and an
 * outage or a failover lasts seconds to a minute, not one.
 */
export const CHARGE_RETRY = {
  /** Tries in all while the payment service fails or does not answer, then a 502. */
  failed: 3,
  /** Tries in all while the provider is busy (about a minute and a half of waiting), then a 502. */
  busy: 12,
  /**
   * Tries in all while the provider or our database cannot be reached (40 to 80 s of waiting),
   * then a 502.
   */
  unavailable: 14,
} as const;

/** Why a charge asks again: see CHARGE_RETRY. */
export type ChargeRetryReason = keyof typeof CHARGE_RETRY;

/**
 * The pause before try `tries + 1`: half a second more each time after a failure; while the
 * provider is busy or down, or our database unavailable, doubling from half a second up to 8 s,
 * each a random share (50–100 %) of it (`random` in [0, 1)).
 */
export function chargeRetryDelayMs(
  tries: number,
  reason: ChargeRetryReason,
  random: number,
): number {
  if (reason === 'failed') return 500 * tries;
  const ceiling = Math.min(8_000, 500 * 2 ** (tries - 1));
  return Math.round(ceiling * (0.5 + random / 2));
}

/** Why a manual charge is refused now, or undefined when it may go ahead. */
export function manualChargeRefusal(
  order: {
    orderNumber: number;
    paymentStatus: PaymentStatus;
    billingDate: string;
    makeDate: string;
    deliveryDate: string;
    cancelled: boolean;
  },
  today: string,
): string | undefined {
  const name = `Order #${order.orderNumber}`;
  if (order.cancelled || order.paymentStatus === 'expired') {
    return `${name} was skipped or cancelled: it is not charged`;
  }
  if (order.paymentStatus === 'pending') {
    return `${name} has not been charged yet: it is charged on ${order.billingDate}`;
  }
  if (order.paymentStatus === 'attempt_failed' && today >= order.makeDate) {
    return `${name} can no longer be made for ${order.deliveryDate}: the next billing run moves it to a later delivery (or skips it), then it can be paid`;
  }
  return undefined;
}
