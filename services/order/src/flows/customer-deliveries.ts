import { createHash } from 'node:crypto';
import { rawJson, type RawJson } from '@pawfresh/kit';
import {
  customerActor,
  orderContract,
  skippedBy,
  unskipRefusalType,
  type Order,
} from '@pawfresh/contracts/order';
import { listEvents } from '../db/event-store.js';
import { customerKey, readCustomerRevision } from '../db/customer-revision-store.js';
import { customerOrderRows, withChildren } from '../db/order-store.js';
import { localDays } from '../rules/order-dates.js';
import { LIST_OF, selectNextPendingOrder, selectedOrder } from '../rules/display-type.js';
import type { OrderContext } from './context.js';

/** A customer's shown orders (not HIDDEN), by delivery date, with their display types at `now`. */
async function shownOrders(ctx: OrderContext, customerId: string, now = ctx.clock.now()) {
  const rows = await customerOrderRows(ctx.db, customerId);
  const orders = await withChildren(ctx.db, rows, now);
  return {
    orders: orders.filter((o) => o.displayType !== 'HIDDEN'),
    skipped: await skippedOrders(ctx, customerId, orders, now),
    zones: [...new Set(rows.map((r) => r.timezone))].sort(),
  };
}

/**
 * The customer's skipped boxes still before their cut-off (docs/skipping.md), each with whether
 * the customer may take the skip back (they skipped it themselves: unskipRefusalType). Few boxes
 * at most, so their events are read one box at a time.
 */
async function skippedOrders(
  ctx: OrderContext,
  customerId: string,
  orders: readonly Order[],
  now: Date,
) {
  const skipped = orders.filter(
    (o) =>
      o.paymentStatus === 'expired' &&
      !o.metadata.isCancelled &&
      o.fulfilmentStatus !== 'cancelled' &&
      now.getTime() < Date.parse(o.cutoffAt),
  );
  return Promise.all(
    skipped.map(async (o) => ({
      ...o,
      canUndoSkip:
        unskipRefusalType(
          { ...o, isCancelled: o.metadata.isCancelled },
          skippedBy(await listEvents(ctx.db, o.id)),
          customerActor(customerId),
          now,
        ) === null,
    })),
  );
}

type SkippedOrder = Order & { canUndoSkip: boolean };

/** The deliveries page: four lists, the next pending order and the selected one. */
function deliveries(orders: readonly Order[], skipped: readonly SkippedOrder[]) {
  const lists = { pastOrders: [], currentOrders: [], futureOrders: [], failedOrders: [] } as Record<
    'pastOrders' | 'currentOrders' | 'futureOrders' | 'failedOrders',
    Order[]
  >;
  for (const order of orders) {
    const list = LIST_OF[order.displayType];
    if (list) lists[list].push(order);
  }
  return {
    ...lists,
    skippedOrders: [...skipped],
    nextPendingOrderId: selectNextPendingOrder(orders)?.id ?? null,
    selectedOrderId: selectedOrder(orders)?.id ?? null,
  };
}

/** Order history: PAST orders, newest first. */
export async function customerPastOrders(
  ctx: OrderContext,
  customerId: string,
  page: { offset: number; limit: number },
) {
  const past = (await shownOrders(ctx, customerId)).orders
    .filter((o) => o.displayType === 'PAST')
    .reverse();
  return {
    data: past.slice(page.offset, page.offset + page.limit),
    meta: { total: past.length, offset: page.offset, limit: page.limit },
  };
}

const deliveriesResponse = orderContract.endpoints.getCustomerDeliveries.response;
const MAX_ANSWERS = 1_000;

/**
 * The deliveries page, serialised once per state of the customer's orders and local day
 * (docs/orders.md "Customer answers kept in memory"). Display types change only when an order
 * changes (the customer's revision, bumped by triggers in the write's transaction) or a new day
 * starts in the zone of one of their orders. While no change of the customer was notified since
 * it was read (ADR 008), a kept answer costs no query; otherwise one tiny read of the revision
 * says whether it still stands. Callers revalidating with the tag get a 304 (the kit answers it).
 */
export async function customerDeliveries(ctx: OrderContext, customerId: string): Promise<RawJson> {
  const now = ctx.clock.now();
  const key = customerKey(customerId);
  const answers = ctx.deliveriesAnswers;
  const kept = answers.get(customerId);
  if (kept?.mark && ctx.revisions.unchangedSince(key, kept.mark)) {
    if (kept.days === localDays(kept.zones, now)) return kept.answer;
  }
  const mark = ctx.revisions.mark();
  // Read before the orders: what is kept is at least as new as the revision it is kept under.
  const revision = await readCustomerRevision(ctx.db, customerId);
  if (kept && kept.revision === revision && kept.days === localDays(kept.zones, now)) {
    kept.mark = mark;
    return kept.answer;
  }
  const { orders, skipped, zones } = await shownOrders(ctx, customerId, now);
  const days = localDays(zones, now);
  const etag = createHash('sha1').update(`${customerId}|${revision}|${days}`).digest('base64url');
  const answer = rawJson(
    JSON.stringify(deliveriesResponse.parse(deliveries(orders, skipped))),
    etag,
  );
  answers.delete(customerId);
  answers.set(customerId, { answer, revision, zones, days, mark });
  if (answers.size > MAX_ANSWERS) answers.delete(answers.keys().next().value!);
  return answer;
}
