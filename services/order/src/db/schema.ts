import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSchema,
  text,
  uniqueIndex,
  uuid,
} from '@pawfresh/db/pg-core';
import { sql } from '@pawfresh/db/orm';
import { instant, outboxColumns, outboxDueIndex, timestamps } from '@pawfresh/db';
import {
  discountIntervals,
  fulfilmentStatuses,
  orderEventActions,
  orderTopics,
  outboxStatuses,
  paymentStatuses,
  rebalancingStatuses,
  shipmentStatuses,
} from '@pawfresh/contracts/order';
import { deliverySlots, feedingPlanTypes } from '@pawfresh/contracts/subscription';

export const orderDb = pgSchema('order');

export const paymentStatusEnum = orderDb.enum('payment_status', paymentStatuses);
export const fulfilmentStatusEnum = orderDb.enum('fulfilment_status', fulfilmentStatuses);
export const rebalancingStatusEnum = orderDb.enum('rebalancing_status', rebalancingStatuses);
export const shipmentStatusEnum = orderDb.enum('shipment_status', shipmentStatuses);
export const deliverySlotEnum = orderDb.enum('delivery_slot', deliverySlots);
export const planTypeEnum = orderDb.enum('plan_type', feedingPlanTypes);
export const discountIntervalEnum = orderDb.enum('discount_interval', discountIntervals);
export const eventActionEnum = orderDb.enum('event_action', orderEventActions);
export const topicEnum = orderDb.enum('topic', orderTopics);
export const outboxStatusEnum = orderDb.enum('outbox_status', outboxStatuses);

const localDate = (name: string) => date(name, { mode: 'string' });
/** Insertion order, so children list in the order they were added even within one instant. */
const seq = () => bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity();

/** The address an order goes to (services.md §3 "Order address"), kept whole with the order. */
export interface StoredAddress {
  addressId: string;
  firstName: string;
  lastName: string;
  address1: string;
  address2: string | null;
  suburb: string;
  city: string | null;
  state: string;
  postcode: string;
  countryCode: string;
  companyName: string | null;
  timezone: string;
}

export interface StoredBundleItem {
  productId: string;
  productVariantId: string | null;
  quantity: number;
  price: number;
}

export const orders = orderDb.table(
  'orders',
  {
    id: uuid('id').primaryKey(),
    orderNumber: bigint('order_number', { mode: 'number' })
      .generatedAlwaysAsIdentity({ startWith: 100001 })
      .notNull(),
    subscriptionId: uuid('subscription_id'),
    userId: uuid('user_id').notNull(),
    subscriptionOrderIndex: integer('subscription_order_index'),
    shipmentId: uuid('shipment_id'),
    shipmentStatus: shipmentStatusEnum('shipment_status'),
    cartNote: text('cart_note'),
    billingDate: localDate('billing_date').notNull(),
    billingCutoffDate: localDate('billing_cutoff_date').notNull(),
    cutoffAt: instant('cutoff_at').notNull(),
    makeDate: localDate('make_date').notNull(),
    deliveryDate: localDate('delivery_date').notNull(),
    /** The depot's zone: billing dates are filtered in it. */
    timezone: text('timezone').notNull(),
    totalPrice: integer('total_price').notNull(),
    totalCharge: integer('total_charge').notNull(),
    paymentStatus: paymentStatusEnum('payment_status').notNull().default('pending'),
    expectedDeliverySlotId: deliverySlotEnum('expected_delivery_slot_id').notNull(),
    deliveryNote: text('delivery_note'),
    deliveryContactNumber: text('delivery_contact_number'),
    rebalancingStatus: rebalancingStatusEnum('rebalancing_status')
      .notNull()
      .default('not_applicable'),
    fulfilmentStatus: fulfilmentStatusEnum('fulfilment_status').notNull().default('pending'),
    address: jsonb('address').$type<StoredAddress>().notNull(),
    depotCode: text('depot_code').notNull(),
    facilityId: integer('facility_id').notNull(),
    legacyOrderId: integer('legacy_order_id'),
    phoenixToggle: boolean('phoenix_toggle').notNull().default(false),
    shadowToggle: boolean('shadow_toggle').notNull().default(false),
    isOnHold: boolean('is_on_hold').notNull().default(false),
    isCancelled: boolean('is_cancelled').notNull().default(false),
    version: integer('version').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('orders_order_number').on(t.orderNumber),
    uniqueIndex('orders_legacy_order_id').on(t.legacyOrderId),
    // The staff list's three forms (docs/orders.md "Staff lists"): each index holds the filter's
    // columns then the order number, so a page in order-number order is read from the index
    // alone (and counted there), and only the page's rows are read from the table.
    index('orders_user_number').on(t.userId, t.orderNumber),
    // One order per subscription and order index: order generation and checkout may run a
    // create twice (a retried step), never making two orders for one position.
    uniqueIndex('orders_subscription_order_index').on(t.subscriptionId, t.subscriptionOrderIndex),
    index('orders_timezone_billing_number').on(t.timezone, t.billingDate, t.orderNumber),
    index('orders_status_timezone_billing_number').on(
      t.paymentStatus,
      t.timezone,
      t.billingDate,
      t.orderNumber,
    ),
    index('orders_facility_make').on(t.facilityId, t.makeDate),
    // The staff home dashboard's boxes this week by facility (db/stats-store.ts): only the boxes
    // it counts (not skipped, not cancelled), so the count reads the index alone.
    index('orders_delivery_facility_counted')
      .on(t.deliveryDate, t.facilityId)
      .where(sql`${t.paymentStatus} <> 'expired' and ${t.isCancelled} = false`),
    check(
      'orders_totals',
      sql`${t.totalPrice} between 0 and 2147483647 and ${t.totalCharge} between 0 and 2147483647`,
    ),
    check('orders_version', sql`${t.version} >= 1`),
    // A rebalanced box may be made before its billing date (once paid): not checked here.
    check(
      'orders_dates',
      sql`${t.billingCutoffDate} < ${t.billingDate} and ${t.makeDate} < ${t.deliveryDate}`,
    ),
  ],
);

