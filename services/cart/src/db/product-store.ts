import { randomUUID } from 'node:crypto';
import { asc, eq } from '@pawfresh/db/orm';
import type { CartDb } from './cart-db.js';
import type { ProductRow } from './cart-store.js';
import { deleteById, insertedRow, rowById } from './rows.js';
import { products } from './schema.js';

/** Where a product sits: its cart, and the subscription and bundle it is in, if any. */
export interface ProductPlace {
  cartId: string;
  subscriptionId: string | null;
  bundleId: string | null;
}

export type ProductChanges = { quantity?: number; subscriptionId?: string | null };

export const findProduct = (db: CartDb, productId: string) => rowById(db, products, productId);
export const lockProduct = (db: CartDb, productId: string) =>
  rowById(db, products, productId, { lock: true });
export const deleteProduct = (db: CartDb, productId: string) => deleteById(db, products, productId);

export async function insertProduct(
  db: CartDb,
  place: ProductPlace,
  input: { productVariantId: string; quantity: number },
  now: Date,
): Promise<ProductRow> {
  const rows = await db
    .insert(products)
    .values({ id: randomUUID(), ...place, ...input, createdAt: now, updatedAt: now })
    .returning();
  return insertedRow(rows, 'a cart product');
}

export async function changeProduct(
  db: CartDb,
  productId: string,
  changes: ProductChanges,
  now: Date,
): Promise<ProductRow | undefined> {
  const [row] = await db
    .update(products)
    .set({ ...changes, updatedAt: now })
    .where(eq(products.id, productId))
    .returning();
  return row;
}

/** The products of one bundle, in the order they were added. */
export const productsOfBundle = (db: CartDb, bundleId: string): Promise<ProductRow[]> =>
  db.select().from(products).where(eq(products.bundleId, bundleId)).orderBy(asc(products.seq));
