import { randomUUID } from 'node:crypto';
import { asc, desc, eq } from '@pawfresh/db/orm';
import type { CartDb } from './cart-db.js';
import { deleteById, rowById } from './rows.js';
import { bundles, carts, planProducts, plans, products, subscriptions } from './schema.js';

export type CartRow = typeof carts.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type BundleRow = typeof bundles.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type PlanProductRow = typeof planProducts.$inferSelect;

/** Everything that hangs off one cart, each list in the order it was added. */
export interface CartRows {
  cart: CartRow;
  subscriptions: SubscriptionRow[];
  bundles: BundleRow[];
  products: ProductRow[];
  plans: PlanRow[];
  planProducts: PlanProductRow[];
}

/** The rows of one cart, or undefined when there is no such cart. */
export async function loadCartRows(db: CartDb, cartId: string): Promise<CartRows | undefined> {
  const [cart] = await db.select().from(carts).where(eq(carts.id, cartId));
  if (!cart) return undefined;
  // One after another: inside a transaction every query goes through the same connection.
  const subscriptionRows = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.cartId, cartId))
    .orderBy(asc(subscriptions.seq));
  const bundleRows = await db
    .select()
    .from(bundles)
    .where(eq(bundles.cartId, cartId))
    .orderBy(asc(bundles.seq));
  const productRows = await db
    .select()
    .from(products)
    .where(eq(products.cartId, cartId))
    .orderBy(asc(products.seq));
  const planRows = await db
    .select()
    .from(plans)
    .where(eq(plans.cartId, cartId))
    .orderBy(asc(plans.seq));
  const planProductRows = await db
    .select()
    .from(planProducts)
    .where(eq(planProducts.cartId, cartId))
    .orderBy(asc(planProducts.seq));
  return {
    cart,
    subscriptions: subscriptionRows,
    bundles: bundleRows,
    products: productRows,
    plans: planRows,
    planProducts: planProductRows,
  };
}

/** Starts an empty cart; its id. */
export async function insertCart(db: CartDb, userId: string, now: Date): Promise<string> {
  const id = randomUUID();
  await db.insert(carts).values({ id, userId, createdAt: now });
  return id;
}

/** The user's most recently created cart (insertion order breaks ties within one instant). */
export async function latestCartOf(
  db: CartDb,
  userId: string,
): Promise<{ cartId: string; userId: string } | undefined> {
  const [row] = await db
    .select({ cartId: carts.id, userId: carts.userId })
    .from(carts)
    .where(eq(carts.userId, userId))
    .orderBy(desc(carts.createdAt), desc(carts.seq))
    .limit(1);
  return row;
}

/** Sets or clears (null) the cart's promotion code; false when there is no such cart. */
export async function setCartPromotionCode(
  db: CartDb,
  cartId: string,
  promotionCode: string | null,
): Promise<boolean> {
  const updated = await db
    .update(carts)
    .set({ promotionCode })
    .where(eq(carts.id, cartId))
    .returning({ id: carts.id });
  return updated.length > 0;
}

export const lockCart = (db: CartDb, cartId: string) => rowById(db, carts, cartId, { lock: true });
export const deleteCart = (db: CartDb, cartId: string) => deleteById(db, carts, cartId);
