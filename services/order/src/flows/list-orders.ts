import { rawJson, type RawJson } from '@pawfresh/kit';
import type { OrderListQuery } from '@pawfresh/contracts/order';
import {
  listOrderPageRefs,
  orderJson,
  orderJsonRows,
  type OrderJsonRow,
  type OrderRef,
} from '../db/order-store.js';
import type { OrderContext } from './context.js';

/** Orders' JSON kept (about 2 KB each, 10 MB at most: ADR 009 counts the server's memory). */
const MAX_KEPT_ORDERS = 5_000;
/** Reads of a page before it is answered with what the last read found (writes kept moving it). */
const MAX_READS = 3;

/**
 * The staff list's page (`GET /orders`): which orders, from the index (`listOrderPageRefs`), each
 * with its customer's revision; each order's JSON as PostgreSQL wrote it (ADR 012), kept in
 * memory while its customer's revision stands (docs/orders.md "Staff lists"), read for the
 * others in one statement. Any write to a customer's orders, line items or discounts bumps the
 * revision in the write's transaction (ADR 008), so a kept order is the order. The page is
 * answered as one snapshot: if an order read for it has moved on since the page was found, the
 * page is found again. Passed through, not parsed and checked again (checked in tests by the kit).
 */
export async function listOrders(ctx: OrderContext, query: OrderListQuery): Promise<RawJson> {
  const kept = ctx.keptOrders;
  const now = ctx.clock.now();
  for (let read = 1; ; read++) {
    const { rows, total, totalCapped } = await listOrderPageRefs(ctx.db, query);
    const fresh = (row: OrderRef) => {
      const order = kept.get(row.id);
      return order?.userId === row.userId && order.revision === row.revision ? order : undefined;
    };
    const missing = rows.filter((row) => !fresh(row)).map((row) => row.id);
    const justRead = new Map<string, OrderJsonRow>();
    for (const order of await orderJsonRows(ctx.db, missing)) {
      justRead.set(order.id, order);
      keep(kept, order);
    }
    // After MAX_READS, an order that kept changing is answered as just read (gone: left out).
    const page = rows.map(
      (row) => fresh(row) ?? (read === MAX_READS ? justRead.get(row.id) : undefined),
    );
    if (read < MAX_READS && page.some((order) => !order)) continue;
    let items = '';
    for (const order of page) {
      if (!order) continue;
      keep(kept, order);
      items += `${items ? ',' : ''}${orderJson(order, now)}`;
    }
    return rawJson(
      `{"items":[${items}],"total":${total},"totalCapped":${totalCapped},"offset":${query.offset},"limit":${query.limit}}`,
    );
  }
}

/** Keeps an order's JSON as the most recently listed. */
function keep(kept: Map<string, OrderJsonRow>, order: OrderJsonRow) {
  kept.delete(order.id);
  kept.set(order.id, order);
  if (kept.size > MAX_KEPT_ORDERS) kept.delete(kept.keys().next().value!);
}
