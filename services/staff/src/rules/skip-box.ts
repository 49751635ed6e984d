import { formatDay } from '@pawfresh/contracts/calendar-dates';
import { blockedFulfilmentStatuses, type Order } from '@pawfresh/contracts/order';

/**
 * Why a box cannot be skipped now (null: it can). Skipping is dunning's skip without the pause
 * (docs/dunning.md): the box's payment becomes `expired`, so it is neither charged nor made and
 * it is hidden from the customer. So only a box not charged and not started: its payment pending
 * before its cut-off (after it, billing is about to charge it), or failed (never charged, never
 * made: dunning would move or skip it anyway), and the kitchen not working on it.
 */
export function skipRefusal(
  order: Pick<
    Order,
    'orderNumber' | 'deliveryDate' | 'paymentStatus' | 'fulfilmentStatus' | 'cutoffAt'
  > & {
    metadata: Pick<Order['metadata'], 'isCancelled'>;
  },
  now: Date,
): string | null {
  const box = `The box #${order.orderNumber} of ${formatDay(order.deliveryDate)}`;
  if (order.metadata.isCancelled || order.fulfilmentStatus === 'cancelled') {
    return `${box} is cancelled: there is nothing to skip`;
  }
  if ((blockedFulfilmentStatuses as readonly string[]).includes(order.fulfilmentStatus)) {
    return `${box} cannot be skipped: the kitchen is working on it (fulfilment ${order.fulfilmentStatus})`;
  }
  switch (order.paymentStatus) {
    case 'expired':
      return `${box} is skipped already`;
    case 'processed':
      return `${box} is paid: refund it instead of skipping it`;
    case 'processing':
      return `${box} is being charged right now: read it again in a minute`;
    case 'pending':
      return now.getTime() >= Date.parse(order.cutoffAt)
        ? `${box} cannot be skipped: changes for it closed at ${order.cutoffAt}`
        : null;
    case 'attempt_failed':
      return null;
  }
}
