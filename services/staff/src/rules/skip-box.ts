import { formatDay } from '@pawfresh/contracts/calendar-dates';
import { skipRefusalType, type Order } from '@pawfresh/contracts/order';

/**
 * Why a box cannot be skipped by staff now (null: it can), in staff words. The rule is the
 * contracts' `skipRefusalType` (docs/skipping.md), the customer's too, with one difference: staff
 * may skip a box whose payment failed (never charged, never made: dunning would move or skip it
 * anyway), as dunning's skip without the pause (docs/dunning.md).
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
  const refusal = skipRefusalType(
    { ...order, isCancelled: order.metadata.isCancelled },
    now,
    'staff',
  );
  switch (refusal) {
    case null:
      return null;
    case 'cancelled':
      return `${box} is cancelled: there is nothing to skip`;
    case 'being_made':
      return `${box} cannot be skipped: the kitchen is working on it (fulfilment ${order.fulfilmentStatus})`;
    case 'skipped_already':
      return `${box} is skipped already`;
    case 'paid':
      return `${box} is paid: refund it instead of skipping it`;
    case 'charging':
      return `${box} is being charged right now: read it again in a minute`;
    case 'changes_closed':
      return `${box} cannot be skipped: changes for it closed at ${order.cutoffAt}`;
    case 'payment_failed': // the customer's refusal only: staff may skip a failed box
      return `${box} cannot be skipped: its payment failed`;
  }
}
