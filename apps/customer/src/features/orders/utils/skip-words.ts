import { nextCharge, type NextChargeOf as NextCharge } from '@pawfresh/contracts/order-rules';
import type { Orders } from '../api/get-orders';
import { formatCents, formatDay, type Order } from './order-format';

/** A box the customer may skip: to come, not charged yet, before its cut-off (docs/skipping.md). */
export function canSkip(order: Order, now: Date): boolean {
  return (
    order.displayType === 'FUTURE' &&
    order.paymentStatus === 'pending' &&
    new Date(order.cutoffAt).getTime() > now.getTime()
  );
}

/** The boxes to come that may be charged, for nextCharge. */
const toCome = (orders: Orders) => [
  ...orders.failedOrders,
  ...orders.currentOrders,
  ...orders.futureOrders,
];

const chargeInWords = (charge: NextCharge) =>
  `your next box is ${formatDay(charge.deliveryDate, { long: true })}, charged ${formatCents(charge.amount)} on ${formatDay(charge.billingDate, { long: true })}`;

/**
 * What skipping the box does, said before it is done: "You won't be charged $127.08 on Tuesday
 * 17 November; your next box is Friday 4 December, charged $127.08 on Tuesday 1 December."
 */
export function skipConfirmWords(order: Order, orders: Orders): string {
  const next = nextCharge(toCome(orders), order.id);
  const first = `You won’t be charged ${formatCents(order.totalCharge)} on ${formatDay(order.billingDate, { long: true })} and this box won’t be made`;
  return next
    ? `${first}; ${chargeInWords(next)}.`
    : `${first}. No other box is planned after it yet.`;
}

/** What a skip did, from the server's answer. */
export function skippedWords(order: Order, next: NextCharge | null): string {
  const first = `Your box of ${formatDay(order.deliveryDate, { long: true })} is skipped: it won’t be made or charged`;
  return next ? `${first}. Next, ${chargeInWords(next)}.` : `${first}.`;
}

/** What taking a skip back did, from the server's answer. */
export function unskippedWords(order: Order): string {
  return `Your box of ${formatDay(order.deliveryDate, { long: true })} is back: it will be charged ${formatCents(order.totalCharge)} on ${formatDay(order.billingDate, { long: true })}.`;
}
