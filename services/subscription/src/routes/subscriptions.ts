import type { Handlers } from '@pawfresh/kit';
import type { subscriptionContract } from '@pawfresh/contracts/subscription';
import type { SubscriptionContext } from '../flows/context.js';
import { createSubscription } from '../flows/create-subscription.js';
import { subscriptionsOfPeriod } from '../flows/stats.js';
import { importSubscription, revertImport } from '../flows/migration.js';
import {
  getSubscription,
  listSubscriptions,
  subscriptionOwners,
} from '../flows/read-subscriptions.js';
import { resumeDue } from '../flows/status-actions.js';
import { updateSubscription } from '../flows/update-subscription.js';
import { listGenerationBatches, listGenerationSubscriptions } from '../flows/generation-page.js';

type SubscriptionRoutes = Pick<
  Handlers<typeof subscriptionContract>,
  | 'listSubscriptions'
  | 'subscriptionStats'
  | 'searchSubscriptions'
  | 'listGenerationSubscriptions'
  | 'listGenerationBatches'
  | 'resumeDueSubscriptions'
  | 'getSubscription'
  | 'lookupSubscriptionOwners'
  | 'createSubscription'
  | 'updateSubscription'
  | 'importSubscription'
  | 'revertImport'
>;

/** Reading, starting, changing and importing subscriptions. */
export function subscriptionRoutes(ctx: SubscriptionContext): SubscriptionRoutes {
  return {
    listSubscriptions: ({ query }) => listSubscriptions(ctx, query),
    subscriptionStats: ({ query }) => subscriptionsOfPeriod(ctx, query),
    searchSubscriptions: ({ query }) => listSubscriptions(ctx, query),
    listGenerationSubscriptions: ({ query }) => listGenerationSubscriptions(ctx, query),
    listGenerationBatches: ({ query }) => listGenerationBatches(ctx, query.size),
    resumeDueSubscriptions: () => resumeDue(ctx),
    getSubscription: ({ params, query }) => getSubscription(ctx, params.id, query),
    lookupSubscriptionOwners: ({ body }) => subscriptionOwners(ctx, body.ids),
    createSubscription: ({ body }) => createSubscription(ctx, body),
    updateSubscription: ({ params, body }) => updateSubscription(ctx, params.id, body),
    importSubscription: ({ body }) => importSubscription(ctx, body),
    revertImport: ({ params }) => revertImport(ctx, params.userId),
  };
}
