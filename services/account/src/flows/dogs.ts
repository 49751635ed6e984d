import type { CustomerDog, CustomerDogProfileChange } from '@pawfresh/contracts/account';
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

/**
 * Changes what the dog's energy needs are worked out from (weight, activity, body type…), as the
 * update-dog-profile workflow with `resizePlan: false`: the plan keeps its portion, and a new
 * energy need that calls for another one is offered (`portionOffer`, before and after) for the
 * customer to apply through the serving-size review (docs/changes.md "A dog's new profile").
 * Another customer's dog is a 404 and nothing changes.
 */
export async function editDogProfile(
  ctx: AccountContext,
  userId: string,
  form: BodyOf<'updateDogProfile'>,
): Promise<CustomerDogProfileChange> {
  const result = await relay(
    ctx.orchestration.updateDogProfile({
      body: {
        dogId: form.dogId,
        dogProfileInput: form.dogProfileInput,
        userId,
        resizePlan: false,
      },
    }),
    [400, 404, 409],
  );
  return { ...toCustomerDog(result.dog), portionOffer: result.portion };
}
