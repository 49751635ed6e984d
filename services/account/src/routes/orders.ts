import { unauthorized, type Handlers, type Principal, type ServiceClient } from '@pawfresh/kit';
import type { accountContract } from '@pawfresh/contracts/account';
import type { orderContract } from '@pawfresh/contracts/order';
import { customerOrder, customerOrders, customerPastOrders } from '../flows/orders.js';

/** The customer API's order endpoints (customer-app.md §7 "Orders"). */
export type OrderEndpoint = 'getOrders' | 'getPastOrders' | 'getOrder';

const customerId = (auth: Principal | undefined) => {
  if (auth?.kind !== 'user') throw unauthorized('Sign in to continue');
  return auth.userId;
};

export function orderHandlers(
  orders: ServiceClient<typeof orderContract>,
): Pick<Handlers<typeof accountContract>, OrderEndpoint> {
  return {
    getOrders: async ({ auth }) => customerOrders(orders, customerId(auth)),
    getPastOrders: async ({ auth, query }) => customerPastOrders(orders, customerId(auth), query),
    getOrder: async ({ auth, params }) => customerOrder(orders, customerId(auth), params.orderId),
  };
}
