import { createHash } from 'node:crypto';
import { rawJson, type RawJson } from '@pawfresh/kit';
import { orderContract, type Order } from '@pawfresh/contracts/order';
import { customerOrderRows, customerOrdersStamp, withChildren } from '../db/order-store.js';
import { localDate } from '../rules/order-dates.js';
import { LIST_OF, selectNextPendingOrder, selectedOrder } from '../rules/display-type.js';
import type { OrderContext } from './context.js';

/** A customer's shown orders (not HIDDEN), by delivery date, with their display types now. */
async function shownOrders(ctx: OrderContext, customerId: string): Promise<Order[]> {
  const rows = await customerOrderRows(ctx.db, customerId);
  const orders = await withChildren(ctx.db, rows, ctx.clock.now());
  return orders.filter((o) => o.displayType !== 'HIDDEN');
}

/** The deliveries page: four lists, the next pending order and the selected one. */
async function deliveries(ctx: OrderContext, customerId: string) {
  const orders = await shownOrders(ctx, customerId);
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
  const past = (await shownOrders(ctx, customerId))
    .filter((o) => o.displayType === 'PAST')
    .reverse();
  return {
    items: past.slice(page.offset, page.offset + page.limit),
    total: past.length,
    ...page,
  };
}

const deliveriesResponse = orderContract.endpoints.getCustomerDeliveries.response;
const MAX_ANSWERS = 1_000;

/**
 * The deliveries page, serialised once per state of the customer's orders and day: a customer's
 * display types only change when an order changes or a new day starts in its depot's zone, so
 * the answer is tagged with both and rebuilt only then. Callers revalidating with the tag get a
 * 304 (the kit answers it).
 */
export async function customerDeliveries(ctx: OrderContext, customerId: string): Promise<RawJson> {
  const now = ctx.clock.now();
  const stamp = await customerOrdersStamp(ctx.db, customerId);
  const days = stamp.zones.map((zone) => localDate(now, zone)).join(',');
  const etag = createHash('sha1')
    .update(`${customerId}|${stamp.orders}|${stamp.latest}|${days}`)
    .digest('base64url');
  const answers = ctx.deliveriesAnswers;
  const kept = answers.get(customerId);
  if (kept?.etag === `"${etag}"`) return kept;
  const answer = rawJson(
    JSON.stringify(deliveriesResponse.parse(await deliveries(ctx, customerId))),
    etag,
  );
  answers.delete(customerId);
  answers.set(customerId, answer);
  if (answers.size > MAX_ANSWERS) answers.delete(answers.keys().next().value!);
  return answer;
}
