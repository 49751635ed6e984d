import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, sql, type SQL } from '@pawfresh/db/orm';
import { iso } from '@pawfresh/db';
import { INVOICE_PREFIX, type Shipment } from '@pawfresh/contracts/courier';
import type { CourierDb } from './courier-db.js';
import { shipments } from './schema.js';

export type ShipmentRow = typeof shipments.$inferSelect;

/** What a booking says; the store adds the ids, the invoice and tracking numbers and the status. */
export type NewShipment = Omit<
  typeof shipments.$inferInsert,
  'id' | 'invoiceNumber' | 'trackingNumber' | 'status' | 'seq'
>;

/** Most shipments one search answers with. */
export const SEARCH_LIMIT = 100;

export const toShipment = (row: ShipmentRow): Shipment => ({
  status: row.status,
  id: row.id,
  orderId: row.orderId,
  invoiceNumber: row.invoiceNumber,
  trackingNumber: row.trackingNumber,
  createdAt: iso(row.createdAt),
  deliveryAddress: row.deliveryAddress,
  deliveryContactName: row.deliveryContactName,
  deliveryContactNumber: row.deliveryContactNumber,
  deliveryContactEmail: row.deliveryContactEmail,
  deliveryDate: row.deliveryDate,
  deliveryInstructions: row.deliveryInstructions,
  deliveryTimeWindowStart: row.deliveryTimeWindowStart,
  deliveryTimeWindowEnd: row.deliveryTimeWindowEnd,
  makeDate: row.makeDate,
  dispatchDate: row.dispatchDate,
  boxes: row.boxes,
});

const trackingNumber = () => `BC${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;

/** Books a shipment: the invoice number is the prefix and the next number of its sequence. */
export async function insertShipment(db: CourierDb, shipment: NewShipment): Promise<ShipmentRow> {
  const [row] = await db
    .insert(shipments)
    .values({
      ...shipment,
      id: randomUUID(),
      invoiceNumber: sql`${INVOICE_PREFIX}::text || nextval('courier.invoice_number_seq')::text`,
      trackingNumber: trackingNumber(),
    })
    .returning();
  if (!row) throw new Error('Inserting a shipment returned no row');
  return row;
}

export async function findShipment(
  db: CourierDb,
  shipmentId: string,
): Promise<ShipmentRow | undefined> {
  const [row] = await db.select().from(shipments).where(eq(shipments.id, shipmentId));
  return row;
}

export async function deleteShipment(db: CourierDb, shipmentId: string): Promise<void> {
  await db.delete(shipments).where(eq(shipments.id, shipmentId));
}

/** Shipments matching every number given, newest first (at most SEARCH_LIMIT), and how many. */
export async function searchShipments(
  db: CourierDb,
  by: {
    trackingNumber?: string | undefined;
    invoiceNumber?: string | undefined;
    orderId?: string | undefined;
  },
): Promise<{ total: number; rows: ShipmentRow[] }> {
  const filters: SQL[] = [];
  if (by.orderId) filters.push(eq(shipments.orderId, by.orderId));
  if (by.trackingNumber) filters.push(eq(shipments.trackingNumber, by.trackingNumber));
  if (by.invoiceNumber) filters.push(eq(shipments.invoiceNumber, by.invoiceNumber));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(shipments)
      .where(where)
      .orderBy(desc(shipments.createdAt), desc(shipments.seq))
      .limit(SEARCH_LIMIT),
    db.select({ n: count() }).from(shipments).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

/** The id of the shipment with this invoice number, if there is one. */
export async function shipmentIdByInvoice(
  db: CourierDb,
  invoiceNumber: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(eq(shipments.invoiceNumber, invoiceNumber));
  return row?.id;
}

export async function markShipmentDelivered(
  db: CourierDb,
  shipmentId: string,
  deliveredAt: Date,
): Promise<void> {
  await db
    .update(shipments)
    .set({ status: 'delivered', deliveredAt })
    .where(eq(shipments.id, shipmentId));
}
