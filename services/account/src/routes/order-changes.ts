import type { AccountContext } from '../flows/context.js';
import {
  addOrderExtra,
  addPaymentMethod,
  deleteOrderExtra,
  updateDeliveryInfo,
  updateOrderExtra,
  updateOrderExtras,
} from '../flows/order-changes.js';
import { skipOrder, unskipOrder } from '../flows/skipping.js';
import { customerId, type AccountHandlers } from './signed-in.js';

/** Order changes and cards (customer-app.md §7): one workflow each, scoped to the customer. */
export function orderChangeRoutes(
  ctx: AccountContext,
): AccountHandlers<
  | 'updateOrderExtras'
  | 'addOrderExtra'
  | 'updateOrderExtra'
  | 'deleteOrderExtra'
  | 'updateDeliveryInfo'
  | 'addPaymentMethod'
  | 'skipOrder'
  | 'unskipOrder'
> {
  return {
    updateOrderExtras: async ({ auth, body }) => updateOrderExtras(ctx, customerId(auth), body),
    addOrderExtra: async ({ auth, params, body }) =>
      addOrderExtra(ctx, customerId(auth), params.orderId, body),
    updateOrderExtra: async ({ auth, params, body }) =>
      updateOrderExtra(ctx, customerId(auth), params.orderId, body),
    deleteOrderExtra: async ({ auth, params, body }) =>
      deleteOrderExtra(ctx, customerId(auth), params.orderId, body),
    updateDeliveryInfo: async ({ auth, params, body }) =>
      updateDeliveryInfo(ctx, customerId(auth), params.orderId, body),
    addPaymentMethod: async ({ auth, body }) => addPaymentMethod(ctx, customerId(auth), body),
    skipOrder: async ({ auth, params, body }) =>
      skipOrder(ctx, customerId(auth), params.orderId, body),
    unskipOrder: async ({ auth, params, body }) =>
      unskipOrder(ctx, customerId(auth), params.orderId, body),
  };
}
