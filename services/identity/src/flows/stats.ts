import type { InstantPeriod } from '@pawfresh/contracts/stats';
import { newCustomers } from '../db/stats-store.js';
import type { IdentityContext } from './context.js';

/** GET /identity/users/stats: the staff home dashboard's new customers of a period. */
export const usersOfPeriod = async (ctx: IdentityContext, period: InstantPeriod) => ({
  newCustomers: await newCustomers(ctx.db, new Date(period.from), new Date(period.to)),
});
