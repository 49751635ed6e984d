import type { Handlers } from '@pawfresh/kit';
import type { subscriptionContract } from '@pawfresh/contracts/subscription';
import type { SubscriptionContext } from './flows/context.js';
import { planRoutes } from './routes/plans.js';
import { subscriptionActionRoutes } from './routes/subscription-actions.js';
import { subscriptionRoutes } from './routes/subscriptions.js';

/** Every endpoint of the subscription contract: thin handlers over `flows/`, split by area. */
export function subscriptionHandlers(
  ctx: SubscriptionContext,
): Handlers<typeof subscriptionContract> {
  return {
    ...subscriptionRoutes(ctx),
    ...subscriptionActionRoutes(ctx),
    ...planRoutes(ctx),
  };
}
