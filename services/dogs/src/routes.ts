import type { Handlers } from '@pawfresh/kit';
import type { dogsContract } from '@pawfresh/contracts/dogs';
import type { DogsContext } from './flows/context.js';
import { changeDog, createDog, dogMetadata, getDog, listDogs } from './flows/dogs.js';
import { importDog, revertImportedDogs } from './flows/migration.js';

export function dogsHandlers(ctx: DogsContext): Handlers<typeof dogsContract> {
  return {
    listDogs: async ({ query }) => listDogs(ctx, query.userId),
    createDog: async ({ body }) => createDog(ctx, body),
    getDog: async ({ params, query }) => getDog(ctx, params.dogId, query.userId),
    updateDog: async ({ params, query, body }) => changeDog(ctx, params.dogId, query.userId, body),
    updateDogProfile: async ({ params, query, body }) =>
      changeDog(ctx, params.dogId, query.userId, body),
    getMetadata: async () => dogMetadata(ctx),
    importDog: async ({ body }) => importDog(ctx, body),
    revertImport: async ({ params }) => revertImportedDogs(ctx, params.userId),
  };
}
