import type {
  Cart,
  CartBundle,
  CartPlan,
  CartPlanProduct,
  CartProduct,
  CartSubscription,
} from '@pawfresh/contracts/cart';
import { iso } from '@pawfresh/db';
import type {
  BundleRow,
  CartRows,
  PlanProductRow,
  PlanRow,
  ProductRow,
  SubscriptionRow,
} from './db/cart-store.js';

/** The rows a response is built from: a whole cart's, or any part of them. */
type Rows = Omit<CartRows, 'cart'>;

export const toProduct = (row: ProductRow): CartProduct => ({
  id: row.id,
  cartId: row.cartId,
  subscriptionId: row.subscriptionId,
  bundleId: row.bundleId,
  productVariantId: row.productVariantId,
  quantity: row.quantity,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

export const toPlanProduct = (row: PlanProductRow): CartPlanProduct => ({
  id: row.id,
  cartPlanId: row.planId,
  productId: row.productId,
  createdAt: iso(row.createdAt),
});

export const toBundle = (row: BundleRow, rows: Pick<Rows, 'products'>): CartBundle => ({
  id: row.id,
  cartId: row.cartId,
  subscriptionId: row.subscriptionId,
  products: rows.products.filter((p) => p.bundleId === row.id).map(toProduct),
  createdAt: iso(row.createdAt),
});

export const toPlan = (row: PlanRow, rows: Pick<Rows, 'planProducts'>): CartPlan => ({
  id: row.id,
  cartId: row.cartId,
  subscriptionId: row.subscriptionId,
  planId: row.planId,
  animalId: row.animalId,
  orderLimit: row.orderLimit,
  products: rows.planProducts.filter((p) => p.planId === row.id).map(toPlanProduct),
  createdAt: iso(row.createdAt),
});

export const toSubscription = (row: SubscriptionRow, rows: Rows): CartSubscription => ({
  id: row.id,
  cartId: row.cartId,
  products: rows.products
    .filter((p) => p.subscriptionId === row.id && p.bundleId === null)
    .map(toProduct),
  bundles: rows.bundles.filter((b) => b.subscriptionId === row.id).map((b) => toBundle(b, rows)),
  plans: rows.plans.filter((p) => p.subscriptionId === row.id).map((p) => toPlan(p, rows)),
  createdAt: iso(row.createdAt),
});

export const toCart = (rows: CartRows): Cart => ({
  id: rows.cart.id,
  userId: rows.cart.userId,
  products: rows.products
    .filter((p) => p.subscriptionId === null && p.bundleId === null)
    .map(toProduct),
  bundles: rows.bundles.filter((b) => b.subscriptionId === null).map((b) => toBundle(b, rows)),
  subscriptions: rows.subscriptions.map((s) => toSubscription(s, rows)),
  promotionCode: rows.cart.promotionCode,
  createdAt: iso(rows.cart.createdAt),
});
