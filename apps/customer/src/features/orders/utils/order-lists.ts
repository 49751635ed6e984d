import { daysBetween } from '@pawfresh/contracts/calendar-dates';
import { boxContents, dailyPortion, describePortion, type Product } from './box-contents';
import { visible, type Order } from './order-format';
import { compareCalendarDates } from '../../../lib/calendar-date';
import type { Orders } from '../api/get-orders';

export type DeliveriesView = {
  /** Failed payments, first on the page. */
  failed: Order[];
  /** The next box: the soonest current or future order; null when none is planned. */
  next: Order | null;
  /** Current and future orders after the next box, soonest first. */
  upcoming: Order[];
  /**
   * The selected order (customer-app.md §4: the earliest, skipping the first if it is past), as
   * GET /orders names it; its card is marked in the lists.
   */
  selectedOrderId: string | null;
  /** Delivered boxes, newest first. */
  past: Order[];
  nextPendingOrderId: string | null;
  /** Days each box lasts: until the next box's delivery (the last one: the gap before it). */
  daysById: Map<string, number | null>;
};

const byDate = (a: Order, b: Order) => compareCalendarDates(a.deliveryDate, b.deliveryDate);

/** GET /orders arranged for the deliveries page. HIDDEN orders are left out everywhere. */
export function deliveriesView(orders: Orders): DeliveriesView {
  const failed = visible(orders.failedOrders).sort(byDate);
  const current = visible(orders.currentOrders);
  const future = visible(orders.futureOrders);
  const past = visible(orders.pastOrders).sort((a, b) => byDate(b, a));
  const all = [...failed, ...current, ...future, ...past];
  const [next = null, ...upcoming] = [...current, ...future].sort(byDate);

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
    next,
    upcoming,
    past,
    selectedOrderId: orders.selectedOrderId,
    nextPendingOrderId: orders.nextPendingOrderId,
    daysById,
  };
}

/**
 * Each dog's daily portion from the next box, in words ("250 g a day (1 pouch a day)"), by dog id;
 * empty when no box is planned.
 */
export function portionsFromNextBox(
  orders: Orders | undefined,
  products: Map<string, Product>,
): Map<string, string> {
  const portions = new Map<string, string>();
  if (!orders) return portions;
  const view = deliveriesView(orders);
  if (!view.next) return portions;
  const days = view.daysById.get(view.next.id) ?? null;
  for (const dogBox of boxContents(view.next, products, undefined).dogs) {
    const portion = dailyPortion(dogBox, days);
    if (portion) portions.set(dogBox.animalId, describePortion(portion));
  }
  return portions;
}
