import type { RecommendationType } from '@pawfresh/contracts/enums';
import type { Product } from '@pawfresh/contracts/product';

/** What a meal's metadata says about who it suits. */
export interface MealProfile {
  /** Allergen slugs the meal contains. */
  allergens: readonly string[];
  /** Health-issue slugs the meal is a good choice for. */
  recommendedFor: readonly string[];
  /** Health-issue slugs the meal should be avoided with. */
  notRecommendedFor: readonly string[];
}

export interface DogNeeds {
  allergens: readonly string[];
  healthIssues: readonly string[];
}

export interface Recommendation {
  recommendationType: RecommendationType;
  allergens: string[];
  illnesses: string[];
}

const overlap = (a: readonly string[], b: readonly string[]) => {
  const set = new Set(b);
  return [...new Set(a.filter((x) => set.has(x)))].sort();
};

/**
 * A meal's recommendation for one dog. Safety first: a meal containing any of the dog's
 * allergens is `blocked`; otherwise one that should be avoided with any of its health issues is
 * `not_recommended` (even if it also suits another issue); otherwise one that suits any of them
 * is `recommended`; otherwise `neutral`. `allergens` lists the dog's allergens the meal contains;
 * `illnesses` the health issues behind the decision (those to avoid when there are any, else those
 * it suits).
 */
export function recommendMeal(meal: MealProfile, dog: DogNeeds): Recommendation {
  const allergens = overlap(meal.allergens, dog.allergens);
  const avoid = overlap(meal.notRecommendedFor, dog.healthIssues);
  const suits = overlap(meal.recommendedFor, dog.healthIssues);
  const illnesses = avoid.length > 0 ? avoid : suits;
  const recommendationType: RecommendationType =
    allergens.length > 0
      ? 'blocked'
      : avoid.length > 0
        ? 'not_recommended'
        : suits.length > 0
          ? 'recommended'
          : 'neutral';
  return { recommendationType, allergens, illnesses };
}

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
export const isOfferedMeal = (p: Product) =>
  p.type === 'meal' && p.status !== 'discontinued' && p.status !== 'archived';
