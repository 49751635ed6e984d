import { compareCalendarDates } from '../../../lib/calendar-date';
import type { DeliveryOptions } from '../api/get-delivery-options';
import { canChange, type Order } from './order-format';

type Slot = Order['expectedDeliverySlotId'];

export type DeliverySlotOption = {
  deliverySlotId: Slot;
  /** "Saturday 28 November, 5pm": until when the box could still be changed there (the server's). */
  changeBy: string;
};

export type DeliveryDay = {
  deliveryDate: string;
  slots: DeliverySlotOption[];
  current: boolean;
};

/**
 * The days a box can move to (customer-app.md §2): exactly the days and slots the server says it
 * accepts now (GET /orders/{orderId}/delivery-options), each slot with the server's cut-off in
 * words. Nothing is worked out here: a day the page offers is a day the server takes.
 */
export function deliveryDays(
  order: Pick<Order, 'deliveryDate'>,
  options: DeliveryOptions,
): DeliveryDay[] {
  return options.days
    .map((day) => ({
      deliveryDate: day.deliveryDate,
      slots: day.slots
        .filter((slot) => slot.accepted)
        .map(({ deliverySlotId, changeBy }) => ({ deliverySlotId, changeBy })),
      current: day.deliveryDate === order.deliveryDate,
    }))
    .filter((day) => day.slots.length > 0)
    .sort((a, b) => compareCalendarDates(a.deliveryDate, b.deliveryDate));
}

/** The slot of a day to show the cut-off of: the one chosen if the day has it, else its first. */
export function slotOfDay(day: DeliveryDay, chosen: Slot): DeliverySlotOption {
  return day.slots.find((slot) => slot.deliverySlotId === chosen) ?? day.slots[0]!;
}

/**
 * The boxes after this one that "all future boxes" changes with it (the server moves them to the
 * new date's cadence): the customer's later boxes that can still change.
 */
export function laterBoxes(order: Order, orders: readonly Order[], now: Date): Order[] {
  return orders
    .filter(
      (candidate) =>
        candidate.id !== order.id &&
        candidate.deliveryDate > order.deliveryDate &&
        canChange(candidate, now),
    )
    .sort((a, b) => compareCalendarDates(a.deliveryDate, b.deliveryDate));
}
