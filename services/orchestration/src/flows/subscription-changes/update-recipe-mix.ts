import { badRequest, refuseIfAny } from '@pawfresh/kit';
import type { RecipeMixChangeInput } from '@pawfresh/contracts/orchestration-subscription-changes';
import type { WorkflowContext } from '../context.js';
import { readVariants } from '../order-changes/order-change-steps.js';
import { readOrdersInScope } from './subscription-change-steps.js';
import {
  type Answer,
  type Review,
  planOf,
  applyPlanChange,
  restorePlan,
  readForChange,
  reviewOf,
  sizePlan,
} from './plan-change-steps.js';

/** The subscription and the plan whose meals change, when the ratios add up to 1. */
async function recipeMixChange(ctx: WorkflowContext, input: RecipeMixChangeInput) {
  const subscription = await readForChange(ctx, input);
  const plan = planOf(subscription, input.feedingPlanId);
  const total = input.skus.reduce((n, s) => n + s.ratio, 0);
  if (Math.abs(total - 1) > 0.001) {
    throw badRequest(`The meals' ratios must add up to 1 (they add up to ${total})`);
  }
  return { subscription, plan };
}

/**
 * review-update-subscription-recipe-mix: the plan with the new meals at its serving size and
 * type, sized and priced by the subscription service as the serving-size review is (changes
 * nothing).
 */
export const reviewRecipeMix =
  (ctx: WorkflowContext) =>
  async (input: RecipeMixChangeInput): Promise<Review> => {
    const { subscription, plan } = await recipeMixChange(ctx, input);
    const variants = await readVariants(
      ctx,
      input.skus.map((s) => s.productVariantId),
    );
    refuseIfAny(
      input.skus.flatMap((s, n) => {
        const v = variants.get(s.productVariantId);
        return v?.productType === 'meal'
          ? []
          : [
              {
                path: ['skus', n, 'productVariantId'],
                code: 'unknown',
                message: `Product variant ${s.productVariantId} is not a meal of the catalogue`,
              },
            ];
      }),
    );
    const meals = input.skus.map((s) => ({
      productId: variants.get(s.productVariantId)!.productId,
      weight: s.ratio,
    }));
    const sized = await sizePlan(ctx, subscription, plan.animalId, meals, {
      planType: plan.type,
      servingSize: plan.currentDailyServingSizeInGrams,
    });
    const scope = await readOrdersInScope(ctx, subscription.id);
    return reviewOf(subscription, new Map([[plan.id, sized]]), scope);
  };

export const updateRecipeMix =
  (ctx: WorkflowContext) =>
  async (input: RecipeMixChangeInput): Promise<Answer> => {
    const { subscription, plan } = await recipeMixChange(ctx, input);
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
