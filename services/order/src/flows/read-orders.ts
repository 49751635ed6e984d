import { notFound } from '@pawfresh/kit';
import { kitchenOrdersByIds } from '../db/kitchen-store.js';
import {
  findOrderRowByLegacyId,
  orderRowsByIds,
  readOrder,
  withChildren,
} from '../db/order-store.js';
import { listOutbox, toOutboxMessage, type OutboxStatus } from '../db/outbox-store.js';
import type { OrderContext } from './context.js';
import { orderNotFound } from './order-change.js';

/** The ids asked for that were not found, each once, in the order asked. */
const missing = (asked: readonly string[], found: ReadonlySet<string>) =>
  [...new Set(asked)].filter((id) => !found.has(id));

/** One order as every reader sees it; 404 when there is none. */
export async function getOrder(ctx: OrderContext, orderId: string) {
  return (
    (await readOrder(ctx.db, orderId, ctx.clock.now())) ?? Promise.reject(orderNotFound(orderId))
  );
}

/** Orders by id, each with its lines and discounts, and the ids that are no order. */
export async function lookupOrders(ctx: OrderContext, orderIds: readonly string[]) {
  const rows = await orderRowsByIds(ctx.db, orderIds);
  return {
    items: await withChildren(ctx.db, rows, ctx.clock.now()),
    missingIds: missing(orderIds, new Set(rows.map((r) => r.id))),
  };
}

/** The kitchen's view of orders by id (docs/orders.md), and the ids that are no order. */
export async function lookupKitchenOrders(ctx: OrderContext, orderIds: readonly string[]) {
  const items = await kitchenOrdersByIds(ctx.db, orderIds);
  return { items, missingIds: missing(orderIds, new Set(items.map((o) => o.id))) };
}

/** The order migrated from a legacy order id; 404 when none was. */
export async function orderOfLegacyId(ctx: OrderContext, legacyOrderId: number) {
  const row = await findOrderRowByLegacyId(ctx.db, legacyOrderId);
  if (!row) throw notFound(`No order has legacyOrderId ${legacyOrderId}`);
  return (await withChildren(ctx.db, [row], ctx.clock.now()))[0]!;
}

/** A page of the topic outbox, oldest first (for staff). */
export async function outboxPage(
  ctx: OrderContext,
  query: { status?: OutboxStatus | undefined; offset: number; limit: number },
) {
  const { rows, total } = await listOutbox(ctx.db, query);
  return {
    data: rows.map(toOutboxMessage),
    meta: { total, offset: query.offset, limit: query.limit },
  };
}
