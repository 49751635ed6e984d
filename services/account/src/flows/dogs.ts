import type { CustomerDog } from '@pawfresh/contracts/account';
import { toCustomerDog } from '../rules/customer-views.js';
import { relay } from '../upstream-errors.js';
import type { AccountContext, BodyOf } from './context.js';

export async function listDogs(ctx: AccountContext, userId: string): Promise<CustomerDog[]> {
  return (await ctx.dogs.listDogs({ query: { userId } })).map(toCustomerDog);
}

/** Breeds, allergens and the other lists the dog forms choose from. */
export const dogReferenceData = (ctx: AccountContext) => ctx.dogs.getMetadata({});

/** The dogs service answers another customer's dog like a missing one (404 "Dog not found"). */
export async function editDog(
  ctx: AccountContext,
  userId: string,
  dogId: string,
  changes: BodyOf<'updateDog'>['dog'],
): Promise<CustomerDog> {
  const dog = await relay(
    ctx.dogs.updateDog({ params: { dogId }, query: { userId }, body: changes }),
    [400, 404],
  );
  return toCustomerDog(dog);
}

/** Changes what the dog's energy needs are worked out from (weight, activity, body type…). */
export async function editDogProfile(
  ctx: AccountContext,
  userId: string,
  form: BodyOf<'updateDogProfile'>,
): Promise<CustomerDog> {
  const dog = await relay(
    ctx.dogs.updateDogProfile({
      params: { dogId: form.dogId },
      query: { userId },
      body: form.dogProfileInput,
    }),
    [400, 404],
  );
  return toCustomerDog(dog);
}
