import type { Handlers } from '@pawfresh/kit';
import type { subscriptionContract } from '@pawfresh/contracts/subscription';
import type { SubscriptionContext } from '../flows/context.js';
import { generatePlans, generateRecommendations } from '../flows/generate-plans.js';
import { getPlan, listCancelReasons, listPlans } from '../flows/reference-data.js';

type PlanRoutes = Pick<
  Handlers<typeof subscriptionContract>,
  'listPlans' | 'getPlan' | 'generatePlans' | 'generateRecommendations' | 'listCancelReasons'
>;

/** The plan catalogue, plan generation and the cancel reasons. */
export function planRoutes(ctx: SubscriptionContext): PlanRoutes {
  return {
    listPlans: () => listPlans(ctx),
    getPlan: ({ params }) => getPlan(ctx, params.id),
    generatePlans: ({ body }) => generatePlans(ctx, body),
    generateRecommendations: ({ body }) => generateRecommendations(ctx, body),
    listCancelReasons: ({ query }) => listCancelReasons(ctx, query.context),
  };
}
