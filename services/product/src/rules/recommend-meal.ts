import type { RecommendationType } from '@pawfresh/contracts/enums';

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
