import { randomUUID } from 'node:crypto';
import { and, desc, inArray, isNotNull } from '@pawfresh/db/orm';
import { insertColumns, insertJsonRows } from '@pawfresh/db';
import { chunks } from '@pawfresh/kit';
import type {
  LatestSubscriptionOrder,
  LineItemInput,
  OrderDiscountInput,
} from '@pawfresh/contracts/order';
import { lineItems, orderDiscounts, orderEvents, orders, outbox } from './schema.js';
import {
  discountValues,
  lineItemValues,
  type DiscountRow,
  type LineItemRow,
  type NewOrderRow,
  type OrderDb,
} from './order-store.js';

/** Rows per INSERT statement: well under PostgreSQL's 65,535 parameters for every table here. */
const CHUNK = 1000;

/** Each subscription's latest order by delivery date (one query; none for a subscription without). */
export async function latestSubscriptionOrders(
  db: OrderDb,
  subscriptionIds: readonly string[],
): Promise<LatestSubscriptionOrder[]> {
  const rows = await db
    .selectDistinctOn([orders.subscriptionId], {
      subscriptionId: orders.subscriptionId,
      subscriptionOrderIndex: orders.subscriptionOrderIndex,
      deliveryDate: orders.deliveryDate,
      userId: orders.userId,
      expectedDeliverySlotId: orders.expectedDeliverySlotId,
      address: orders.address,
    })
    .from(orders)
    .where(
      and(inArray(orders.subscriptionId, [...subscriptionIds]), isNotNull(orders.subscriptionId)),
    )
    .orderBy(orders.subscriptionId, desc(orders.deliveryDate), desc(orders.subscriptionOrderIndex));
  return rows.map((r) => ({
    ...r,
    subscriptionId: r.subscriptionId!,
    address: r.address as LatestSubscriptionOrder['address'],
  }));
}

/** A new subscription order with its line items and discounts, as the bulk creation writes it. */
export interface NewBulkOrder {
  row: NewOrderRow;
  items: readonly LineItemInput[];
  discounts: readonly OrderDiscountInput[];
  event: { description: string; currentValue: string; createdBy: string | null };
}

/**
 * Writes many orders in multi-row INSERTs (call inside a transaction). An order whose
 * (subscription, index) exists already is left out (ON CONFLICT DO NOTHING), with its lines; the
 * others get their line items, discounts, order_created event and, when `announce` (some
 * subscriber takes the topic), their order_created topic. Answers the ids of the orders made.
 *
 * The topics are written without the order (payload `{}`): the relay reads each order when it
 * delivers it (relay-topics.ts). A copy of every order in the outbox was a third of the
 * transaction's time in order generation (thousands of orders a call), and needed the orders
 * read back to make it.
 */
export async function insertBulkOrders(
  db: OrderDb,
  wanted: readonly NewBulkOrder[],
  now: Date,
  { announce }: { announce: boolean },
): Promise<string[]> {
  const madeIds: string[] = [];
  for (const part of chunks(wanted, CHUNK)) {
    madeIds.push(
      ...(await insertJsonRows(
        db,
        orders,
        part.map((o) => o.row),
        { onConflictDoNothing: true, returnIds: true },
      )),
    );
  }
  if (madeIds.length === 0) return [];
  const byId = new Map(wanted.map((o) => [o.row.id, o]));
  const items: LineItemRow[] = [];
  const discounts: DiscountRow[] = [];
  for (const id of madeIds) {
    const o = byId.get(id)!;
    for (const { id: _id, ...item } of o.items) {
      items.push({ seq: items.length, ...lineItemValues(id, item) });
    }
    for (const d of o.discounts) {
      discounts.push({ seq: discounts.length, ...discountValues(id, d) });
    }
  }
  // Written in this order, so the database's seq keeps each order's lines in their order.
  const withoutSeq = <R extends { seq: number }>(rows: readonly R[]) =>
    rows.map(({ seq: _seq, ...rest }) => rest);
  for (const part of chunks(items, CHUNK)) await insertJsonRows(db, lineItems, withoutSeq(part));
  for (const part of chunks(discounts, CHUNK))
    await insertJsonRows(db, orderDiscounts, withoutSeq(part));
  for (const part of chunks(madeIds, CHUNK)) {
    // Every made order's order_created event and topic, column by column.
    const events = part.map((orderId) => byId.get(orderId)!.event);
    await insertColumns(db, orderEvents, {
      id: part.map(() => randomUUID()),
      orderId: part,
      action: { all: 'order_created' },
      description: events.map((e) => e.description),
      currentValue: events.map((e) => e.currentValue),
      createdBy: events.map((e) => e.createdBy),
      createdAt: { all: now },
    });
    if (!announce) continue;
    await insertColumns(db, outbox, {
      id: part.map(() => randomUUID()),
      topic: { all: 'order_created' },
      orderId: part,
      payload: { all: {} },
      nextAttemptAt: { all: now },
      createdAt: { all: now },
    });
  }
  return madeIds;
}
