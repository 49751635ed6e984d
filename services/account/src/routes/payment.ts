import type { AccountContext } from '../flows/context.js';
import { orderInvoice, retryPayment } from '../flows/payment.js';
import { customerId, type AccountHandlers } from './signed-in.js';

/** customer-app.md §7 "Payment": paying a failed order now; an order's tax invoice. */
export function paymentRoutes(
  ctx: AccountContext,
): AccountHandlers<'retryPayment' | 'getOrderInvoice'> {
  return {
    retryPayment: async ({ auth, body }) => retryPayment(ctx, customerId(auth), body.orderId),
    getOrderInvoice: async ({ auth, params }) =>
      orderInvoice(ctx, customerId(auth), params.orderId),
  };
}
