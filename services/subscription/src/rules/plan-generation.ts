import { pathText, type InputProblem } from '@pawfresh/kit';
import type { FeedingPlanType, GeneratedFeedingPlan, Plan } from '@pawfresh/contracts/subscription';
import type { Catalogue } from './catalogue.js';
import {
  pricedSkus,
  sizeFeedingPlan,
  type PricedFeedingPlan,
  type SizedFeedingPlan,
} from './feeding-plan-sizing.js';
import {
  dailyServingGrams,
  nearestServingSize,
  pouchesOf,
  pouchesPerOrder,
} from './serving-size.js';

/** What generating needs of a catalogue plan. */
export type CataloguePlan = Pick<Plan, 'id' | 'percentOfCalories'>;

/** One dog's plan as a generation request describes it (`POST /plans/generate`). */
export interface PlanRequest {
  /** Where it is in the request, for messages: `['dogs', 0]`. */
  path: (string | number)[];
  animalId: string;
  /** The dog's daily energy need, kcal. */
  energy: number;
  planType: FeedingPlanType;
  meals: readonly { productId: string; weight: number }[];
  /** Daily grams to use instead of the energy-based size. */
  servingSize?: number | undefined;
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** A request's meals that are not active meals of the catalogue, as problems. */
export function mealProblems(request: PlanRequest, catalogue: Catalogue): InputProblem[] {
  const problems: InputProblem[] = [];
  const seen = new Set<string>();
  request.meals.forEach((m, j) => {
    const path = [...request.path, 'meals', j, 'productId'];
    const meal = catalogue.meals.get(m.productId);
    if (!meal) {
      problems.push({
        path,
        code: 'not_a_meal',
        message: `${pathText(path)} is not a meal in the catalogue (${m.productId})`,
      });
    } else if (!meal.active) {
      problems.push({
        path,
        code: 'meal_not_active',
        message: `${pathText(path)}: ${meal.name} is no longer on the menu; choose another meal`,
      });
    } else if (meal.variants.length === 0) {
      problems.push({
        path,
        code: 'meal_without_pouches',
        message: `${pathText(path)}: ${meal.name} has no pouches to send; choose another meal`,
      });
    } else if (seen.has(meal.productId)) {
      problems.push({
        path,
        code: 'duplicate_meal',
        message: `${pathText(path)}: ${meal.name} is chosen more than once; list each meal once`,
      });
    }
    seen.add(m.productId);
  });
  return problems;
}

/**
 * Sizes one dog's plan: the daily grams from its energy and the meals' energy densities (or the
 * serving size asked for), snapped to an allowed serving size, and the meals' pouches by weight.
 */
export function sizeRequest(
  request: PlanRequest,
  plan: CataloguePlan,
  cadenceInWeeks: number,
  catalogue: Catalogue,
): { plan?: SizedFeedingPlan; problems: InputProblem[] } {
  const meals = request.meals.map((m) => catalogue.meals.get(m.productId)!);
  const grams =
    request.servingSize ??
    dailyServingGrams({
      energy: request.energy,
      percentOfCalories: plan.percentOfCalories,
      meals: meals.map((meal, j) => ({
        kcalPer100g: meal.kcalPer100g,
        weight: request.meals[j]!.weight,
      })),
    });
  // A vanishingly small need can underflow to 0 g: that is the smallest size too.
  const size = nearestServingSize(grams > 0 ? grams : Number.MIN_VALUE);
  const totalWeight = request.meals.reduce((sum, m) => sum + m.weight, 0);
  const sized = sizeFeedingPlan(
    {
      path: request.path,
      animalId: request.animalId,
      type: request.planType,
      dailyServingSizeGrams: size.grams,
      skus: meals.map((meal, j) => ({
        productVariantId: meal.variants[0]!.id,
        ratio: request.meals[j]!.weight / totalWeight,
      })),
    },
    cadenceInWeeks,
    catalogue,
  );
  // The shared sizing speaks of a subscription's skus; say it in this request's terms.
  const problems = sized.problems.map((p): InputProblem => {
    const skuIndex = p.path[request.path.length + 1];
    if (p.code !== 'share_too_small' || typeof skuIndex !== 'number') return p;
    const path = [...request.path, 'meals', skuIndex, 'weight'];
    const total = pouchesPerOrder(pouchesOf(size).pouchesPerDay, cadenceInWeeks);
    return {
      path,
      code: p.code,
      message: `${pathText(path)} is too small a share to fill one of the ${total} pouches of an order: give that meal more weight or choose fewer meals`,
    };
  });
  return { ...(sized.plan ? { plan: sized.plan } : {}), problems };
}

export function toGenerated(
  request: PlanRequest,
  plan: CataloguePlan,
  priced: PricedFeedingPlan,
): GeneratedFeedingPlan {
  return {
    animalId: request.animalId,
    type: request.planType,
    planId: plan.id,
    percentOfCalories: plan.percentOfCalories,
    dailyEnergyKilocalories: oneDecimal((request.energy * plan.percentOfCalories) / 100),
    servingSize: priced.servingSize.code,
    currentDailyServingSizeInGrams: priced.servingSize.grams,
    currentPouchSizeInGrams: priced.pouchSizeGrams,
    pouchesPerDay: priced.pouchesPerDay,
    totalPouches: priced.totalPouches,
    totalPrice: priced.totalPrice,
    dailyPrice: priced.dailyPrice,
    pricePerPouch: priced.pricePerPouch,
    skus: pricedSkus(priced),
  };
}
