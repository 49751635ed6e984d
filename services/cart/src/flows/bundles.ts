import type { CartBundle } from '@pawfresh/contracts/cart';
import { toBundle } from '../cart-response.js';
import { deleteBundle, findBundle, insertBundle } from '../db/bundle-store.js';
import { productsOfBundle } from '../db/product-store.js';
import { found, removed, type CartContext } from './context.js';
import { lockedCart, lockedSubscription } from './parents.js';

export const addCartBundle = (ctx: CartContext, cartId: string): Promise<CartBundle> =>
  ctx.db.transaction(async (tx) => {
    const cart = await lockedCart(tx, cartId);
    const bundle = await insertBundle(
      tx,
      { cartId: cart.id, subscriptionId: null },
      ctx.clock.now(),
    );
    return toBundle(bundle, { products: [] });
  });

export const addSubscriptionBundle = (
  ctx: CartContext,
  subscriptionId: string,
): Promise<CartBundle> =>
  ctx.db.transaction(async (tx) => {
    const subscription = await lockedSubscription(tx, subscriptionId);
    const place = { cartId: subscription.cartId, subscriptionId: subscription.id };
    return toBundle(await insertBundle(tx, place, ctx.clock.now()), { products: [] });
  });

export async function getBundle(ctx: CartContext, bundleId: string): Promise<CartBundle> {
  const bundle = await found(findBundle(ctx.db, bundleId), 'Bundle', bundleId);
  return toBundle(bundle, { products: await productsOfBundle(ctx.db, bundle.id) });
}

export const removeBundle = (ctx: CartContext, bundleId: string) =>
  removed(deleteBundle(ctx.db, bundleId), 'Bundle', bundleId);
