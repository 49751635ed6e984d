import { orNotFound } from '@pawfresh/kit';
import type { RecommendedMeal } from '@pawfresh/contracts/product';
import {
  isOfferedMeal,
  mealProfile,
  recommendMeal,
  type DogNeeds,
} from '../rules/recommend-meal.js';
import type { ProductContext } from './context.js';

/** Every meal still offered, with its recommendation for these needs. */
export async function recommendMeals(
  { catalogue }: ProductContext,
  needs: DogNeeds,
): Promise<RecommendedMeal[]> {
  const { products } = await catalogue.current();
  return products
    .filter(isOfferedMeal)
    .map((meal) => ({ ...meal, recommendation: recommendMeal(mealProfile(meal), needs) }));
}

/** The same for one dog, read from the dogs service (another owner's dog is not found). */
export async function recommendMealsForDog(
  ctx: ProductContext,
  dogId: string,
  userId: string | undefined,
): Promise<RecommendedMeal[]> {
  const dog = await orNotFound(
    ctx.dogs.getDog({ params: { dogId }, query: { userId } }),
    'Dog not found',
  );
  return recommendMeals(ctx, { allergens: dog.foodAllergies, healthIssues: dog.healthIssues });
}
