import type { CartSubscription } from '@pawfresh/contracts/cart';
import { toSubscription } from '../cart-response.js';
import { loadCartRows } from '../db/cart-store.js';
import {
  deleteSubscription,
  findSubscription,
  insertSubscription,
} from '../db/subscription-store.js';
import { found, removed, type CartContext } from './context.js';
import { lockedCart } from './parents.js';

const nothingInIt = { subscriptions: [], bundles: [], products: [], plans: [], planProducts: [] };

export const addCartSubscription = (ctx: CartContext, cartId: string): Promise<CartSubscription> =>
  ctx.db.transaction(async (tx) => {
    const cart = await lockedCart(tx, cartId);
    return toSubscription(await insertSubscription(tx, cart.id, ctx.clock.now()), nothingInIt);
  });

/** A subscription with its products, bundles and plans (read from its cart's rows). */
export async function getSubscription(
  ctx: CartContext,
  subscriptionId: string,
): Promise<CartSubscription> {
  const subscription = await found(
    findSubscription(ctx.db, subscriptionId),
    'Subscription',
    subscriptionId,
  );
  const { cartId } = subscription;
  return toSubscription(subscription, await found(loadCartRows(ctx.db, cartId), 'Cart', cartId));
}

export const removeSubscription = (ctx: CartContext, subscriptionId: string) =>
  removed(deleteSubscription(ctx.db, subscriptionId), 'Subscription', subscriptionId);
