import { conflict } from '@pawfresh/kit';
import type { Dog } from '@pawfresh/contracts/dogs';
import { deleteImportedDogs, findDogByLegacyPet } from '../db/dog-store.js';
import { australianToday } from '../rules/dog-dates.js';
import type { DogInput } from '../rules/dog-input.js';
import type { DogsContext } from './context.js';
import { createDog } from './dogs.js';
import { toDog } from './dog-response.js';

/**
 * POST /dogs/migration: a legacy pet as a dog of the user, checked like any new dog. The same pet
 * again answers the dog already imported (a retried workflow step); for another user, a 409.
 */
export async function importDog(
  ctx: DogsContext,
  body: {
    userId: string;
    legacyPetId: number;
    dog: DogInput & { name: string };
    mealProductIds: string[];
  },
): Promise<Dog> {
  const existing = await findDogByLegacyPet(ctx.db, body.legacyPetId);
  if (existing) {
    if (existing.userId !== body.userId) {
      throw conflict(
        `Legacy pet ${body.legacyPetId} was already imported for user ${existing.userId}`,
      );
    }
    return toDog(existing, await ctx.catalogue(), australianToday(ctx.clock.now()));
  }
  return createDog(ctx, body);
}

/** DELETE /dogs/migration/{userId}: the user's imported dogs go; their own new dogs stay. */
export async function revertImportedDogs(
  ctx: DogsContext,
  userId: string,
): Promise<{ deletedDogIds: string[] }> {
  return { deletedDogIds: await deleteImportedDogs(ctx.db, userId) };
}
