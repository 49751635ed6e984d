import type { StaffContext } from '../flows/context.js';
import {
  customerOrders,
  customerPayments,
  customerTimeline,
  findCustomer,
  lookUpCustomers,
} from '../flows/customers.js';
import { customerOverview } from '../flows/customer-overview.js';
import { failedPayments } from '../flows/failed-payments.js';
import { deliveryOptions } from '../flows/order-actions.js';
import { cancelReasons } from '../flows/subscription-status.js';
import { searchCustomers } from '../flows/search.js';
import type { StaffHandlers } from './signed-in.js';

/** Finding a customer and reading what is theirs. */
export function customerRoutes(
  ctx: StaffContext,
): StaffHandlers<
  | 'search'
  | 'findCustomers'
  | 'getCustomer'
  | 'customerOverview'
  | 'customerOrders'
  | 'customerPayments'
  | 'customerTimeline'
  | 'failedPayments'
  | 'deliveryOptions'
  | 'cancelReasons'
> {
  return {
    search: async ({ query }) => searchCustomers(ctx, query.q),
    findCustomers: async ({ query }) => lookUpCustomers(ctx, query),
    getCustomer: async ({ params }) => findCustomer(ctx, params.customerId),
    customerOverview: async ({ params }) => customerOverview(ctx, params.customerId),
    customerOrders: async ({ params, query }) => customerOrders(ctx, params.customerId, query),
    customerPayments: async ({ params, query }) => customerPayments(ctx, params.customerId, query),
    customerTimeline: async ({ params, query }) => customerTimeline(ctx, params.customerId, query),
    failedPayments: async ({ query }) => failedPayments(ctx, query),
    deliveryOptions: async ({ params }) => deliveryOptions(ctx, params.customerId, params.orderId),
    cancelReasons: async () => cancelReasons(ctx),
  };
}
