import type { AccountContext } from '../flows/context.js';
import { checkServiceability, deliverySchedules } from '../flows/delivery.js';
import type { AccountHandlers } from './signed-in.js';

/** Where and when we deliver (the courier service). */
export function deliveryRoutes(
  ctx: AccountContext,
): AccountHandlers<'getDeliverySchedules' | 'checkServiceability'> {
  return {
    getDeliverySchedules: async ({ query }) => deliverySchedules(ctx, query),

    checkServiceability: async ({ body }) => checkServiceability(ctx, body),
  };
}
