import type { RecommendedMeal } from '@pawfresh/contracts/product';
import type { Catalogue, CatalogueMeal } from './catalogue.js';

/** How many meals a recommended plan mixes. */
export const RECOMMENDED_MEALS = 2;

/**
 * The meals to propose for a dog: the product service's recommendations for the dog's allergies
 * and health issues, `recommended` ones first, then `neutral` ones, each in the order the product
 * service gives; never `not_recommended` or `blocked`, and only meals on the menu.
 */
export function chooseMeals(
  recommendations: readonly Pick<RecommendedMeal, 'id' | 'recommendation'>[],
  catalogue: Catalogue,
  count = RECOMMENDED_MEALS,
): CatalogueMeal[] {
  const onMenu = (id: string) => {
    const meal = catalogue.meals.get(id);
    return meal?.active && meal.variants.length > 0 ? meal : undefined;
  };
  const ofType = (type: 'recommended' | 'neutral') =>
    recommendations
      .filter((r) => r.recommendation.recommendationType === type)
      .map((r) => onMenu(r.id))
      .filter((m): m is CatalogueMeal => m !== undefined);
  return [...ofType('recommended'), ...ofType('neutral')].slice(0, count);
}
