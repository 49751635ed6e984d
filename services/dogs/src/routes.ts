import { randomUUID } from 'node:crypto';
import { badRequest, notFound, type Clock, type Handlers } from '@pawfresh/kit';
import type { dogsContract } from '@pawfresh/contracts/dogs';
import {
  findDogRow,
  insertDogRow,
  listDogRows,
  updateDogRow,
  type DogRow,
} from './db/dog-store.js';
import type { DogsDb, ReferenceCatalogue } from './db/reference-store.js';
import { dogChanges, dogInputProblems, type DogInput, type InputProblem } from './dog-input.js';
import { toDog } from './dog-response.js';
import { australianToday } from './rules/dog-dates.js';

/** The same words for a missing dog and another owner's dog: neither says the other exists. */
const DOG_NOT_FOUND = 'Dog not found';

function refuseIfAny(problems: InputProblem[]): void {
  if (problems.length === 0) return;
  throw badRequest(
    problems.map((p) => p.message),
    problems.map((p) => ({ in: 'body', path: p.path.map(String), code: p.code })),
  );
}

export function dogsHandlers(
  db: DogsDb,
  clock: Clock,
  catalogue: () => Promise<ReferenceCatalogue>,
): Handlers<typeof dogsContract> {
  /** Changes one dog under a row lock, so two edits of its dates cannot pass each other's check. */
  async function changeDog(dogId: string, userId: string | undefined, input: DogInput) {
    const refs = await catalogue();
    const now = clock.now();
    const today = australianToday(now);
    const row = await db.transaction(async (tx): Promise<DogRow> => {
      const current = await findDogRow(tx, dogId, userId, true);
      if (!current) throw notFound(DOG_NOT_FOUND);
      const changes = dogChanges(input);
      const dates = {
        dateOfBirth: changes.dateOfBirth !== undefined ? changes.dateOfBirth : current.dateOfBirth,
        dateOfDeath: changes.dateOfDeath !== undefined ? changes.dateOfDeath : current.dateOfDeath,
      };
      refuseIfAny(dogInputProblems(input, refs, dates, today));
      if (Object.keys(changes).length === 0) return current;
      return updateDogRow(tx, dogId, { ...changes, updatedAt: now });
    });
    return toDog(row, refs, today);
  }

  return {
    listDogs: async ({ query }) => {
      const [refs, rows] = await Promise.all([catalogue(), listDogRows(db, query.userId)]);
      const today = australianToday(clock.now());
      return rows.map((row) => toDog(row, refs, today));
    },

    createDog: async ({ body }) => {
      const refs = await catalogue();
      const now = clock.now();
      const today = australianToday(now);
      const input = body.dog;
      const dates = {
        dateOfBirth: input.dateOfBirth ?? null,
        dateOfDeath: input.dateOfDeath ?? null,
      };
      refuseIfAny(dogInputProblems(input, refs, dates, today, ['dog']));
      const row = await insertDogRow(db, {
        ...dogChanges(input),
        id: randomUUID(),
        userId: body.userId,
        name: input.name,
        mealProductIds: [...new Set(body.mealProductIds)],
        createdAt: now,
        updatedAt: now,
      });
      return toDog(row, refs, today);
    },

    getDog: async ({ params, query }) => {
      const [refs, row] = await Promise.all([
        catalogue(),
        findDogRow(db, params.dogId, query.userId),
      ]);
      if (!row) throw notFound(DOG_NOT_FOUND);
      return toDog(row, refs, australianToday(clock.now()));
    },

    updateDog: async ({ params, query, body }) => changeDog(params.dogId, query.userId, body),

    updateDogProfile: async ({ params, query, body }) =>
      changeDog(params.dogId, query.userId, body),

    getMetadata: async () => {
      const refs = await catalogue();
      return {
        breeds: [...refs.breeds.values()],
        healthIssues: [...refs.healthIssues.values()],
        foodTypes: [...refs.foodTypes.values()],
        foodAllergens: [...refs.foodAllergens.values()],
      };
    },
  };
}
