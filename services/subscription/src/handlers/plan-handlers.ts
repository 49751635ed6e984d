import { badRequest, HttpError, notFound, ServiceCallError, type Handlers } from '@pawfresh/kit';
import type {
  FeedingPlanType,
  GeneratedFeedingPlan,
  Plan,
  subscriptionContract,
} from '@pawfresh/contracts/subscription';
import type { Dog } from '@pawfresh/contracts/dogs';
import type { RecommendedMeal } from '@pawfresh/contracts/product';
import { loadCatalogue, type Catalogue, type CatalogueMeal } from '../catalogue.js';
import { upstream } from '../collaborators.js';
import { findPlan, listPlans, type PlanRow } from '../db/reference-store.js';
import {
  priceFeedingPlans,
  sizeFeedingPlan,
  type PricedFeedingPlan,
  type SizedFeedingPlan,
} from '../feeding-plan-pricing.js';
import {
  dailyServingGrams,
  nearestServingSize,
  pouchesOf,
  pouchesPerOrder,
} from '../rules/serving-size.js';
import type { HandlerDeps } from './deps.js';
import { pathText, refuseIfAny, type InputProblem } from './problems.js';

type PlanHandlers = Pick<
  Handlers<typeof subscriptionContract>,
  'listPlans' | 'getPlan' | 'generatePlans' | 'generateRecommendations'
>;

/** How many meals a recommended plan mixes. */
export const RECOMMENDED_MEALS = 2;

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

const toPlan = (row: PlanRow): Plan => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  category: row.category,
  percentOfCalories: row.percentOfCalories,
  feedingPlanType: row.feedingPlanType,
});

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** The catalogue plan of each feeding-plan type, from the database. */
async function plansByType(deps: HandlerDeps): Promise<Map<FeedingPlanType, PlanRow>> {
  const rows = await listPlans(deps.db);
  return new Map(rows.map((r) => [r.feedingPlanType, r]));
}

/** A request's meals that are not active meals of the catalogue, as problems. */
function mealProblems(request: PlanRequest, catalogue: Catalogue): InputProblem[] {
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
function sizeRequest(
  request: PlanRequest,
  plan: PlanRow,
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

function toGenerated(
  request: PlanRequest,
  plan: PlanRow,
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
    skus: priced.skus.map((s) => ({
      productVariantId: s.productVariantId,
      productId: s.productId,
      sku: s.sku,
      ratio: s.ratio,
      pouches: s.pouches,
      price: s.price,
    })),
  };
}

/**
 * Feeding plans for the requests, in their order: every problem with any of them is refused at
 * once (400); then all are priced in one call to the pricing service.
 */
export async function generateFeedingPlans(
  deps: HandlerDeps,
  requests: readonly PlanRequest[],
  cadenceInWeeks: number,
  catalogue: Catalogue,
): Promise<{ request: PlanRequest; plan: PlanRow; feedingPlan: GeneratedFeedingPlan }[]> {
  const byType = await plansByType(deps);
  const planOf = (type: FeedingPlanType) => {
    const plan = byType.get(type);
    if (!plan) throw new Error(`The plan catalogue has no plan for ${type}`);
    return plan;
  };
  const problems = requests.flatMap((r) => mealProblems(r, catalogue));
  refuseIfAny(problems);

  const sized = requests.map((r) => sizeRequest(r, planOf(r.planType), cadenceInWeeks, catalogue));
  refuseIfAny(sized.flatMap((s) => s.problems));

  const priced = await priceFeedingPlans(
    deps.services,
    sized.map((s) => s.plan!),
    cadenceInWeeks,
  );
  return requests.map((request, i) => {
    const plan = planOf(request.planType);
    return { request, plan, feedingPlan: toGenerated(request, plan, priced[i]!) };
  });
}

/** The dog, from the dogs service: 404 when there is none (or it is another user's). */
async function readDog(deps: HandlerDeps, animalId: string, userId?: string): Promise<Dog> {
  try {
    return await upstream("Reading the dog's profile", () =>
      deps.services.dogs.getDog({
        params: { dogId: animalId },
        query: userId ? { userId } : {},
      }),
    );
  } catch (err) {
    if (err instanceof ServiceCallError) {
      if (err.status === 404) throw notFound(`Dog ${animalId} not found`);
      throw new HttpError(502, "Reading the dog's profile failed; try again in a minute", {
        type: 'upstream',
      });
    }
    throw err;
  }
}

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

export function planHandlers(deps: HandlerDeps): PlanHandlers {
  return {
    listPlans: async () => (await listPlans(deps.db)).map(toPlan),

    getPlan: async ({ params }) => {
      const row = await findPlan(deps.db, params.id);
      if (!row) throw notFound(`No plan has the id or slug "${params.id}"`);
      return toPlan(row);
    },

    generatePlans: async ({ body }) => {
      const catalogue = await loadCatalogue(deps.services);
      const requests = body.dogs.map((dog, i): PlanRequest => ({
        path: ['dogs', i],
        animalId: dog.animalId,
        energy: dog.energy,
        planType: dog.planType,
        meals: dog.meals,
        servingSize: dog.servingSize,
      }));
      const generated = await generateFeedingPlans(deps, requests, body.cadenceInWeeks, catalogue);
      return { feedingPlans: generated.map((g) => g.feedingPlan) };
    },

    generateRecommendations: async ({ body }) => {
      const dog = await readDog(deps, body.animalId, body.userId);
      const energy = dog.dailyEnergyKilocalories;
      if (energy === null || !(energy > 0)) {
        throw badRequest(
          `${dog.name}'s daily energy need is not known yet: add the dog's weight to their profile, then ask again`,
        );
      }
      const [catalogue, recommendations] = await Promise.all([
        loadCatalogue(deps.services),
        upstream('Reading meal recommendations', () =>
          deps.services.product.recommendMeals({
            body: { allergens: dog.foodAllergies, healthIssues: dog.healthIssues },
          }),
        ),
      ]);
      const meals = chooseMeals(recommendations, catalogue);
      if (meals.length === 0) {
        throw badRequest(
          `No meal on the menu suits ${dog.name}: every meal is ruled out by their allergies or health issues`,
        );
      }
      const planTypes = [...new Set(body.planTypes)];
      const generated = await generateFeedingPlans(
        deps,
        planTypes.map((planType, i): PlanRequest => ({
          path: ['planTypes', i],
          animalId: dog.identifier,
          energy,
          planType,
          meals: meals.map((m) => ({ productId: m.productId, weight: 1 })),
        })),
        body.cadenceInWeeks,
        catalogue,
      );
      return {
        animalId: dog.identifier,
        dailyEnergyKilocalories: energy,
        recommendations: generated.map((g) => ({
          plan: toPlan(g.plan),
          feedingPlan: g.feedingPlan,
        })),
      };
    },
  };
}
