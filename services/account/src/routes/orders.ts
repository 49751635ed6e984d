import type { AccountContext } from '../flows/context.js';
import {
  customerDeliveryOptions,
  customerOrder,
  customerOrders,
  customerPastOrders,
} from '../flows/orders.js';
import { customerId, type AccountHandlers } from './signed-in.js';

/** The customer's orders (customer-app.md §7 "Orders"): only their own, another's is a 404. */
export function orderRoutes(
  ctx: AccountContext,
): AccountHandlers<'getOrders' | 'getPastOrders' | 'getOrder' | 'getDeliveryOptions'> {
  return {
    getOrders: async ({ auth }) => customerOrders(ctx, customerId(auth)),
    getPastOrders: async ({ auth, query }) => customerPastOrders(ctx, customerId(auth), query),
    getOrder: async ({ auth, params }) => customerOrder(ctx, customerId(auth), params.orderId),
    getDeliveryOptions: async ({ auth, params }) =>
      customerDeliveryOptions(ctx, customerId(auth), params.orderId),
  };
}
