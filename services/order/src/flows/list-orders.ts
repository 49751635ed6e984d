import { rawJson, type RawJson } from '@pawfresh/kit';
import type { OrderListQuery } from '@pawfresh/contracts/order';
import {
  listOrderPageRefs,
  orderJson,
  orderJsonRows,
  type OrderJsonRow,
  type OrderRef,
} from '../db/order-list-store.js';
import { everyCustomer } from '../db/customer-revision-store.js';
import { localDays } from '../rules/order-dates.js';
import type { OrderContext, StaffPage } from './context.js';

/** Orders' JSON kept (about 2 KB each, 10 MB at most: ADR 009 counts the server's memory). */
const MAX_KEPT_ORDERS = 5_000;
/** Pages answered kept (up to 100 orders, about 200 KB each: 10 MB at most). */
const MAX_KEPT_PAGES = 50;
/** Reads of a page before it is answered with what the last read found (writes kept moving it). */
const MAX_READS = 3;

/**
 * The staff list's page (`GET /orders`), answered from memory while no order of any customer
 * changed since it was read (ADR 008: the revision watch heard no `order.customer:` key since its
 * mark, taken before the read) and no new day started in its orders' zones (their display types):
 * then no query at all. Any write to any order, line item or discount, raw SQL included,
 * notifies its customer's key when it commits, so it drops every kept page, whatever its filter;
 * this process's own writes drop them before they answer. A page is kept from the moment its read
 * begins, so requests for it meanwhile wait for that read rather than each making their own, on
 * the same condition. Not listening (starting, or the connection dropped): every page is read.
 */
export async function listOrders(ctx: OrderContext, query: OrderListQuery): Promise<RawJson> {
  const now = ctx.clock.now();
  // Every member of the parsed query, so that a new filter is never left out of the key.
  const key = JSON.stringify(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : 1)));
  const pages = ctx.staffPages;
  const kept = pages.get(key);
  if (kept && ctx.revisions.unchangedUnder(everyCustomer, kept.mark)) {
    const page = await kept.page.catch(() => undefined);
    if (page && page.days === localDays(page.zones, now)) return page.answer;
  }
  const mark = ctx.revisions.mark();
  const page = readPage(ctx, query, now);
  if (mark) {
    pages.delete(key);
    pages.set(key, { page, mark });
    if (pages.size > MAX_KEPT_PAGES) pages.delete(pages.keys().next().value!);
  }
  try {
    return (await page).answer;
  } catch (err) {
    if (pages.get(key)?.page === page) pages.delete(key);
    throw err;
  }
}

/**
 * A staff list's page read: which orders, from the index (`listOrderPageRefs`), each
 * with its customer's revision; each order's JSON as PostgreSQL wrote it (ADR 012), kept in
 * memory while its customer's revision stands (docs/orders.md "Staff lists"), read for the
 * others in one statement. Any write to a customer's orders, line items or discounts bumps the
 * revision in the write's transaction (ADR 008), so a kept order is the order. The page is
 * answered as one snapshot: if an order read for it has moved on since the page was found, the
 * page is found again. Passed through, not parsed and checked again (checked in tests by the kit).
 */
async function readPage(ctx: OrderContext, query: OrderListQuery, now: Date): Promise<StaffPage> {
  const kept = ctx.keptOrders;
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
    const zones = new Set<string>();
    for (const order of page) {
      if (!order) continue;
      keep(kept, order);
      zones.add(order.state.timezone);
      items += `${items ? ',' : ''}${orderJson(order, now)}`;
    }
    const answer = rawJson(
      `{"data":[${items}],"meta":{"total":${total},"offset":${query.offset},"limit":${query.limit},"totalCapped":${totalCapped}}}`,
    );
    const zoneList = [...zones].sort();
    return { answer, zones: zoneList, days: localDays(zoneList, now) };
  }
}

/** Keeps an order's JSON as the most recently listed. */
function keep(kept: Map<string, OrderJsonRow>, order: OrderJsonRow) {
  kept.delete(order.id);
  kept.set(order.id, order);
  if (kept.size > MAX_KEPT_ORDERS) kept.delete(kept.keys().next().value!);
}
