import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  pgSchema,
  text,
  uuid,
  type AnyPgColumn,
} from '@pawfresh/db/pg-core';
import { sql } from '@pawfresh/db/orm';
import { instant } from '@pawfresh/db';

export const cartDb = pgSchema('cart');

/**
 * Every row carries its cart's id, so deleting a cart removes all that hangs off it by foreign-key
 * cascade, and every row carries an insertion sequence: "latest" and "in the order added" stay exact
 * for rows written within the same millisecond.
 */
const seq = () => bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity();
const createdAt = () => instant('created_at').notNull();

export const carts = cartDb.table(
  'carts',
  {
    id: uuid('id').primaryKey(),
    seq: seq(),
    userId: uuid('user_id').notNull(),
    /** The promotion code the customer entered (checked with pricing when entered), or null. */
    promotionCode: text('promotion_code'),
    createdAt: createdAt(),
  },
  (t) => [index('carts_user_latest').on(t.userId, t.createdAt, t.seq)],
);

const cartRef = () =>
  uuid('cart_id')
    .notNull()
    .references((): AnyPgColumn => carts.id, { onDelete: 'cascade' });

export const subscriptions = cartDb.table(
  'subscriptions',
  { id: uuid('id').primaryKey(), seq: seq(), cartId: cartRef(), createdAt: createdAt() },
  (t) => [index('subscriptions_cart').on(t.cartId)],
);

const subscriptionRef = () =>
  uuid('subscription_id').references((): AnyPgColumn => subscriptions.id, {
    onDelete: 'cascade',
  });

export const bundles = cartDb.table(
  'bundles',
  {
    id: uuid('id').primaryKey(),
    seq: seq(),
    cartId: cartRef(),
    /** Null: the bundle is directly in the cart. */
    subscriptionId: subscriptionRef(),
    createdAt: createdAt(),
  },
  (t) => [index('bundles_cart').on(t.cartId), index('bundles_subscription').on(t.subscriptionId)],
);

export const products = cartDb.table(
  'products',
  {
    id: uuid('id').primaryKey(),
    seq: seq(),
    cartId: cartRef(),
    /** Null: the product is in the cart itself (or in one of its own bundles). */
    subscriptionId: subscriptionRef(),
    bundleId: uuid('bundle_id').references((): AnyPgColumn => bundles.id, {
      onDelete: 'cascade',
    }),
    productVariantId: uuid('product_variant_id').notNull(),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    check('products_quantity_positive', sql`${t.quantity} > 0`),
    index('products_cart').on(t.cartId),
    index('products_subscription').on(t.subscriptionId),
    index('products_bundle').on(t.bundleId),
  ],
);

export const plans = cartDb.table(
  'plans',
  {
    id: uuid('id').primaryKey(),
    seq: seq(),
    cartId: cartRef(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references((): AnyPgColumn => subscriptions.id, { onDelete: 'cascade' }),
    /** The feeding plan it refers to (plans service). */
    planId: uuid('plan_id').notNull(),
    animalId: uuid('animal_id').notNull(),
    orderLimit: doublePrecision('order_limit'),
    createdAt: createdAt(),
  },
  (t) => [
    check('plans_order_limit_positive', sql`${t.orderLimit} is null or ${t.orderLimit} > 0`),
    index('plans_cart').on(t.cartId),
    index('plans_subscription').on(t.subscriptionId),
  ],
);

export const planProducts = cartDb.table(
  'plan_products',
  {
    id: uuid('id').primaryKey(),
    seq: seq(),
    cartId: cartRef(),
    planId: uuid('plan_id')
      .notNull()
      .references((): AnyPgColumn => plans.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('plan_products_cart').on(t.cartId), index('plan_products_plan').on(t.planId)],
);

export const schema = { carts, subscriptions, bundles, products, plans, planProducts };
export type CartSchema = typeof schema;
