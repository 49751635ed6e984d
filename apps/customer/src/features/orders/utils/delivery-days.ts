import { wallClock } from '../../../lib/australian-time';
import { compareCalendarDates } from '../../../lib/calendar-date';
import type { DeliverySchedule } from '../api/get-delivery-schedules';
import { canChange, describeCutoff, timeZoneOf, type Order } from './order-format';
import { addDays, daysBetween } from '@pawfresh/contracts/calendar-dates';

type Slot = Order['expectedDeliverySlotId'];

const DAY_MS = 86_400_000;

/** The courier's slot availability (0 none, 1 AM, 2 PM, 3 both) as the slots. */
export function slotsOf(slotAvailability: number): Slot[] {
  const slots: Slot[] = [];
  if (slotAvailability & 1) slots.push('AM');
  if (slotAvailability & 2) slots.push('PM');
  return slots;
}

/**
 * The box moved to another date keeps the same lead time: its changes close as many days before
 * the new date as they do now (docs/orders.md "What may change, and until when").
 */
export function orderOn(order: Order, deliveryDate: string): Order {
  const shift = daysBetween(order.deliveryDate, deliveryDate);
  return {
    ...order,
    deliveryDate,
    cutoffAt: new Date(Date.parse(order.cutoffAt) + shift * DAY_MS).toISOString(),
  };
}

export type DeliveryDay = {
  deliveryDate: string;
  slots: Slot[];
  /** "Change by Thu 3 Dec, 5pm": until when the box could still be changed on that day. */
  cutoff: string;
  current: boolean;
};

/**
 * The days a box can move to (customer-app.md §2): the ones the courier delivers to its address
 * (in at least one slot) whose changes would still be open now; its own day among them.
 */
export function deliveryDays(order: Order, schedule: DeliverySchedule, now: Date): DeliveryDay[] {
  return schedule
    .filter((day) => slotsOf(day.slotAvailability).length > 0)
    .map((day) => ({ day, moved: orderOn(order, day.deliveryDate) }))
    .filter(({ moved }) => canChange(moved, now))
    .map(({ day, moved }) => ({
      deliveryDate: day.deliveryDate,
      slots: slotsOf(day.slotAvailability),
      cutoff: describeCutoff(moved, now),
      current: day.deliveryDate === order.deliveryDate,
    }))
    .sort((a, b) => compareCalendarDates(a.deliveryDate, b.deliveryDate));
}

/** The schedule range to ask the courier for: today and the 30 days after (its limit is 31). */
export function scheduleRange(today: string) {
  return { fromDate: today, toDate: addDays(today, 30) };
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

/** Today's calendar date where the box goes (its address's state's time zone). */
export function todayAt(order: Pick<Order, 'address'>, now: Date): string {
  return wallClock(now, timeZoneOf(order)).toISOString().slice(0, 10);
}
