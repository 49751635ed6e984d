import { conflict, refuseIfAny } from '@pawfresh/kit';
import type { AddAnimalInput } from '@pawfresh/contracts/orchestration-subscription-changes';
import type { WorkflowContext } from '../context.js';
import { readOrdersInScope } from './subscription-change-steps.js';
import {
  type Answer,
  readEnergy,
  sizePlan,
  applyPlanChange,
  readForChange,
} from './plan-change-steps.js';

export const addAnimalToSubscription =
  (ctx: WorkflowContext) =>
  async (input: AddAnimalInput): Promise<Answer> => {
    const subscription = await readForChange(ctx, input);
    if (
      subscription.feedingPlans.some(
        (p) => p.animalId === input.animalId && p.status !== 'ineligible',
      )
    ) {
      throw conflict(`Dog ${input.animalId} already has a feeding plan on this subscription`, {
        currentVersion: subscription.version,
      });
    }
    const dog = await readEnergy(ctx, input.animalId, subscription.userId);
    const productIds = input.productIds?.length ? input.productIds : dog.mealProductIds;
    refuseIfAny(
      productIds.length === 0
        ? [
            {
              path: ['productIds'],
              code: 'required',
              message: `Choose at least 1 meal for ${dog.name}: send productIds or choose the dog's meals first`,
            },
          ]
        : [],
    );
    const sized = await sizePlan(
      ctx,
      subscription,
      input.animalId,
      productIds.map((productId) => ({ productId, weight: 1 })),
      { planType: input.feedingPlanType },
    );
    const scope = await readOrdersInScope(ctx, subscription.id);
    return applyPlanChange(
      ctx,
      subscription,
      scope,
      new Set([input.animalId]),
      [
        {
          animalId: input.animalId,
          type: input.feedingPlanType,
          currentDailyServingSizeInGrams: sized.currentDailyServingSizeInGrams,
          skus: sized.skus.map((s) => ({ productVariantId: s.productVariantId, ratio: s.ratio })),
        },
      ],
      (changed) => {
        const added = changed.feedingPlans.find(
          (p) => p.animalId === input.animalId && p.status === 'active',
        )!;
        return [{ id: added.id, version: added.version, isEligible: false }];
      },
    );
  };
