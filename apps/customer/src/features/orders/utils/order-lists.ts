import { daysBetween } from './box-contents';
import { visible, type Order } from './order-format';
import type { Orders } from '../api/get-orders';

export type DeliveriesView = {
  /** Failed payments, first on the page. */
  failed: Order[];
  /** The selected order (customer-app.md §4), shown as the next box; null when there is none. */
  selected: Order | null;
  /** Current and future orders after the selected one, soonest first. */
  upcoming: Order[];
  /** Delivered boxes, newest first. */
  past: Order[];
  nextPendingOrderId: string | null;
  /** Days each box lasts: until the next box's delivery (the last one: the gap before it). */
  daysById: Map<string, number | null>;
};

const byDate = (a: Order, b: Order) => a.deliveryDate.localeCompare(b.deliveryDate);

/** GET /orders arranged for the deliveries page. HIDDEN orders are left out everywhere. */
export function deliveriesView(orders: Orders): DeliveriesView {
  const failed = visible(orders.failedOrders).sort(byDate);
  const current = visible(orders.currentOrders);
  const future = visible(orders.futureOrders);
  const past = visible(orders.pastOrders).sort((a, b) => byDate(b, a));
  const all = [...failed, ...current, ...future, ...past];
  const selected =
    all.find((order) => order.id === orders.selectedOrderId && order.displayType !== 'FAILED') ??
    null;
  const upcoming = [...current, ...future]
    .filter((order) => order.id !== selected?.id)
    .sort(byDate);

  const dated = [...all].sort(byDate);
  const daysById = new Map<string, number | null>();
  dated.forEach((order, index) => {
    const next = dated[index + 1];
    const previous = dated[index - 1];
    const days = next
      ? daysBetween(order.deliveryDate, next.deliveryDate)
      : previous
        ? daysBetween(previous.deliveryDate, order.deliveryDate)
        : null;
    daysById.set(order.id, days && days > 0 ? days : null);
  });

  return {
    failed,
    selected,
    upcoming,
    past: past.filter((order) => order.id !== selected?.id),
    nextPendingOrderId: orders.nextPendingOrderId,
    daysById,
  };
}
