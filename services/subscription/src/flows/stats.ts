import type { InstantPeriod } from '@pawfresh/contracts/stats';
import { subscriptionStats } from '../db/stats-store.js';
import type { SubscriptionContext } from './context.js';

/** GET /subscriptions/stats: active subscriptions, and a period's cancellations by reason. */
export const subscriptionsOfPeriod = (ctx: SubscriptionContext, period: InstantPeriod) =>
  subscriptionStats(ctx.db, new Date(period.from), new Date(period.to));
