import type { AccountResponse } from '@pawfresh/contracts/account';
import { daysBetween } from '@pawfresh/contracts/calendar-dates';
import { timeZoneOfState } from '@pawfresh/contracts/addresses';

import { wallClock, type AustralianTimeZone } from '../../../lib/australian-time';
import { dayOf, formatCents, formatDay, timeOfDay } from '../../../lib/format';

export { formatCents, formatDay };

export type Order = AccountResponse<'getOrder'>;
export type DisplayType = Order['displayType'];

/** The customer's clock: cut-offs are instants, shown in the time zone of the delivery address. */
export function timeZoneOf(order: Pick<Order, 'address'>): AustralianTimeZone {
  return timeZoneOfState(order.address.state);
}

/** "Delivered between 6am and 12pm" etc. (docs/delivery.md: AM 06:00–12:00, PM 12:00–18:00). */
export const SLOT_WORDS: Record<Order['expectedDeliverySlotId'], string> = {
  AM: 'Morning, 6am–12pm',
  PM: 'Afternoon, 12pm–6pm',
};

/** The last moment to change a box, in words: "Change by Mon 16 Nov, 5pm", or that it has passed. */
export function describeCutoff(order: Order, now: Date): string {
  const cutoff = new Date(order.cutoffAt);
  if (cutoff.getTime() <= now.getTime()) return 'Changes have closed for this box';
  const local = wallClock(cutoff, timeZoneOf(order));
  return `Change by ${dayOf(local)}, ${timeOfDay(local)}`;
}

/**
 * How long is left to change a box, counted in calendar days on the clock of its delivery address
 * (docs/skipping.md "Countdown"): "2 days left to change", "1 day left to change", on the cut-off
 * day itself "Last day to change: until 5pm"; null once changes have closed.
 */
export function changeCountdown(order: Order, now: Date): string | null {
  const cutoff = new Date(order.cutoffAt);
  if (cutoff.getTime() <= now.getTime()) return null;
  const zone = timeZoneOf(order);
  const local = (at: Date) => wallClock(at, zone).toISOString().slice(0, 10);
  const days = daysBetween(local(now), local(cutoff));
  if (days <= 0) return `Last day to change: until ${timeOfDay(wallClock(cutoff, zone))}`;
  return `${days} ${days === 1 ? 'day' : 'days'} left to change`;
}

export function canChange(order: Order, now: Date): boolean {
  return (
    (order.displayType === 'FUTURE' || order.displayType === 'FAILED') &&
    new Date(order.cutoffAt).getTime() > now.getTime()
  );
}

/** Display types (customer-app.md §4) in plain words. HIDDEN orders are not shown at all. */
export const DISPLAY_TYPE_WORDS: Record<DisplayType, string> = {
  HIDDEN: 'Hidden',
  FAILED: 'Payment failed',
  PAST: 'Delivered',
  PREPARING: 'Being prepared',
  'ON ITS WAY': 'On its way',
  DELIVERED: 'Delivered',
  FUTURE: 'Coming up',
};

/** What the box costs: the charge, the full price and the saving when a discount applies. */
export function describePrice(order: Order) {
  const saving = order.totalPrice - order.totalCharge;
  return {
    charge: formatCents(order.totalCharge),
    fullPrice: saving > 0 ? formatCents(order.totalPrice) : null,
    saving: saving > 0 ? formatCents(saving) : null,
  };
}

/** The order lists of GET /orders with HIDDEN orders left out, failed first. */
export function visible(orders: readonly Order[]): Order[] {
  return orders.filter((order) => order.displayType !== 'HIDDEN');
}
