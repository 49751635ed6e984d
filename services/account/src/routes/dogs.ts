import { addDog } from '../flows/add-dog.js';
import { startPlan } from '../flows/start-plan.js';
import type { AccountContext } from '../flows/context.js';
import { dogReferenceData, editDog, editDogProfile, listDogs } from '../flows/dogs.js';
import { customerId, type AccountHandlers } from './signed-in.js';

/** The customer's own dogs; another customer's dog is answered like a missing one. */
export function dogRoutes(
  ctx: AccountContext,
): AccountHandlers<
  'getDogs' | 'getDogsMetadata' | 'addDog' | 'updateDog' | 'updateDogProfile' | 'startPlan'
> {
  return {
    getDogs: async ({ auth }) => listDogs(ctx, customerId(auth)),

    getDogsMetadata: async () => dogReferenceData(ctx),

    addDog: async ({ body, auth }) => addDog(ctx, customerId(auth), body),

    updateDog: async ({ params, body, auth }) =>
      editDog(ctx, customerId(auth), params.id, body.dog),

    updateDogProfile: async ({ body, auth }) => editDogProfile(ctx, customerId(auth), body),

    startPlan: async ({ params, body, auth }) => startPlan(ctx, customerId(auth), params.id, body),
  };
}
