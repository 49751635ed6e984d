import { badRequest, isRefused } from '@pawfresh/kit';
import type { CustomerDog } from '@pawfresh/contracts/account';
import { toCustomerDog } from '../rules/customer-views.js';
import { notMeals } from '../rules/meal-choice.js';
import { relay } from '../upstream-errors.js';
import type { AccountContext, BodyOf } from './context.js';

/**
 * Adds a dog to the customer's account, with the meals chosen for it from the catalogue. With an
 * active subscription and what a plan needs (a weight and meals), the dog gets a feeding plan and
 * appears on the future boxes (add-animal-to-subscription, once per dog by its workflowId).
 */
export async function addDog(
  ctx: AccountContext,
  userId: string,
  form: BodyOf<'addDog'>,
): Promise<CustomerDog> {
  if (form.productIds.length > 0) {
    const meals = await ctx.product.listProducts({ query: { type: 'meal' } });
    const unknown = notMeals(form.productIds, new Set(meals.map((p) => p.id)));
    if (unknown.length > 0) {
      throw badRequest(`productIds must be meal product ids: ${unknown.join(', ')}`);
    }
  }
  const dog = await relay(
    ctx.dogs.createDog({ body: { userId, dog: form.dog, mealProductIds: form.productIds } }),
    [400],
  );
  if (dog.dailyEnergyKilocalories && dog.mealProductIds.length > 0) {
    const subscriptions = await ctx.subscription.listSubscriptions({ query: { userId } });
    const active = subscriptions.find((s) => s.status === 'active');
    if (active) {
      await ctx.orchestration
        .addAnimalToSubscription({
          body: {
            subscriptionId: active.id,
            animalId: dog.identifier,
            userId,
            workflowId: `add-dog-${dog.identifier}`,
          },
        })
        .catch((err: unknown) => {
          // The dog is saved either way; a plan that cannot be made yet is added later.
          if (!isRefused(err, 400) && !isRefused(err, 409)) throw err;
        });
    }
  }
  return toCustomerDog(dog);
}
