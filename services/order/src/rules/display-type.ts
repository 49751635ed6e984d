import type {
  DisplayType,
  FulfilmentStatus,
  PaymentStatus,
  ShipmentStatus,
} from '@pawfresh/contracts/order';
import { daysBetween } from '@pawfresh/contracts/calendar-dates';
import { localDate } from './order-dates.js';

/** A delivered box shows as DELIVERED for this many days after its delivery date, then PAST. */
export const DELIVERED_SHOWN_DAYS = 2;

/** What the customer's view of an order depends on. */
export interface DisplayState {
  paymentStatus: PaymentStatus;
  fulfilmentStatus: FulfilmentStatus;
  shipmentStatus: ShipmentStatus | null;
  isCancelled: boolean;
  makeDate: string;
  deliveryDate: string;
  /** The depot's zone: "today" is its calendar day. */
  timezone: string;
}

const BEING_MADE: readonly FulfilmentStatus[] = ['queued', 'in_progress', 'packed'];

/**
 * How the customer sees an order (customer-app.md §4), from payment, fulfilment and shipment
 * state and the clock. The first row of docs/orders.md "Display types" that matches wins.
 */
export function displayType(order: DisplayState, now: Date): DisplayType {
  const today = localDate(now, order.timezone);
  const sinceDelivery = daysBetween(order.deliveryDate, today);
  if (
    order.isCancelled ||
    order.paymentStatus === 'expired' ||
    order.fulfilmentStatus === 'cancelled'
  ) {
    return 'HIDDEN';
  }
  if (order.shipmentStatus === 'delivered') {
    return sinceDelivery <= DELIVERED_SHOWN_DAYS ? 'DELIVERED' : 'PAST';
  }
  if (sinceDelivery > 0) return order.paymentStatus === 'processed' ? 'PAST' : 'HIDDEN';
  if (order.paymentStatus === 'attempt_failed') return 'FAILED';
  const paid = order.paymentStatus === 'processed';
  if (order.fulfilmentStatus === 'palletised' || (paid && sinceDelivery === 0)) {
    return 'ON ITS WAY';
  }
  if (BEING_MADE.includes(order.fulfilmentStatus) || (paid && today >= order.makeDate)) {
    return 'PREPARING';
  }
  return 'FUTURE';
}

/** The four lists the customer's deliveries page shows (customer-app.md §7); HIDDEN in none. */
export type OrderList = 'pastOrders' | 'currentOrders' | 'futureOrders' | 'failedOrders';
export const LIST_OF: Readonly<Record<DisplayType, OrderList | undefined>> = {
  HIDDEN: undefined,
  FAILED: 'failedOrders',
  PAST: 'pastOrders',
  DELIVERED: 'currentOrders',
  'ON ITS WAY': 'currentOrders',
  PREPARING: 'currentOrders',
  FUTURE: 'futureOrders',
};

interface Shown {
  displayType: DisplayType;
  deliveryDate: string;
  paymentStatus: PaymentStatus;
}

const byDeliveryDate = <T extends Shown>(orders: readonly T[]) =>
  [...orders].sort((a, b) => a.deliveryDate.localeCompare(b.deliveryDate));

/** customer-app.md §4: the first future order whose payment is pending. */
export const selectNextPendingOrder = <T extends Shown>(orders: readonly T[]): T | undefined =>
  byDeliveryDate(orders).find((o) => o.displayType === 'FUTURE' && o.paymentStatus === 'pending');

/** customer-app.md §4: the earliest shown order by delivery date, skipping the first if PAST. */
export function selectedOrder<T extends Shown>(orders: readonly T[]): T | undefined {
  const shown = byDeliveryDate(orders).filter((o) => o.displayType !== 'HIDDEN');
  return shown[0]?.displayType === 'PAST' ? shown[1] : shown[0];
}
