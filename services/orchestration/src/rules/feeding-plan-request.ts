import type { GeneratePlansInput, Plan } from '@pawfresh/contracts/subscription';
import type { InputProblem } from '@pawfresh/kit';

/** What a feeding plan is made from: the dog's energy need and chosen meals. */
export interface DogForPlan {
  id: string;
  name: string;
  dailyEnergyKilocalories: number | null;
  mealProductIds: readonly string[];
}

export const dogHasNoEnergyNeed = (dog: DogForPlan) =>
  `${dog.name} has no daily energy need yet: add the dog's weight first`;
export const dogHasNoMeals = (dog: DogForPlan) =>
  `Choose at least 1 meal for ${dog.name}: send productIds or choose the dog's meals first`;

/** The meals of a plan: those asked for, or else the dog's own choice. */
export function mealsOfPlan(requested: readonly string[] | undefined, dog: DogForPlan): string[] {
  return requested && requested.length > 0 ? [...requested] : [...dog.mealProductIds];
}

/**
 * The subscription service's plan generation request for one dog: its energy, the catalogue
 * plan's type (a half bowl covers half the energy), and the meals in equal shares. What makes the
 * plan impossible comes back as problems instead.
 */
export function feedingPlanRequest(
  plan: Plan,
  dog: DogForPlan,
  productIds: readonly string[],
  cadenceInWeeks: number,
): { request?: GeneratePlansInput; problems: InputProblem[] } {
  const problems: InputProblem[] = [];
  if (dog.dailyEnergyKilocalories === null || dog.dailyEnergyKilocalories <= 0) {
    problems.push({ path: ['animalId'], code: 'no_energy_need', message: dogHasNoEnergyNeed(dog) });
  }
  if (productIds.length === 0) {
    problems.push({ path: ['productIds'], code: 'no_meals', message: dogHasNoMeals(dog) });
  }
  if (problems.length > 0 || dog.dailyEnergyKilocalories === null) return { problems };
  return {
    request: {
      cadenceInWeeks,
      dogs: [
        {
          animalId: dog.id,
          energy: dog.dailyEnergyKilocalories,
          planType: plan.feedingPlanType,
          meals: productIds.map((productId) => ({ productId, weight: 1 })),
        },
      ],
    },
    problems,
  };
}
