import { slotOffered } from '@pawfresh/contracts/courier';
import { orderAddressFrom } from '@pawfresh/contracts/addresses';
import { orderRefusalTypes, type Order, type OrderAddressInput } from '@pawfresh/contracts/order';
import type { deliverySlots } from '@pawfresh/contracts/subscription';
import { formatDay } from '@pawfresh/contracts/calendar-dates';

type DeliverySlot = (typeof deliverySlots)[number];

/**
 * Pure rules of the delivery changes (docs/order-changes.md): the address an order gets, which
 * orders "all future orders" are, and the dates a customer may choose instead of a refused one.
 */

/** The new address's lines; the order's names stay. */
export interface NewAddress {
  address1: string;
  address2?: string | null | undefined;
  suburb: string;
  city?: string | null | undefined;
  state: OrderAddressInput['state'];
  postcode: string;
  companyName?: string | null | undefined;
}

/** The order's address with the new lines, as the order service takes it. */
export function orderAddressWith(current: Order['address'], next: NewAddress): OrderAddressInput {
  return orderAddressFrom(current, next);
}

/** The order's address as it is, to put back (compensation). */
export function orderAddressOf(current: Order['address']): OrderAddressInput {
  return { ...orderAddressWith(current, current), timezone: current.timezone };
}

/** Whether the order already has these address lines (a change done before a crash). */
export function hasAddress(current: Order['address'], next: OrderAddressInput): boolean {
  const same = (a: string | null | undefined, b: string | null | undefined) =>
    (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
  return (
    same(current.address1, next.address1) &&
    same(current.address2, next.address2) &&
    same(current.suburb, next.suburb) &&
    same(current.city, next.city) &&
    current.state === next.state &&
    current.postcode === next.postcode &&
    same(current.companyName, next.companyName)
  );
}

/** An order that still counts as a delivery: not cancelled, expired or withdrawn. */
const isLive = (o: Order) =>
  !o.metadata.isCancelled && o.paymentStatus !== 'expired' && o.fulfilmentStatus !== 'cancelled';

/**
 * "All future orders" from an order on: the customer's live orders delivered on or after its
 * date (the order itself first), by delivery date.
 */
export function ordersFrom(orders: readonly Order[], fromDate: string, first?: string): Order[] {
  return orders
    .filter((o) => isLive(o) && o.deliveryDate >= fromDate)
    .sort(
      (a, b) =>
        Number(b.id === first) - Number(a.id === first) ||
        a.deliveryDate.localeCompare(b.deliveryDate) ||
        a.orderNumber - b.orderNumber,
    );
}

/**
 * The next dates a customer may choose instead of a refused one: the days the order service's
 * dates rule accepts for the order (its delivery options, the same the date picker offers) in the
 * slot, after `after`. At most `count`.
 */
export function nextOfferedDates(
  options: readonly { deliveryDate: string; slot: DeliverySlot; accepted: boolean }[],
  slot: DeliverySlot,
  after: string,
  count = 3,
): string[] {
  const dates = options
    .filter((o) => o.accepted && o.slot === slot && o.deliveryDate > after)
    .map((o) => o.deliveryDate);
  return [...new Set(dates)].sort().slice(0, count);
}

/** The first day on or after `from` the courier delivers in the slot (its schedule). */
export function firstDeliveryDay(
  schedule: readonly { deliveryDate: string; slotAvailability: number }[],
  slot: DeliverySlot,
  from: string,
): string | undefined {
  return schedule
    .filter((d) => d.deliveryDate >= from && slotOffered(d.slotAvailability, slot))
    .map((d) => d.deliveryDate)
    .sort()[0];
}

/** "Wednesday 2 December": a delivery day as customer messages name it (never YYYY-MM-DD). */
export const dayInWords = (date: string) => formatDay(date, { long: true });

/** "Wednesday 2 December in the morning". */
export const deliveryInWords = (date: string, slot: DeliverySlot) =>
  `${dayInWords(date)} ${slot === 'AM' ? 'in the morning' : 'in the afternoon'}`;

/** "A, B or C". */
const oneOf = (words: readonly string[]) =>
  words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : (words[0] ?? '');

/**
 * The 400's words for a date that cannot be had, with the next dates that can (null: not known
 * for this address, e.g. a new one the order does not have yet).
 */
export function refusedDateMessage(why: string, dates: readonly string[] | null): string {
  if (dates === null) return `${why}: choose another day.`;
  return dates.length > 0
    ? `${why}. The next possible dates are ${oneOf(dates.map(dayInWords))}.`
    : `${why}, and no other date in the next four weeks is possible: choose a later date.`;
}

/**
 * Why the order service left a box as it was, in the customer's words, by its 409's `type` (its
 * words are for staff: fulfilment statuses and cut-off instants).
 */
export function refusalInWords(type: string | undefined): string {
  if (type === orderRefusalTypes.beingMade) return 'the kitchen is already making it';
  if (type === orderRefusalTypes.tooLate || type === orderRefusalTypes.changesClosed) {
    return 'changes for it have closed';
  }
  return 'it can no longer change';
}
