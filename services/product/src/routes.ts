import type { Handlers } from '@pawfresh/kit';
import type { productContract } from '@pawfresh/contracts/product';
import { catalogueCache } from './db/catalogue-cache.js';
import { resetCatalogue } from './db/seed-catalogue.js';
import type { ProductContext } from './flows/context.js';
import { recommendMeals, recommendMealsForDog } from './flows/meal-recommendations.js';
import { getVariant, updateVariantStatus } from './flows/variants.js';

export type ProductDependencies = Omit<ProductContext, 'catalogue'>;

export function productHandlers(deps: ProductDependencies): Handlers<typeof productContract> {
  const ctx: ProductContext = { ...deps, catalogue: catalogueCache(deps.db, deps.revisions) };
  return {
    listProducts: async ({ query }) => ctx.catalogue.list(query.type),
    getVariant: async ({ params }) => getVariant(ctx, params.variantId),
    updateVariantStatus: async ({ params, body }) =>
      updateVariantStatus(ctx, params.variantId, body.status),
    resetBySeedScript: async () => resetCatalogue(ctx.db, ctx.clock.now()),
    recommendMeals: async ({ body }) =>
      recommendMeals(ctx, { allergens: body.allergens, healthIssues: body.healthIssues }),
    getMealRecommendations: async ({ params, query }) =>
      recommendMealsForDog(ctx, params.animalId, query.userId),
  };
}
