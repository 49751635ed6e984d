import { badRequest } from '@pawfresh/kit';
import type { RecipeMixChangeInput } from '@pawfresh/contracts/orchestration-subscription-changes';
import type { WorkflowContext } from '../context.js';
import { readOrdersInScope } from './subscription-change-steps.js';
import {
  type Answer,
  planOf,
  applyPlanChange,
  restorePlan,
  readForChange,
} from './plan-change-steps.js';

export const updateRecipeMix =
  (ctx: WorkflowContext) =>
  async (input: RecipeMixChangeInput): Promise<Answer> => {
    const subscription = await readForChange(ctx, input);
    const plan = planOf(subscription, input.feedingPlanId);
    const total = input.skus.reduce((n, s) => n + s.ratio, 0);
    if (Math.abs(total - 1) > 0.001) {
      throw badRequest(`The meals' ratios must add up to 1 (they add up to ${total})`);
    }
    const scope = await readOrdersInScope(ctx, subscription.id);
    return applyPlanChange(
      ctx,
      subscription,
      scope,
      new Set([plan.animalId]),
      [{ id: plan.id, version: plan.version, skus: input.skus }],
      (changed) => [restorePlan(plan, changed)],
    );
  };
