import { isRefused } from '@pawfresh/kit';
import type { CustomerDog } from '@pawfresh/contracts/account';
import { toCustomerDog } from '../rules/customer-views.js';
import { relay } from '../upstream-errors.js';
import type { AccountContext, BodyOf } from './context.js';
import { addPlan, planSubscription, refuseNotMeals } from './start-plan.js';

/**
 * Adds a dog to the customer's account, with the meals chosen for it from the catalogue. With a
 * live (active or paused) subscription and what a plan needs (a weight and meals), the dog gets a
 * feeding plan and appears on the future boxes (add-animal-to-subscription, once per dog by its
 * workflowId).
 */
export async function addDog(
  ctx: AccountContext,
  userId: string,
  form: BodyOf<'addDog'>,
): Promise<CustomerDog> {
  await refuseNotMeals(ctx, form.productIds);
  const dog = await relay(
    ctx.dogs.createDog({ body: { userId, dog: form.dog, mealProductIds: form.productIds } }),
    [400],
  );
  if (dog.dailyEnergyKilocalories && dog.mealProductIds.length > 0) {
    const subscription = await planSubscription(ctx, userId);
    if (subscription) {
      await addPlan(ctx, userId, subscription.id, dog.identifier, {
        workflowId: `add-dog-${dog.identifier}`,
      }).catch((err: unknown) => {
        // The dog is saved either way; a plan that cannot be made yet is added later.
        if (!isRefused(err, 400) && !isRefused(err, 409)) throw err;
      });
    }
  }
  return toCustomerDog(dog);
}
