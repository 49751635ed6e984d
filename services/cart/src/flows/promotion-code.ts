import { badRequest, isRefused, notFound, refusalOf, upstream } from '@pawfresh/kit';
import type { Cart } from '@pawfresh/contracts/cart';
import { toCart } from '../cart-response.js';
import { loadCartRows, setCartPromotionCode } from '../db/cart-store.js';
import { found, removed, type CartContext } from './context.js';

/**
 * Whether pricing can apply the code now: pricing prices nothing with it, so its own rule
 * decides (unknown 404; disabled, expired, not active yet, used up or giving no discount 400,
 * in pricing's words).
 */
async function checkCode(ctx: CartContext, promotionCode: string): Promise<void> {
  await upstream('Checking the promotion code', async () => {
    try {
      await ctx.services.pricing.getPrice({ body: { promotionCode } });
    } catch (err) {
      const words = refusalOf(err)?.message;
      if (isRefused(err, 404)) throw notFound(words ?? `Promotion code ${promotionCode} not found`);
      if (isRefused(err, 400)) {
        throw badRequest(words ?? `Promotion code ${promotionCode} cannot be used`);
      }
      throw err;
    }
  });
}

/** Enters a promotion code for the cart's checkout, replacing any it had (docs/pricing.md). */
export async function setPromotionCode(
  ctx: CartContext,
  cartId: string,
  promotionCode: string,
): Promise<Cart> {
  await found(loadCartRows(ctx.db, cartId), 'Cart', cartId);
  await checkCode(ctx, promotionCode);
  await removed(setCartPromotionCode(ctx.db, cartId, promotionCode), 'Cart', cartId);
  return toCart(await found(loadCartRows(ctx.db, cartId), 'Cart', cartId));
}

/** Takes the code off the cart (a cart without one: nothing to do). */
export const clearPromotionCode = (ctx: CartContext, cartId: string) =>
  removed(setCartPromotionCode(ctx.db, cartId, null), 'Cart', cartId);
