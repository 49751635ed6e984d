import type { Handlers } from '@pawfresh/kit';
import type { productContract } from '@pawfresh/contracts/product';
import { productContext, resetBySeedScript, type ProductDependencies } from './flows/catalogue.js';
import { recommendMeals, recommendMealsForDog } from './flows/meal-recommendations.js';
import { getVariant, updateVariantStatus } from './flows/variants.js';

export function productHandlers(deps: ProductDependencies): Handlers<typeof productContract> {
  const ctx = productContext(deps);
  return {
    listProducts: async ({ query }) => ctx.catalogue.list(query.type),
    getVariant: async ({ params }) => getVariant(ctx, params.variantId),
    updateVariantStatus: async ({ params, body }) =>
      updateVariantStatus(ctx, params.variantId, body.status),
    resetBySeedScript: async () => resetBySeedScript(ctx),
    recommendMeals: async ({ body }) =>
      recommendMeals(ctx, { allergens: body.allergens, healthIssues: body.healthIssues }),
    getMealRecommendations: async ({ params, query }) =>
      recommendMealsForDog(ctx, params.animalId, query.userId),
  };
}
