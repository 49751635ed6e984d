// Orders migrated from the legacy system, and the migration flags of a customer's orders.
import { and, eq, inArray, sql } from '@pawfresh/db/orm';
import type { LineItemInput } from '@pawfresh/contracts/order';
import { lineItems, orders } from './schema.js';
import { lineItemValues, type NewOrderRow, type OrderDb, type OrderRow } from './order-store.js';

export async function setCustomerFlags(
  db: OrderDb,
  userId: string,
  flags: { phoenixToggle?: boolean | undefined; shadowToggle?: boolean | undefined },
  orderIds: readonly string[] | undefined,
  now: Date,
): Promise<string[]> {
  const where = orderIds
    ? and(eq(orders.userId, userId), inArray(orders.id, [...orderIds]))
    : eq(orders.userId, userId);
  const changed = await db
    .update(orders)
    .set({
      ...(flags.phoenixToggle !== undefined ? { phoenixToggle: flags.phoenixToggle } : {}),
      ...(flags.shadowToggle !== undefined ? { shadowToggle: flags.shadowToggle } : {}),
      version: sql`${orders.version} + 1`,
      updatedAt: now,
    })
    .where(where)
    .returning({ id: orders.id });
  return changed.map((c) => c.id);
}

/** The orders of these legacy order ids that exist. */
export async function orderRowsByLegacyIds(
  db: OrderDb,
  legacyOrderIds: readonly number[],
): Promise<OrderRow[]> {
  if (legacyOrderIds.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(inArray(orders.legacyOrderId, [...legacyOrderIds]));
}

/** New orders with their line items in two statements; answers their order numbers by id. */
export async function insertOrders(
  db: OrderDb,
  rows: readonly NewOrderRow[],
  items: readonly { orderId: string; item: LineItemInput }[],
): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const made = await db
    .insert(orders)
    .values([...rows])
    .returning({ id: orders.id, orderNumber: orders.orderNumber });
  if (items.length > 0) {
    await db
      .insert(lineItems)
      .values(
        items.map(({ orderId, item: { id: _id, ...item } }) => lineItemValues(orderId, item)),
      );
  }
  return new Map(made.map((m) => [m.id, m.orderNumber]));
}

/** Deletes a user's orders that came from the legacy system; answers their ids. */
export async function deleteLegacyOrderRows(db: OrderDb, userId: string): Promise<string[]> {
  const deleted = await db
    .delete(orders)
    .where(and(eq(orders.userId, userId), sql`${orders.legacyOrderId} is not null`))
    .returning({ id: orders.id });
  return deleted.map((d) => d.id);
}
