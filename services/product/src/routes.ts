import { conflict, notFound, type Clock, type Handlers } from '@pawfresh/kit';
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

export function productHandlers(db: ProductDb, clock: Clock): Handlers<typeof productContract> {
  const catalogue = catalogueCache(db);
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

    recommendMeals: async ({ body }) => {
      const { products } = await catalogue.current();
      const meals = products.filter((p) => p.type === 'meal' && isOfferedMeal(p));
      return meals.map((meal) => ({
        ...meal,
        recommendation: recommendMeal(mealProfile(meal), {
          allergens: body.allergens,
          healthIssues: body.healthIssues,
        }),
      }));
    },
  };
}
