import { randomUUID } from 'node:crypto';
import { notFound, refuseIfAny } from '@pawfresh/kit';
import type { Dog } from '@pawfresh/contracts/dogs';
import { findDogRow, insertDogRow, listDogRows, updateDogRow } from '../db/dog-store.js';
import { dogInputProblems, type DogInput } from '../rules/dog-input.js';
import { australianToday } from '../rules/dog-dates.js';
import type { DogsContext } from './context.js';
import { dogChanges } from './dog-changes.js';
import { toDog } from './dog-response.js';

/** The same words for a missing dog and another owner's dog: neither says the other exists. */
const DOG_NOT_FOUND = 'Dog not found';

/** A user's dogs, oldest first. */
export async function listDogs({ db, clock, catalogue }: DogsContext, userId: string) {
  const [refs, rows] = await Promise.all([catalogue(), listDogRows(db, userId)]);
  const today = australianToday(clock.now());
  return rows.map((row) => toDog(row, refs, today));
}

/** One dog; with `userId`, only if it is that user's. */
export async function getDog(
  { db, clock, catalogue }: DogsContext,
  dogId: string,
  userId: string | undefined,
): Promise<Dog> {
  const [refs, row] = await Promise.all([catalogue(), findDogRow(db, dogId, userId)]);
  if (!row) throw notFound(DOG_NOT_FOUND);
  return toDog(row, refs, australianToday(clock.now()));
}

export async function createDog(
  { db, clock, catalogue }: DogsContext,
  body: {
    userId: string;
    dog: DogInput & { name: string };
    mealProductIds: string[];
    legacyPetId?: number;
  },
): Promise<Dog> {
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
    legacyPetId: body.legacyPetId ?? null,
    createdAt: now,
    updatedAt: now,
  });
  return toDog(row, refs, today);
}

/** Changes one dog under a row lock, so two edits of its dates cannot pass each other's check. */
export async function changeDog(
  { db, clock, catalogue }: DogsContext,
  dogId: string,
  userId: string | undefined,
  input: DogInput,
): Promise<Dog> {
  const refs = await catalogue();
  const now = clock.now();
  const today = australianToday(now);
  const row = await db.transaction(async (tx) => {
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

/** The reference data a dog's fields name, each list by name. */
export async function dogMetadata({ catalogue }: DogsContext) {
  const refs = await catalogue();
  return {
    breeds: [...refs.breeds.values()],
    healthIssues: [...refs.healthIssues.values()],
    foodTypes: [...refs.foodTypes.values()],
    foodAllergens: [...refs.foodAllergens.values()],
  };
}
