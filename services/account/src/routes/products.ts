import type { AccountContext } from '../flows/context.js';
import { customerProducts } from '../flows/customer-products.js';
import { mealRecommendations } from '../flows/meal-recommendations.js';
import { customerId, type AccountHandlers } from './signed-in.js';

/** The products a customer can choose, and the meals that suit one of their dogs. */
export function productRoutes(
  ctx: AccountContext,
): AccountHandlers<'getProducts' | 'getMealRecommendations'> {
  return {
    getProducts: async () => customerProducts(ctx),

    getMealRecommendations: async ({ params, auth }) =>
      mealRecommendations(ctx, customerId(auth), params.animalId),
  };
}
