import type { AccountContext } from '../flows/context.js';
import * as subscriptions from '../flows/subscriptions.js';
import * as subscriptionStatus from '../flows/subscription-status.js';
import { customerId, type AccountHandlers } from './signed-in.js';

/** customer-app.md §7 "Subscriptions", and the meal-plan template and plan generation. */
export function subscriptionRoutes(
  ctx: AccountContext,
): AccountHandlers<
  | 'getSubscriptions'
  | 'getCancelReasons'
  | 'cancelSubscription'
  | 'updateSubscriptionExtras'
  | 'addSubscriptionExtra'
  | 'updateSubscriptionExtraQuantity'
  | 'updateSubscriptionExtraFrequency'
  | 'deleteSubscriptionExtra'
  | 'updateSubscriptionRecipes'
  | 'updateServingSize'
  | 'updateOrderDeliveryDate'
  | 'updateSubscriptionFeedingPlanType'
  | 'reviewUpdateSubscriptionServingSize'
  | 'reviewUpdateSubscriptionFeedingPlanType'
  | 'getMealPlans'
  | 'generatePlans'
  | 'pauseSubscription'
  | 'resumeSubscription'
  | 'reactivateSubscription'
> {
  return {
    getSubscriptions: ({ auth }) => subscriptions.customerSubscriptions(ctx, customerId(auth)),
    getCancelReasons: ({ query }) => subscriptions.cancelReasons(ctx, query),
    cancelSubscription: ({ auth, params, body }) =>
      subscriptions.cancel(ctx, customerId(auth), params.subscriptionId, body),
    updateSubscriptionExtras: ({ auth, params, body }) =>
      subscriptions.updateExtras(ctx, customerId(auth), params.subscriptionId, body),
    addSubscriptionExtra: ({ auth, params, body }) =>
      subscriptions.addExtra(ctx, customerId(auth), params.subscriptionId, body),
    updateSubscriptionExtraQuantity: ({ auth, params, body }) =>
      subscriptions.updateExtra(ctx, customerId(auth), params.subscriptionId, body),
    updateSubscriptionExtraFrequency: ({ auth, params, body }) =>
      subscriptions.updateExtra(ctx, customerId(auth), params.subscriptionId, body),
    deleteSubscriptionExtra: ({ auth, params, body }) =>
      subscriptions.deleteExtra(ctx, customerId(auth), params.subscriptionId, body),
    updateSubscriptionRecipes: ({ auth, params, body }) =>
      subscriptions.updateRecipes(ctx, customerId(auth), params, body),
    updateServingSize: ({ auth, body }) =>
      subscriptions.updateServingSize(ctx, customerId(auth), body),
    updateOrderDeliveryDate: ({ auth, body }) =>
      subscriptions.moveDelivery(ctx, customerId(auth), body),
    updateSubscriptionFeedingPlanType: ({ auth, body }) =>
      subscriptions.updateFeedingPlanType(ctx, customerId(auth), body),
    reviewUpdateSubscriptionServingSize: ({ auth, body }) =>
      subscriptions.reviewServingSize(ctx, customerId(auth), body),
    reviewUpdateSubscriptionFeedingPlanType: ({ auth, body }) =>
      subscriptions.reviewFeedingPlanType(ctx, customerId(auth), body),
    getMealPlans: () => subscriptions.mealPlans(ctx),
    generatePlans: ({ auth, body }) => subscriptions.generatePlans(ctx, customerId(auth), body),
    pauseSubscription: ({ auth, params, body }) =>
      subscriptionStatus.pause(ctx, customerId(auth), params.subscriptionId, body),
    resumeSubscription: ({ auth, params, body }) =>
      subscriptionStatus.resume(ctx, customerId(auth), params.subscriptionId, body),
    reactivateSubscription: ({ auth, params, body }) =>
      subscriptionStatus.reactivate(ctx, customerId(auth), params.subscriptionId, body),
  };
}
