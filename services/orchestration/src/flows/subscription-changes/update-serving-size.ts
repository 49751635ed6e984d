import type { ServingSizeChangeInput } from '@pawfresh/contracts/orchestration-subscription-changes';
import type { WorkflowContext } from '../context.js';
import { readOrdersInScope } from './subscription-change-steps.js';
import {
  type Answer,
  type Review,
  applyPlanChange,
  restorePlan,
  servingSizeChange,
  reviewOf,
} from './plan-change-steps.js';

export const reviewServingSize =
  (ctx: WorkflowContext) =>
  async (input: ServingSizeChangeInput): Promise<Review> => {
    const { subscription, plan, sized } = await servingSizeChange(ctx, input);
    const scope = await readOrdersInScope(ctx, subscription.id);
    return reviewOf(subscription, new Map([[plan.id, sized]]), scope);
  };

export const updateServingSize =
  (ctx: WorkflowContext) =>
  async (input: ServingSizeChangeInput): Promise<Answer> => {
    const { subscription, plan, grams } = await servingSizeChange(ctx, input);
    const scope = await readOrdersInScope(ctx, subscription.id);
    return applyPlanChange(
      ctx,
      subscription,
      scope,
      new Set([plan.animalId]),
      [{ id: plan.id, version: plan.version, currentDailyServingSizeInGrams: grams }],
      (changed) => [restorePlan(plan, changed)],
    );
  };
