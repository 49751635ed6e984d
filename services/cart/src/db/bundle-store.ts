import { randomUUID } from 'node:crypto';
import type { CartDb } from './cart-db.js';
import type { BundleRow } from './cart-store.js';
import { deleteById, insertedRow, rowById } from './rows.js';
import { bundles } from './schema.js';

export const findBundle = (db: CartDb, bundleId: string) => rowById(db, bundles, bundleId);
export const lockBundle = (db: CartDb, bundleId: string) =>
  rowById(db, bundles, bundleId, { lock: true });
export const deleteBundle = (db: CartDb, bundleId: string) => deleteById(db, bundles, bundleId);

/** A new, empty bundle in a cart, or in one of its subscriptions. */
export async function insertBundle(
  db: CartDb,
  place: { cartId: string; subscriptionId: string | null },
  now: Date,
): Promise<BundleRow> {
  const rows = await db
    .insert(bundles)
    .values({ id: randomUUID(), ...place, createdAt: now })
    .returning();
  return insertedRow(rows, 'a bundle');
}
