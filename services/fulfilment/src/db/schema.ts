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
import { instant, timestamps } from '@pawfresh/db';
import {
  boxItemTypes,
  boxSizes,
  extraCategories,
  jobStatuses,
  type BoxItem,
} from '@pawfresh/contracts/fulfilment';

export const fulfilmentDb = pgSchema('fulfilment');

export const jobStatusEnum = fulfilmentDb.enum('job_status', jobStatuses);
export const boxItemTypeEnum = fulfilmentDb.enum('box_item_type', boxItemTypes);
export const boxSizeEnum = fulfilmentDb.enum('box_size', boxSizes);
export const extraCategoryEnum = fulfilmentDb.enum('extra_category', extraCategories);

/** Box serial numbers: the courier's invoice prefix and a number of this sequence. */
export const boxSerialSeq = fulfilmentDb.sequence('box_serial_seq', { startWith: 10000001 });

const localDate = (name: string) => date(name, { mode: 'string' });
const seq = () => bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity();

/** One order's fulfilment in its kitchen (services.md §3 "Fulfilment"). */
export const fulfilments = fulfilmentDb.table(
  'fulfilments',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id').notNull(),
    facilityId: integer('facility_id').notNull(),
    makeDate: localDate('make_date').notNull(),
    deliveryDate: localDate('delivery_date').notNull(),
    deliverySlot: text('delivery_slot').notNull(),
    customerId: uuid('customer_id').notNull(),
    customerName: text('customer_name').notNull(),
    suburb: text('suburb').notNull(),
    postcode: text('postcode').notNull(),
    depotCode: text('depot_code').notNull(),
    /** The depot's IANA zone: dispatch times are counted in it. */
    timezone: text('timezone').notNull(),
    shipmentId: uuid('shipment_id'),
    isOnHold: boolean('is_on_hold').notNull().default(false),
    isBacklogged: boolean('is_backlogged').notNull().default(false),
    /** The status the order service was last told. */
    status: jobStatusEnum('status').notNull().default('pending'),
    version: integer('version').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('fulfilments_order').on(t.orderId),
    index('fulfilments_facility_make').on(t.facilityId, t.makeDate),
    check('fulfilments_version', sql`${t.version} >= 1`),
  ],
);

const fulfilmentRef = () =>
  uuid('fulfilment_id')
    .notNull()
    .references(() => fulfilments.id, { onDelete: 'cascade' });

export const boxes = fulfilmentDb.table(
  'boxes',
  {
    id: uuid('id').primaryKey(),
    fulfilmentId: fulfilmentRef(),
    boxNumber: integer('box_number').notNull(),
    boxCount: integer('box_count').notNull(),
    boxSize: boxSizeEnum('box_size').notNull(),
    serialNumber: text('serial_number')
      .notNull()
      .default(sql`'PFR' || nextval('fulfilment.box_serial_seq')::text`),
    has5pmCutoff: boolean('has_5pm_cutoff').notNull(),
    dispatchAt: instant('dispatch_at').notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('boxes_serial_number').on(t.serialNumber),
    index('boxes_fulfilment').on(t.fulfilmentId, t.boxNumber),
    check('boxes_number', sql`${t.boxNumber} between 1 and ${t.boxCount}`),
  ],
);

/** One line of a box's contents. */
export const boxItems = fulfilmentDb.table(
  'box_items',
  {
    boxId: uuid('box_id')
      .notNull()
      .references(() => boxes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: boxItemTypeEnum('type').notNull(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    productCode: text('product_code'),
    productVariantName: text('product_variant_name'),
    productVariantId: uuid('product_variant_id'),
    quantity: integer('quantity').notNull(),
    barcode: text('barcode'),
    weight: integer('weight'),
    category: extraCategoryEnum('category'),
  },
  (t) => [
    uniqueIndex('box_items_box_position').on(t.boxId, t.position),
    check('box_items_quantity', sql`${t.quantity} >= 1`),
  ],
);

/** A packing job: one per box, moved along the status table (docs/fulfilment.md). */
export const jobs = fulfilmentDb.table(
  'jobs',
  {
    id: uuid('id').primaryKey(),
    fulfilmentId: fulfilmentRef(),
    boxId: uuid('box_id')
      .notNull()
      .references(() => boxes.id, { onDelete: 'cascade' }),
    status: jobStatusEnum('status').notNull().default('pending'),
    stationId: text('station_id'),
    boxingStationId: text('boxing_station_id'),
    pnpWorkerId: text('pnp_worker_id'),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [index('jobs_fulfilment').on(t.fulfilmentId), uniqueIndex('jobs_box').on(t.boxId)],
);

/** The audit trail of staff corrections: what a box held before each change, and why. */
export const contentChanges = fulfilmentDb.table(
  'content_changes',
  {
    id: uuid('id').primaryKey(),
    seq: seq(),
    boxId: uuid('box_id').notNull(),
    fromVersion: integer('from_version').notNull(),
    previousContents: jsonb('previous_contents').$type<BoxItem[]>().notNull(),
    updatedContents: jsonb('updated_contents').$type<BoxItem[]>().notNull(),
    reason: text('reason').notNull(),
    updatedBy: text('updated_by').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('content_changes_box').on(t.boxId, t.seq)],
);

export const schema = { fulfilments, boxes, boxItems, jobs, contentChanges };
export type FulfilmentSchema = typeof schema;
