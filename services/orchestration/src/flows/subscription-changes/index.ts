import type { Engine } from '../../engine/engine.js';
import type { WorkflowContext } from '../context.js';
import { cancelSubscription } from './cancel-subscription.js';
import { updateDogProfile } from './dog-profile.js';
import { pauseSubscription } from './pause-subscription.js';
import { reactivateSubscription } from './reactivate-subscription.js';
import { resumeSubscription } from './resume-subscription.js';
import type { PlanBoxes } from './subscription-status-steps.js';
import { addSubscriptionExtra } from './add-subscription-extra.js';
import { deleteSubscriptionExtra } from './delete-subscription-extra.js';
import { moveSubscriptionExtra } from './move-subscription-extra.js';
import { updateSubscriptionExtra } from './update-subscription-extra.js';
import { updateSubscriptionTreats } from './update-subscription-treats.js';
import { addAnimalToSubscription } from './add-animal-to-subscription.js';
import { reviewFeedingPlanType, updateFeedingPlanType } from './update-feeding-plan-type.js';
import { reviewRecipeMix, updateRecipeMix } from './update-recipe-mix.js';
import { reviewServingSize, updateServingSize } from './update-serving-size.js';

/**
 * The subscription-level customer changes (docs/changes.md), under their spec names; pause,
 * resume and reactivate plan the boxes through
 * generate-subscription-orders (docs/subscriptions.md "Pausing").
 */
export function registerSubscriptionWorkflows(
  engine: Engine,
  ctx: WorkflowContext,
  planBoxes: PlanBoxes,
) {
  return {
    updateSubscriptionTreats: engine.register(
      'update-subscription-treats',
      updateSubscriptionTreats(ctx),
    ),
    reviewUpdateSubscriptionFeedingPlanType: engine.register(
      'review-update-subscription-feeding-plan-type',
      reviewFeedingPlanType(ctx),
    ),
    updateSubscriptionFeedingPlanType: engine.register(
      'update-subscription-feeding-plan-type',
      updateFeedingPlanType(ctx),
    ),
    reviewUpdateSubscriptionRecipeMix: engine.register(
      'review-update-subscription-recipe-mix',
      reviewRecipeMix(ctx),
    ),
    updateSubscriptionRecipeMix: engine.register(
      'update-subscription-recipe-mix',
      updateRecipeMix(ctx),
    ),
    reviewUpdateSubscriptionServingSize: engine.register(
      'review-update-subscription-serving-size',
      reviewServingSize(ctx),
    ),
    updateSubscriptionServingSize: engine.register(
      'update-subscription-serving-size',
      updateServingSize(ctx),
    ),
    updateDogProfile: engine.register('update-dog-profile', updateDogProfile(ctx, false)),
    updateDogProfileWithNewRecommendation: engine.register(
      'update-dog-profile-with-new-recommendation',
      updateDogProfile(ctx, true),
    ),
    cancelSubscription: engine.register('cancel-subscription', cancelSubscription(ctx)),
    pauseSubscription: engine.register('pause-subscription', pauseSubscription(ctx, planBoxes)),
    resumeSubscription: engine.register('resume-subscription', resumeSubscription(ctx, planBoxes)),
    reactivateSubscription: engine.register(
      'reactivate-subscription',
      reactivateSubscription(ctx, planBoxes),
    ),
    addAnimalToSubscription: engine.register(
      'add-animal-to-subscription',
      addAnimalToSubscription(ctx),
    ),
    addSubscriptionExtra: engine.register('add-subscription-extra', addSubscriptionExtra(ctx)),
    deleteSubscriptionExtra: engine.register(
      'delete-subscription-extra',
      deleteSubscriptionExtra(ctx),
    ),
    updateSubscriptionExtra: engine.register(
      'update-subscription-extra',
      updateSubscriptionExtra(ctx),
    ),
    moveSubscriptionExtra: engine.register('move-subscription-extra', moveSubscriptionExtra(ctx)),
  };
}
export type SubscriptionWorkflows = ReturnType<typeof registerSubscriptionWorkflows>;
