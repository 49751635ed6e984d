import { boxesByFacility } from '../db/stats-store.js';
import type { OrderContext } from './context.js';

/** GET /api/v1/orders/stats/boxes-by-facility: the staff home dashboard's boxes of a week. */
export const boxesDeliveredByFacility = async (ctx: OrderContext, from: string, to: string) => ({
  items: await boxesByFacility(ctx.db, from, to),
});
