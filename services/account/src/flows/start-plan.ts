import { badRequest } from '@pawfresh/kit';
import type { FeedingPlanType } from '@pawfresh/contracts/subscription';
import { notMeals } from '../rules/meal-choice.js';
import { relay } from '../upstream-errors.js';
import type { AccountContext, BodyOf } from './context.js';
import { answer, wf } from './subscriptions.js';

/** The chosen product ids must be meals of the catalogue (a plan is made of meals only): 400. */
export async function refuseNotMeals(ctx: AccountContext, productIds: readonly string[]) {
  if (productIds.length === 0) return;
  const meals = await ctx.product.listProducts({ query: { type: 'meal' } });
  const unknown = notMeals(productIds, new Set(meals.map((p) => p.id)));
  if (unknown.length > 0) {
    throw badRequest(`productIds must be meal product ids: ${unknown.join(', ')}`);
  }
}

/** The subscription a dog's new plan goes on: the active one, else a paused one. */
export async function planSubscription(ctx: AccountContext, userId: string) {
  const { data: subscriptions } = await ctx.subscription.listSubscriptions({ query: { userId } });
  return (
    subscriptions.find((s) => s.status === 'active') ??
    subscriptions.find((s) => s.status === 'paused')
  );
}

/**
 * The dog's feeding plan on the subscription and its meals on the open boxes: the
 * add-animal-to-subscription workflow, the one path a new plan takes (/dogs/add, Start a plan).
 */
export const addPlan = (
  ctx: AccountContext,
  userId: string,
  subscriptionId: string,
  animalId: string,
  choice: { feedingPlanType?: FeedingPlanType; productIds?: string[]; workflowId?: string },
) =>
  ctx.orchestration.addAnimalToSubscription({
    body: { subscriptionId, animalId, userId, ...choice },
  });

/**
 * Start a plan for one of the customer's dogs that has none (docs/changes.md "Starting a plan"):
 * the meals and plan type chosen, sized from the dog's energy need. Another customer's dog is a
 * 404; a dog with a plan already a 409; a dog without a weight, or a customer without a live
 * subscription, a 400. Nothing changes on any refusal.
 */
export async function startPlan(
  ctx: AccountContext,
  userId: string,
  dogId: string,
  body: BodyOf<'startPlan'>,
) {
  const dog = await relay(ctx.dogs.getDog({ params: { dogId }, query: { userId } }), [404]);
  await refuseNotMeals(ctx, body.productIds);
  if (!dog.dailyEnergyKilocalories) {
    throw badRequest(`Add ${dog.name}’s weight first, so we can size their portion`);
  }
  const subscription = await planSubscription(ctx, userId);
  if (!subscription) {
    throw badRequest(`You have no plan to add ${dog.name} to: restart your plan first`);
  }
  return answer(
    await wf(
      addPlan(ctx, userId, subscription.id, dog.identifier, {
        feedingPlanType: body.feedingPlanType,
        productIds: body.productIds,
      }),
    ),
  );
}
