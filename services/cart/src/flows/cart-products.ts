import { badRequest } from '@pawfresh/kit';
import type { CartProduct } from '@pawfresh/contracts/cart';
import { toProduct } from '../cart-response.js';
import type { CartDb } from '../db/cart-db.js';
import {
  changeProduct,
  deleteProduct,
  findProduct,
  insertProduct,
  lockProduct,
  type ProductChanges,
  type ProductPlace,
} from '../db/product-store.js';
import { bundledProductMove, moveToAnotherCart } from '../rules/moving-products.js';
import { found, removed, type CartContext } from './context.js';
import { lockedBundle, lockedCart, lockedSubscription } from './parents.js';

type ProductInput = { productVariantId: string; quantity: number };

/** Adds a product where `place` says, with its parent row locked until it is in. */
const addProduct = (
  ctx: CartContext,
  place: (tx: CartDb) => Promise<ProductPlace>,
  input: ProductInput,
): Promise<CartProduct> =>
  ctx.db.transaction(async (tx) =>
    toProduct(await insertProduct(tx, await place(tx), input, ctx.clock.now())),
  );

export const addCartProduct = (ctx: CartContext, cartId: string, input: ProductInput) =>
  addProduct(
    ctx,
    async (tx) => {
      const cart = await lockedCart(tx, cartId);
      return { cartId: cart.id, subscriptionId: null, bundleId: null };
    },
    input,
  );

/** A product in a bundle is in the bundle's cart and subscription too. */
export const addBundleProduct = (ctx: CartContext, bundleId: string, input: ProductInput) =>
  addProduct(
    ctx,
    async (tx) => {
      const bundle = await lockedBundle(tx, bundleId);
      return { cartId: bundle.cartId, subscriptionId: bundle.subscriptionId, bundleId: bundle.id };
    },
    input,
  );

export const addSubscriptionProduct = (
  ctx: CartContext,
  subscriptionId: string,
  input: ProductInput,
) =>
  addProduct(
    ctx,
    async (tx) => {
      const subscription = await lockedSubscription(tx, subscriptionId);
      return { cartId: subscription.cartId, subscriptionId: subscription.id, bundleId: null };
    },
    input,
  );

export const getProduct = async (ctx: CartContext, productId: string): Promise<CartProduct> =>
  toProduct(await found(findProduct(ctx.db, productId), 'Product', productId));

/**
 * Changes a product's quantity, or moves it into a subscription of its cart (or back with null).
 * The product, and the subscription it moves into, stay locked until the change is written.
 */
export const updateProduct = (
  ctx: CartContext,
  productId: string,
  input: { quantity?: number; subscriptionId?: string | null },
): Promise<CartProduct> =>
  ctx.db.transaction(async (tx) => {
    const current = await found(lockProduct(tx, productId), 'Product', productId);
    const changes: ProductChanges = {};
    if (input.quantity !== undefined) changes.quantity = input.quantity;
    if (input.subscriptionId !== undefined && input.subscriptionId !== current.subscriptionId) {
      const refusal = bundledProductMove(current);
      if (refusal) throw badRequest(refusal);
      if (input.subscriptionId !== null) {
        const subscription = await lockedSubscription(tx, input.subscriptionId);
        const elsewhere = moveToAnotherCart(current, subscription);
        if (elsewhere) throw badRequest(elsewhere);
      }
      changes.subscriptionId = input.subscriptionId;
    }
    if (Object.keys(changes).length === 0) return toProduct(current);
    const row = await changeProduct(tx, current.id, changes, ctx.clock.now());
    if (!row) throw new Error(`Product ${current.id} vanished while it was locked`);
    return toProduct(row);
  });

export const removeProduct = (ctx: CartContext, productId: string) =>
  removed(deleteProduct(ctx.db, productId), 'Product', productId);
