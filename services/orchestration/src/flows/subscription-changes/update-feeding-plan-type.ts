import type { FeedingPlanTypeChangeInput } from '@pawfresh/contracts/orchestration-subscription-changes';
import type { WorkflowContext } from '../context.js';
import { readOrdersInScope } from './subscription-change-steps.js';
import {
  type Answer,
  type Review,
  applyPlanChange,
  restorePlan,
  reviewOf,
  planTypeChange,
} from './plan-change-steps.js';

export const reviewFeedingPlanType =
  (ctx: WorkflowContext) =>
  async (input: FeedingPlanTypeChangeInput): Promise<Review> => {
    const { subscription, sized } = await planTypeChange(ctx, input);
    const scope = await readOrdersInScope(ctx, subscription.id);
    return reviewOf(subscription, sized, scope);
  };

export const updateFeedingPlanType =
  (ctx: WorkflowContext) =>
  async (input: FeedingPlanTypeChangeInput): Promise<Answer> => {
    const { subscription, plans, sized } = await planTypeChange(ctx, input);
    const scope = await readOrdersInScope(ctx, subscription.id);
    return applyPlanChange(
      ctx,
      subscription,
      scope,
      new Set(plans.map((p) => p.animalId)),
      plans.map((p) => ({
        id: p.id,
        version: p.version,
        type: input.feedingPlanType,
        currentDailyServingSizeInGrams: sized.get(p.id)!.currentDailyServingSizeInGrams,
      })),
      (changed) => plans.map((p) => restorePlan(p, changed)),
    );
  };
