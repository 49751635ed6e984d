import type { Order } from '@pawfresh/contracts/order';
import { customerOrderRows, withChildren } from '../db/order-store.js';
import { LIST_OF, selectNextPendingOrder, selectedOrder } from '../rules/display-type.js';
import type { OrderContext } from './context.js';

/** A customer's shown orders (not HIDDEN), by delivery date, with their display types now. */
async function shownOrders(ctx: OrderContext, customerId: string): Promise<Order[]> {
  const rows = await customerOrderRows(ctx.db, customerId);
  const orders = await withChildren(ctx.db, rows, ctx.clock.now());
  return orders.filter((o) => o.displayType !== 'HIDDEN');
}

/** The deliveries page: four lists, the next pending order and the selected one. */
export async function customerDeliveries(ctx: OrderContext, customerId: string) {
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
