import {
  badRequest,
  HttpError,
  orNotFound,
  refuseIfAny,
  ServiceCallError,
  upstream,
} from '@pawfresh/kit';
import type { Dog } from '@pawfresh/contracts/dogs';
import type { FeedingPlanType, GeneratedFeedingPlan } from '@pawfresh/contracts/subscription';
import { listPlans, toPlan, type PlanRow } from '../db/reference-store.js';
import type { Catalogue } from '../rules/catalogue.js';
import {
  mealProblems,
  sizeRequest,
  toGenerated,
  type PlanRequest,
} from '../rules/plan-generation.js';
import { chooseMeals } from '../rules/recommended-meals.js';
import { loadCatalogue } from './catalogue.js';
import type { BodyOf, SubscriptionContext } from './context.js';
import { priceFeedingPlans } from './feeding-plan-pricing.js';

/**
 * Feeding plans for the requests, in their order: every problem with any of them is refused at
 * once (400); then all are priced in one call to the pricing service.
 */
async function generateFeedingPlans(
  ctx: SubscriptionContext,
  requests: readonly PlanRequest[],
  cadenceInWeeks: number,
  catalogue: Catalogue,
): Promise<{ request: PlanRequest; plan: PlanRow; feedingPlan: GeneratedFeedingPlan }[]> {
  const byType = new Map((await listPlans(ctx.db)).map((r) => [r.feedingPlanType, r]));
  const planOf = (type: FeedingPlanType) => {
    const plan = byType.get(type);
    if (!plan) throw new Error(`The plan catalogue has no plan for ${type}`);
    return plan;
  };
  refuseIfAny(requests.flatMap((r) => mealProblems(r, catalogue)));

  const sized = requests.map((r) => sizeRequest(r, planOf(r.planType), cadenceInWeeks, catalogue));
  refuseIfAny(sized.flatMap((s) => s.problems));

  const priced = await priceFeedingPlans(
    ctx.services,
    sized.map((s) => s.plan!),
    cadenceInWeeks,
  );
  return requests.map((request, i) => {
    const plan = planOf(request.planType);
    return { request, plan, feedingPlan: toGenerated(request, plan, priced[i]!) };
  });
}

/** `POST /plans/generate`: each dog's plan from its energy need and the meals it is given. */
export async function generatePlans(
  ctx: SubscriptionContext,
  body: BodyOf<'generatePlans'>,
): Promise<{ feedingPlans: GeneratedFeedingPlan[] }> {
  const catalogue = await loadCatalogue(ctx.services);
  const requests = body.dogs.map((dog, i): PlanRequest => ({
    path: ['dogs', i],
    animalId: dog.animalId,
    energy: dog.energy,
    planType: dog.planType,
    meals: dog.meals,
    servingSize: dog.servingSize,
  }));
  const generated = await generateFeedingPlans(ctx, requests, body.cadenceInWeeks, catalogue);
  return { feedingPlans: generated.map((g) => g.feedingPlan) };
}

/** The dog, from the dogs service: 404 when there is none (or it is another user's). */
async function readDog(ctx: SubscriptionContext, animalId: string, userId?: string): Promise<Dog> {
  try {
    return await orNotFound(
      upstream("Reading the dog's profile", () =>
        ctx.services.dogs.getDog({ params: { dogId: animalId }, query: userId ? { userId } : {} }),
      ),
      `Dog ${animalId} not found`,
    );
  } catch (err) {
    // Any other refusal of a call we made ourselves is ours to own, as a failed step.
    if (err instanceof ServiceCallError) {
      throw new HttpError(502, "Reading the dog's profile failed; try again in a minute", {
        type: 'upstream',
      });
    }
    throw err;
  }
}

/**
 * `POST /plans/generate-recommendations`: plans of each type asked for, for a dog from the dogs
 * service, with the meals the product service recommends for its allergies and health issues.
 */
export async function generateRecommendations(
  ctx: SubscriptionContext,
  body: BodyOf<'generateRecommendations'>,
) {
  const dog = await readDog(ctx, body.animalId, body.userId);
  const energy = dog.dailyEnergyKilocalories;
  if (energy === null || !(energy > 0)) {
    throw badRequest(
      `${dog.name}'s daily energy need is not known yet: add the dog's weight to their profile, then ask again`,
    );
  }
  const [catalogue, recommendations] = await Promise.all([
    loadCatalogue(ctx.services),
    upstream('Reading meal recommendations', () =>
      ctx.services.product.recommendMeals({
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
    ctx,
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
    recommendations: generated.map((g) => ({ plan: toPlan(g.plan), feedingPlan: g.feedingPlan })),
  };
}
