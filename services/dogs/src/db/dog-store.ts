import { and, asc, count, eq, isNotNull } from '@pawfresh/db/orm';
import { dogs } from './schema.js';
import type { DogsDb } from './reference-store.js';

export type DogRow = typeof dogs.$inferSelect;
export type NewDogRow = typeof dogs.$inferInsert;
/** The columns a caller may change. */
export type DogChanges = Partial<Omit<NewDogRow, 'id' | 'seq' | 'userId' | 'createdAt'>>;

/** A user's dogs, oldest first. */
export async function listDogRows(db: DogsDb, userId: string): Promise<DogRow[]> {
  return db
    .select()
    .from(dogs)
    .where(eq(dogs.userId, userId))
    .orderBy(asc(dogs.createdAt), asc(dogs.seq));
}

/**
 * One dog; with `userId`, only if it is that user's, so another owner's dog reads exactly like a
 * missing one. `lock` holds the row until the surrounding transaction ends.
 */
export async function findDogRow(
  db: DogsDb,
  dogId: string,
  userId: string | undefined,
  lock = false,
): Promise<DogRow | undefined> {
  const where = userId ? and(eq(dogs.id, dogId), eq(dogs.userId, userId)) : eq(dogs.id, dogId);
  const query = db.select().from(dogs).where(where);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertDogRow(db: DogsDb, values: NewDogRow): Promise<DogRow> {
  const [row] = await db.insert(dogs).values(values).returning();
  if (!row) throw new Error('Inserting a dog returned no row');
  return row;
}

export async function updateDogRow(
  db: DogsDb,
  dogId: string,
  changes: DogChanges,
): Promise<DogRow> {
  const [row] = await db.update(dogs).set(changes).where(eq(dogs.id, dogId)).returning();
  if (!row) throw new Error(`Dog ${dogId} vanished while it was locked`);
  return row;
}

export async function countDogs(db: DogsDb): Promise<number> {
  const [row] = await db.select({ n: count() }).from(dogs);
  return row?.n ?? 0;
}

/** Rows with fixed ids: a second process seeding at the same moment adds nothing. */
export async function insertDogRowsOnce(db: DogsDb, rows: NewDogRow[]): Promise<void> {
  await db.insert(dogs).values(rows).onConflictDoNothing();
}

/** The dog imported for a legacy pet, if any. */
export async function findDogByLegacyPet(
  db: DogsDb,
  legacyPetId: number,
): Promise<DogRow | undefined> {
  const [row] = await db.select().from(dogs).where(eq(dogs.legacyPetId, legacyPetId));
  return row;
}

/** Deletes the user's dogs imported from the legacy system; answers their ids. */
export async function deleteImportedDogs(db: DogsDb, userId: string): Promise<string[]> {
  const rows = await db
    .delete(dogs)
    .where(and(eq(dogs.userId, userId), isNotNull(dogs.legacyPetId)))
    .returning({ id: dogs.id });
  return rows.map((r) => r.id);
}
