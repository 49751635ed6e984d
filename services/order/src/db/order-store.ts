import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from '@pawfresh/db/orm';
import { iso, type Database } from '@pawfresh/db';
import {
  lineItemOf,
  type LineItemInput,
  type Order,
  type OrderDiscountInput,
} from '@pawfresh/contracts/order';
import { displayType } from '../rules/display-type.js';
import { lineItems, orderDiscounts, orders, type OrderSchema } from './schema.js';

/** The order service's view of the database (a transaction fits it too). */
export type OrderDb = Database<OrderSchema>;
export type { StoredAddress } from './schema.js';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = Omit<typeof orders.$inferInsert, 'orderNumber'>;
export type LineItemRow = typeof lineItems.$inferSelect;
export type DiscountRow = typeof orderDiscounts.$inferSelect;

/** The order row; `lock` holds it until the transaction ends (one writer per order at a time). */
export async function findOrderRow(
  db: OrderDb,
  id: string,
  lock = false,
): Promise<OrderRow | undefined> {
  const query = db.select().from(orders).where(eq(orders.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findOrderRowByLegacyId(db: OrderDb, legacyOrderId: number) {
  const [row] = await db.select().from(orders).where(eq(orders.legacyOrderId, legacyOrderId));
  return row;
}

/** An order as the contract shows it; its display type is read at `now`. */
export function toOrder(
  row: OrderRow,
  items: LineItemRow[],
  discounts: DiscountRow[],
  now: Date,
): Order {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    subscriptionId: row.subscriptionId,
    userId: row.userId,
    shipmentId: row.shipmentId,
    shipmentStatus: row.shipmentStatus,
    cartNote: row.cartNote,
    billingDate: row.billingDate,
    billingCutoffDate: row.billingCutoffDate,
    cutoffAt: iso(row.cutoffAt),
    makeDate: row.makeDate,
    deliveryDate: row.deliveryDate,
    totalPrice: row.totalPrice,
    totalCharge: row.totalCharge,
    paymentStatus: row.paymentStatus,
    displayType: displayType(row, now),
    expectedDeliverySlotId: row.expectedDeliverySlotId,
    deliveryNote: row.deliveryNote,
    deliveryContactNumber: row.deliveryContactNumber,
    rebalancingStatus: row.rebalancingStatus,
    fulfilmentStatus: row.fulfilmentStatus,
    address: row.address as Order['address'],
    orderLineItems: items.map(lineItemOf),
    depotCode: row.depotCode,
    facilityId: row.facilityId,
    subscriptionOrderIndex: row.subscriptionOrderIndex,
    metadata: {
      legacyOrderId: row.legacyOrderId,
      phoenixToggle: row.phoenixToggle,
      shadowToggle: row.shadowToggle,
      isOnHold: row.isOnHold,
      isCancelled: row.isCancelled,
    },
    discounts: discounts.map((d) => ({
      id: d.id,
      subscriptionDiscountId: d.subscriptionDiscountId,
      discountId: d.discountId,
      discountIndex: d.discountIndex,
      name: d.name,
      description: d.description,
      interval: d.interval,
      currencyCode: d.currencyCode,
    })),
    version: row.version,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** Whole orders for rows: their line items and discounts in two queries, in the rows' order. */
export async function withChildren(db: OrderDb, rows: OrderRow[], now: Date): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [items, discounts] = await Promise.all([
    db.select().from(lineItems).where(inArray(lineItems.orderId, ids)).orderBy(asc(lineItems.seq)),
    db
      .select()
      .from(orderDiscounts)
      .where(inArray(orderDiscounts.orderId, ids))
      .orderBy(asc(orderDiscounts.seq)),
  ]);
  const group = <T extends { orderId: string }>(list: T[]) => {
    const by = new Map<string, T[]>();
    for (const x of list) by.set(x.orderId, [...(by.get(x.orderId) ?? []), x]);
    return by;
  };
  const itemsBy = group(items);
  const discountsBy = group(discounts);
  return rows.map((r) => toOrder(r, itemsBy.get(r.id) ?? [], discountsBy.get(r.id) ?? [], now));
}

export async function readOrder(db: OrderDb, id: string, now: Date): Promise<Order | undefined> {
  const row = await findOrderRow(db, id);
  return row ? (await withChildren(db, [row], now))[0] : undefined;
}

export async function lineItemRows(db: OrderDb, orderId: string): Promise<LineItemRow[]> {
  return db
    .select()
    .from(lineItems)
    .where(eq(lineItems.orderId, orderId))
    .orderBy(asc(lineItems.seq));
}

/** A line item's row values (a new id unless the item carries one). */
export const lineItemValues = (orderId: string, item: LineItemInput) => ({
  id: item.id ?? randomUUID(),
  orderId,
  bundleId: item.bundleId ?? null,
  animalId: item.animalId ?? null,
  extraId: item.extraId ?? null,
  productId: item.productId,
  productVariantId: item.productVariantId ?? null,
  planType: item.planType ?? null,
  price: item.price,
  quantity: item.quantity,
  oneOff: item.oneOff,
  discountedPrice: item.discountedPrice ?? null,
  discountScheduleApplicationId: item.discountScheduleApplicationId ?? null,
  bundleLineItems: item.bundleLineItems.map((b) => ({
    productId: b.productId,
    productVariantId: b.productVariantId ?? null,
    quantity: b.quantity,
    price: b.price,
  })),
});

export async function insertOrder(
  db: OrderDb,
  row: NewOrderRow,
  items: readonly LineItemInput[],
  discounts: readonly OrderDiscountInput[],
): Promise<void> {
  await db.insert(orders).values(row);
  // A new order's line items always get new ids.
  await insertLineItems(
    db,
    row.id,
    items.map(({ id: _id, ...item }) => item),
  );
  for (const d of discounts) await insertDiscount(db, row.id, d);
}

export async function insertLineItems(
  db: OrderDb,
  orderId: string,
  items: readonly LineItemInput[],
): Promise<void> {
  if (items.length > 0)
    await db.insert(lineItems).values(items.map((i) => lineItemValues(orderId, i)));
}

export async function replaceLineItemRows(
  db: OrderDb,
  orderId: string,
  items: readonly LineItemInput[],
): Promise<void> {
  await db.delete(lineItems).where(eq(lineItems.orderId, orderId));
  await insertLineItems(db, orderId, items);
}

/** Changes one line item in place (its id and position stay). */
export async function updateLineItemRow(
  db: OrderDb,
  orderId: string,
  lineItemId: string,
  item: LineItemInput,
): Promise<void> {
  const { id: _id, orderId: _order, ...values } = lineItemValues(orderId, item);
  await db
    .update(lineItems)
    .set(values)
    .where(and(eq(lineItems.id, lineItemId), eq(lineItems.orderId, orderId)));
}

export async function setLineItemAmounts(
  db: OrderDb,
  lineItemId: string,
  amounts: { quantity?: number | undefined; price?: number | undefined },
): Promise<void> {
  await db
    .update(lineItems)
    .set({
      ...(amounts.quantity !== undefined ? { quantity: amounts.quantity } : {}),
      ...(amounts.price !== undefined ? { price: amounts.price } : {}),
    })
    .where(eq(lineItems.id, lineItemId));
}

export async function moveLineItemRow(db: OrderDb, lineItemId: string, toOrderId: string) {
  await db.update(lineItems).set({ orderId: toOrderId }).where(eq(lineItems.id, lineItemId));
}

export async function deleteLineItemRows(db: OrderDb, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await db.delete(lineItems).where(inArray(lineItems.id, [...ids]));
}

/** An order discount's row values, with a new id. */
export const discountValues = (orderId: string, d: OrderDiscountInput) => ({
  id: randomUUID(),
  orderId,
  subscriptionDiscountId: d.subscriptionDiscountId ?? null,
  discountId: d.discountId,
  discountIndex: d.discountIndex,
  name: d.name,
  description: d.description ?? null,
  interval: d.interval,
  currencyCode: d.currencyCode,
});

export async function insertDiscount(db: OrderDb, orderId: string, d: OrderDiscountInput) {
  await db.insert(orderDiscounts).values(discountValues(orderId, d));
}

/** Whether a discount was there to remove. */
export async function deleteDiscount(db: OrderDb, orderId: string, discountId: string) {
  const gone = await db
    .delete(orderDiscounts)
    .where(and(eq(orderDiscounts.orderId, orderId), eq(orderDiscounts.discountId, discountId)))
    .returning({ id: orderDiscounts.id });
  return gone.length > 0;
}

/** Writes changed columns and moves the version on: every change is a new version. */
export async function updateOrderRow(
  db: OrderDb,
  row: OrderRow,
  changes: Partial<NewOrderRow>,
  now: Date,
): Promise<OrderRow> {
  const [updated] = await db
    .update(orders)
    .set({ ...changes, version: row.version + 1, updatedAt: now })
    .where(eq(orders.id, row.id))
    .returning();
  return updated!;
}

export async function deleteOrderRows(db: OrderDb, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await db.delete(orders).where(inArray(orders.id, [...ids]));
}

/** The rows of these ids that exist, in the order of `ids`, each once. */
export async function orderRowsByIds(db: OrderDb, ids: readonly string[]): Promise<OrderRow[]> {
  const unique = [...new Set(ids)];
  const rows = await db.select().from(orders).where(inArray(orders.id, unique));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique.flatMap((id) => byId.get(id) ?? []);
}

/** A customer's orders, by delivery date. */
export async function customerOrderRows(db: OrderDb, userId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.deliveryDate), asc(orders.orderNumber));
}

/** A subscription's orders (locked), by their index in the subscription. */
export async function subscriptionOrderRows(
  db: OrderDb,
  subscriptionId: string,
  lock = false,
): Promise<OrderRow[]> {
  const query = db
    .select()
    .from(orders)
    .where(eq(orders.subscriptionId, subscriptionId))
    .orderBy(asc(orders.subscriptionOrderIndex), asc(orders.orderNumber));
  return lock ? query.for('update') : query;
}
