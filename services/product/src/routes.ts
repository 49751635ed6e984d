import {
  conflict,
  notFound,
  ServiceCallError,
  type Clock,
  type Handlers,
  type ServiceClient,
} from '@pawfresh/kit';
import type { dogsContract } from '@pawfresh/contracts/dogs';
import type { productContract, Product } from '@pawfresh/contracts/product';
import { changeVariantStatus, type ProductDb } from './db/catalogue-store.js';
import { catalogueCache } from './db/catalogue-cache.js';
import { resetCatalogue } from './db/seed-catalogue.js';
import { recommendMeal, type MealProfile } from './rules/recommend-meal.js';
import { canChangeStatus, statusChangeRefusal } from './rules/variant-status.js';

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** Reads a meal's allergens and health-issue suitability from its metadata. */
export function mealProfile(product: Product): MealProfile {
  const meta = new Map(product.metadata.map((m) => [m.metaKey, m.metaValue]));
  return {
    allergens: stringList(meta.get('allergens')),
    recommendedFor: stringList(meta.get('recommendedFor')),
    notRecommendedFor: stringList(meta.get('notRecommendedFor')),
  };
}

/** Meals a dog can still be offered: not being wound down past recall. */
const isOfferedMeal = (p: Product) => p.status !== 'discontinued' && p.status !== 'archived';

export interface ProductDependencies {
  db: ProductDb;
  clock: Clock;
  dogs: ServiceClient<typeof dogsContract>;
}

export function productHandlers({
  db,
  clock,
  dogs,
}: ProductDependencies): Handlers<typeof productContract> {
  const catalogue = catalogueCache(db);
  const recommendFor = async (needs: { allergens: string[]; healthIssues: string[] }) => {
    const { products } = await catalogue.current();
    return products
      .filter((p) => p.type === 'meal' && isOfferedMeal(p))
      .map((meal) => ({ ...meal, recommendation: recommendMeal(mealProfile(meal), needs) }));
  };
  return {
    listProducts: async ({ query }) => catalogue.list(query.type),

    getVariant: async ({ params }) => {
      const variant = (await catalogue.current()).variants.get(params.variantId);
      if (!variant) throw notFound(`Variant ${params.variantId} not found`);
      return variant;
    },

    updateVariantStatus: async ({ params, body }) => {
      const result = await changeVariantStatus(
        db,
        params.variantId,
        body.status,
        clock.now(),
        canChangeStatus,
      );
      if (result.outcome === 'not_found') throw notFound(`Variant ${params.variantId} not found`);
      if (result.outcome === 'refused') {
        throw conflict(statusChangeRefusal(result.from, body.status), {
          from: result.from,
          to: body.status,
        });
      }
      return result.variant;
    },

    resetBySeedScript: async () => resetCatalogue(db, clock.now()),

    recommendMeals: async ({ body }) =>
      recommendFor({ allergens: body.allergens, healthIssues: body.healthIssues }),

    getMealRecommendations: async ({ params, query }) => {
      const dog = await dogs
        .getDog({ params: { dogId: params.animalId }, query: { userId: query.userId } })
        .catch((err: unknown) => {
          if (err instanceof ServiceCallError && err.status === 404) {
            throw notFound('Dog not found');
          }
          throw err;
        });
      return recommendFor({ allergens: dog.foodAllergies, healthIssues: dog.healthIssues });
    },
  };
}
