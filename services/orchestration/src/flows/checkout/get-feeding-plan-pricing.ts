import {
  badRequest,
  isRefused,
  notFound,
  orNotFound,
  refusalOf,
  refuseIfAny,
  upstream,
} from '@pawfresh/kit';
import type { FeedingPlanPricing } from '@pawfresh/contracts/orchestration';
import type { Plan } from '@pawfresh/contracts/subscription';
import {
  feedingPlanRequest,
  mealsOfPlan,
  type DogForPlan,
} from '../../rules/feeding-plan-request.js';
import { firstBoxUnderCode, orderPriceRequest, planLines, skusOf } from '../../rules/promotion.js';
import type { WorkflowContext } from '../context.js';

export interface FeedingPlanPricingRequest {
  animalId: string;
  planId: string;
  productIds?: string[];
  cadenceInWeeks: number;
  promotionCode?: string;
}

export type PricedPlan = Omit<FeedingPlanPricing, 'workflowId'>;

/**
 * get-feeding-plan-pricing: the catalogue plan, the dog's energy need and meals, then the plan
 * sized and priced by the subscription service (which prices through pricing). Reads only, so
 * nothing to undo.
 */
export const getFeedingPlanPricing =
  ({ services, step }: WorkflowContext) =>
  async (input: FeedingPlanPricingRequest): Promise<PricedPlan> => {
    const plan: Plan = await step('read-plan', () =>
      upstream('Reading the plan catalogue', () =>
        orNotFound(
          services.subscription.getPlan({ params: { id: input.planId } }),
          `Plan ${input.planId} not found`,
        ),
      ),
    );
    const dog: DogForPlan = await step('read-dog', async () => {
      const found = await upstream('Reading the dog', () =>
        orNotFound(
          services.dogs.getDog({ params: { dogId: input.animalId }, query: {} }),
          `Dog ${input.animalId} not found`,
        ),
      );
      return {
        id: found.identifier,
        name: found.name,
        dailyEnergyKilocalories: found.dailyEnergyKilocalories,
        mealProductIds: found.mealProductIds,
      };
    });
    const productIds = mealsOfPlan(input.productIds, dog);
    const { request, problems } = feedingPlanRequest(plan, dog, productIds, input.cadenceInWeeks);
    refuseIfAny(problems);
    const generated = await step('size-and-price', () =>
      upstream('Pricing the feeding plan', async () => {
        try {
          return await services.subscription.generatePlans({ body: request! });
        } catch (err) {
          if (isRefused(err, 400)) {
            throw badRequest(
              `The feeding plan cannot be made: ${refusalOf(err)?.message ?? 'the subscription service refused it'}`,
            );
          }
          throw err;
        }
      }),
    );
    const feedingPlan = generated.feedingPlans[0];
    if (!feedingPlan) throw new Error('The subscription service answered no feeding plan');
    const code = input.promotionCode;
    if (!code) return { animalId: input.animalId, plan, feedingPlan, promotion: null };
    // The first box under the customer's code, as checkout would price it (docs/pricing.md).
    const promotion = await step('price-under-code', () =>
      upstream('Pricing the feeding plan under the promotion code', async () => {
        const plans = [{ animalId: input.animalId, feedingPlan }];
        const request = orderPriceRequest(
          planLines({ plans }),
          skusOf({ plans, products: [] }),
          0,
          input.cadenceInWeeks,
          { promotionCode: code },
        );
        try {
          return firstBoxUnderCode(code, await services.pricing.getPrice({ body: request }));
        } catch (err) {
          if (isRefused(err, 404)) {
            throw notFound(refusalOf(err)?.message ?? `Promotion code ${code} not found`);
          }
          if (isRefused(err, 400)) {
            throw badRequest(refusalOf(err)?.message ?? `Promotion code ${code} cannot be used`);
          }
          throw err;
        }
      }),
    );
    return { animalId: input.animalId, plan, feedingPlan, promotion };
  };
