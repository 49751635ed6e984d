import type { Handlers } from '@pawfresh/kit';
import type { subscriptionContract } from '@pawfresh/contracts/subscription';
import type { SubscriptionContext } from '../flows/context.js';
import { addDiscount, removeDiscount } from '../flows/discounts.js';
import { cancelExtra } from '../flows/extras.js';
import { changeFeedingPlanStatus } from '../flows/feeding-plan-actions.js';
import {
  cancelSubscription,
  pauseSubscription,
  reactivateSubscription,
  removeSubscription,
  resumeSubscription,
} from '../flows/status-actions.js';

type ActionRoutes = Pick<
  Handlers<typeof subscriptionContract>,
  | 'removeSubscription'
  | 'pauseSubscription'
  | 'resumeSubscription'
  | 'cancelSubscription'
  | 'reactivateSubscription'
  | 'pauseFeedingPlan'
  | 'activateFeedingPlan'
  | 'cancelExtra'
  | 'addDiscount'
  | 'removeDiscount'
>;

/** Status changes of a subscription and its feeding plans, extras and discounts. */
export function subscriptionActionRoutes(ctx: SubscriptionContext): ActionRoutes {
  return {
    removeSubscription: ({ params, body }) => removeSubscription(ctx, params.id, body),
    pauseSubscription: ({ params, body }) => pauseSubscription(ctx, params.id, body),
    resumeSubscription: ({ params, body }) => resumeSubscription(ctx, params.id, body),
    cancelSubscription: ({ params, body }) => cancelSubscription(ctx, params.id, body),
    reactivateSubscription: ({ params, body }) => reactivateSubscription(ctx, params.id, body),
    pauseFeedingPlan: ({ params, body }) =>
      changeFeedingPlanStatus(ctx, params.id, params.feedingPlanId, 'pause', body),
    activateFeedingPlan: ({ params, body }) =>
      changeFeedingPlanStatus(ctx, params.id, params.feedingPlanId, 'activate', body),
    cancelExtra: ({ params, body }) => cancelExtra(ctx, params.id, params.extraId, body),
    addDiscount: ({ params, body }) => addDiscount(ctx, params.id, body),
    removeDiscount: ({ params, body }) => removeDiscount(ctx, params.id, body),
  };
}
