import { asc, eq } from '@pawfresh/db/orm';
import type { Database } from '@pawfresh/db';
import {
  bundles,
  carts,
  planProducts,
  plans,
  products,
  subscriptions,
  type CartSchema,
} from './schema.js';

export type CartDb = Database<CartSchema>;

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
