import { badRequest } from '@pawfresh/kit';
import type { CustomerDog } from '@pawfresh/contracts/account';
import { toCustomerDog } from '../rules/customer-views.js';
import { notMeals } from '../rules/meal-choice.js';
import { relay } from '../upstream-errors.js';
import type { AccountContext, BodyOf } from './context.js';

/** Adds a dog to the customer's account, with the meals chosen for it from the catalogue. */
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
  return toCustomerDog(dog);
}