const orderRef = () =>
  uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' });

export const lineItems = orderDb.table(
  'line_items',
  {
    id: uuid('id').primaryKey(),
    seq: seq(),
    orderId: orderRef(),
    bundleId: uuid('bundle_id'),
    animalId: uuid('animal_id'),
    extraId: uuid('extra_id'),
    productId: uuid('product_id').notNull(),
    productVariantId: uuid('product_variant_id'),
    planType: planTypeEnum('plan_type'),
    price: integer('price').notNull(),
    quantity: integer('quantity').notNull(),
    oneOff: boolean('one_off').notNull().default(false),
    discountedPrice: integer('discounted_price'),
    discountScheduleApplicationId: uuid('discount_schedule_application_id'),
    bundleLineItems: jsonb('bundle_line_items').$type<StoredBundleItem[]>().notNull().default([]),
  },
  (t) => [
    index('line_items_order').on(t.orderId, t.seq),
    index('line_items_extra').on(t.extraId),
    // The boxes to come that carry a variant (db/stats-store.ts, the staff catalogue's preview).
    index('line_items_variant').on(t.productVariantId),
    check('line_items_amounts', sql`${t.quantity} >= 1 and ${t.price} >= 0`),
  ],
);

export const orderDiscounts = orderDb.table(
  'order_discounts',
  {
    id: uuid('id').primaryKey(),
    seq: seq(),
    orderId: orderRef(),
    subscriptionDiscountId: uuid('subscription_discount_id'),
    discountId: uuid('discount_id').notNull(),
    discountIndex: integer('discount_index').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    interval: discountIntervalEnum('interval').notNull(),
    currencyCode: text('currency_code').notNull(),
  },
  (t) => [uniqueIndex('order_discounts_once').on(t.orderId, t.discountId)],
);

export const orderEvents = orderDb.table(
  'order_events',
  {
    id: uuid('id').primaryKey(),
    seq: seq(),
    orderId: orderRef(),
    action: eventActionEnum('action').notNull(),
    description: text('description').notNull(),
    previousValue: text('previous_value'),
    currentValue: text('current_value'),
    createdBy: text('created_by'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('order_events_order').on(t.orderId, t.seq)],
);

/**
 * Topics to deliver (a transactional outbox): written in the transaction of the change they
 * announce, delivered by the relay. Kept when the order is deleted.
 */
export const outbox = orderDb.table(
  'outbox',
  {
    ...outboxColumns(outboxStatusEnum),
    topic: topicEnum('topic').notNull(),
    orderId: uuid('order_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [outboxDueIndex(t), index('outbox_status').on(t.status, t.seq)],
);

/**
 * A revision per customer, bumped with a notification (ADR 008) by statement triggers (migration
 * 0001) on every write to the customer's orders, line items and order discounts, in the write's
 * transaction: the customer's deliveries answer is kept while it stands.
 */
export const customerRevisions = orderDb.table('customer_revisions', {
  userId: uuid('user_id').primaryKey(),
  revision: bigint('revision', { mode: 'number' }).notNull(),
});

export const schema = {
  orders,
  lineItems,
  orderDiscounts,
  orderEvents,
  outbox,
  customerRevisions,
};
export type OrderSchema = typeof schema;
