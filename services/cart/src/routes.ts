import type { Handlers } from '@pawfresh/kit';
import type { cartContract } from '@pawfresh/contracts/cart';
import { addCartBundle, addSubscriptionBundle, getBundle, removeBundle } from './flows/bundles.js';
import {
  addBundleProduct,
  addCartProduct,
  addSubscriptionProduct,
  getProduct,
  removeProduct,
  updateProduct,
} from './flows/cart-products.js';
import { createCart, getCart, getLatestCart, removeCart } from './flows/carts.js';
import type { CartContext } from './flows/context.js';
import { clearPromotionCode, setPromotionCode } from './flows/promotion-code.js';
import {
  addPlanProduct,
  addSubscriptionPlan,
  getPlan,
  removePlan,
  removePlanProduct,
} from './flows/plans.js';
import { addCartSubscription, getSubscription, removeSubscription } from './flows/subscriptions.js';

export function cartHandlers(ctx: CartContext): Handlers<typeof cartContract> {
  return {
    createCart: ({ body }) => createCart(ctx, body.userId),
    getLatestCart: ({ query }) => getLatestCart(ctx, query.userId),
    getCart: ({ params }) => getCart(ctx, params.cartId),
    deleteCart: ({ params }) => removeCart(ctx, params.cartId),
    setCartPromotionCode: ({ params, body }) =>
      setPromotionCode(ctx, params.cartId, body.promotionCode),
    deleteCartPromotionCode: ({ params }) => clearPromotionCode(ctx, params.cartId),
    addCartProduct: ({ params, body }) => addCartProduct(ctx, params.cartId, body),
    addCartBundle: ({ params }) => addCartBundle(ctx, params.cartId),
    addCartSubscription: ({ params }) => addCartSubscription(ctx, params.cartId),

    getProduct: ({ params }) => getProduct(ctx, params.productId),
    updateProduct: ({ params, body }) => updateProduct(ctx, params.productId, body),
    deleteProduct: ({ params }) => removeProduct(ctx, params.productId),

    getBundle: ({ params }) => getBundle(ctx, params.bundleId),
    deleteBundle: ({ params }) => removeBundle(ctx, params.bundleId),
    addBundleProduct: ({ params, body }) => addBundleProduct(ctx, params.bundleId, body),

    getSubscription: ({ params }) => getSubscription(ctx, params.subscriptionId),
    deleteSubscription: ({ params }) => removeSubscription(ctx, params.subscriptionId),
    addSubscriptionProduct: ({ params, body }) =>
      addSubscriptionProduct(ctx, params.subscriptionId, body),
    addSubscriptionBundle: ({ params }) => addSubscriptionBundle(ctx, params.subscriptionId),
    addSubscriptionPlan: ({ params, body }) =>
      addSubscriptionPlan(ctx, params.subscriptionId, body),

    getPlan: ({ params }) => getPlan(ctx, params.planId),
    deletePlan: ({ params }) => removePlan(ctx, params.planId),
    addPlanProduct: ({ params, body }) => addPlanProduct(ctx, params.planId, body.productId),
    deletePlanProduct: ({ params }) => removePlanProduct(ctx, params.planId, params.planProductId),
  };
}
