import { eq } from '@pawfresh/db/orm';
import type { CartDb } from './cart-db.js';
import type { bundles, carts, plans, products, subscriptions } from './schema.js';

/** The tables whose rows are reached by their own `id`. */
type KeyedTable =
  typeof carts | typeof subscriptions | typeof bundles | typeof products | typeof plans;

/**
 * One row by id; `lock` takes it FOR UPDATE, so a parent cannot be deleted while a child is
 * added to it, nor a row changed by two requests at once.
 */
export async function rowById<T extends KeyedTable>(
  db: CartDb,
  table: T,
  id: string,
  options: { lock?: boolean } = {},
): Promise<T['$inferSelect'] | undefined> {
  const query = db
    .select()
    .from(table as KeyedTable)
    .where(eq(table.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row as T['$inferSelect'] | undefined;
}

/** Deletes one row by id (what hangs off it goes by cascade); false when there was none. */
export async function deleteById(db: CartDb, table: KeyedTable, id: string): Promise<boolean> {
  const deleted = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
  return deleted.length > 0;
}

/** The row an `INSERT … RETURNING` of one row gave back. */
export function insertedRow<T>(rows: readonly T[], what: string): T {
  const [row] = rows;
  if (!row) throw new Error(`Inserting ${what} returned no row`);
  return row;
}
