import { notFound } from '@pawfresh/kit';
import type { Cart } from '@pawfresh/contracts/cart';
import { toCart } from '../cart-response.js';
import { deleteCart, insertCart, latestCartOf, loadCartRows } from '../db/cart-store.js';
import { found, removed, type CartContext } from './context.js';

export const createCart = (ctx: CartContext, userId: string): Promise<Cart> =>
  ctx.db.transaction(async (tx) => {
    const cartId = await insertCart(tx, userId, ctx.clock.now());
    return toCart(await found(loadCartRows(tx, cartId), 'Cart', cartId));
  });

export async function getLatestCart(ctx: CartContext, userId: string) {
  const latest = await latestCartOf(ctx.db, userId);
  if (!latest) throw notFound(`User ${userId} has no cart`);
  return latest;
}

export const getCart = async (ctx: CartContext, cartId: string): Promise<Cart> =>
  toCart(await found(loadCartRows(ctx.db, cartId), 'Cart', cartId));

export const removeCart = (ctx: CartContext, cartId: string) =>
  removed(deleteCart(ctx.db, cartId), 'Cart', cartId);
