import { randomUUID } from 'node:crypto';
import { badRequest, notFound, type Clock, type Handlers } from '@pawfresh/kit';
import { and, desc, eq } from '@pawfresh/db/orm';
import type { cartContract } from '@pawfresh/contracts/cart';
import { loadCartRows, type CartDb, type CartRows } from './db/cart-store.js';
import { bundles, carts, planProducts, plans, products, subscriptions } from './db/schema.js';
import {
  toBundle,
  toCart,
  toPlan,
  toPlanProduct,
  toProduct,
  toSubscription,
} from './cart-response.js';

const missing = (what: string, id: string) => notFound(`${what} ${id} not found`);

/** A cart's rows read in the same transaction that wrote them. */
async function cartRows(db: CartDb, cartId: string): Promise<CartRows> {
  const rows = await loadCartRows(db, cartId);
  if (!rows) throw missing('Cart', cartId);
  return rows;
}

// Each parent is locked (FOR UPDATE) while a child is added to it or it is read for a change, so a
// concurrent delete cannot leave the insert pointing at nothing.
async function lockCart(db: CartDb, cartId: string) {
  const [row] = await db.select().from(carts).where(eq(carts.id, cartId)).for('update');
  if (!row) throw missing('Cart', cartId);
  return row;
}
async function lockSubscription(db: CartDb, subscriptionId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId))
    .for('update');
  if (!row) throw missing('Subscription', subscriptionId);
  return row;
}
async function lockBundle(db: CartDb, bundleId: string) {
  const [row] = await db.select().from(bundles).where(eq(bundles.id, bundleId)).for('update');
  if (!row) throw missing('Bundle', bundleId);
  return row;
}
async function lockPlan(db: CartDb, planId: string) {
  const [row] = await db.select().from(plans).where(eq(plans.id, planId)).for('update');
  if (!row) throw missing('Plan', planId);
  return row;
}

export function cartHandlers(db: CartDb, clock: Clock): Handlers<typeof cartContract> {
  const insertProduct = async (
    tx: CartDb,
    parent: { cartId: string; subscriptionId: string | null; bundleId: string | null },
    input: { productVariantId: string; quantity: number },
  ) => {
    const now = clock.now();
    const [row] = await tx
      .insert(products)
      .values({ id: randomUUID(), ...parent, ...input, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error('Inserting a cart product returned no row');
    return toProduct(row);
  };

  const insertBundle = async (
    tx: CartDb,
    parent: { cartId: string; subscriptionId: string | null },
  ) => {
    const [row] = await tx
      .insert(bundles)
      .values({ id: randomUUID(), ...parent, createdAt: clock.now() })
      .returning();
    if (!row) throw new Error('Inserting a bundle returned no row');
    return toBundle(row, { products: [] });
  };

  return {
    createCart: async ({ body }) =>
      db.transaction(async (tx) => {
        const id = randomUUID();
        await tx.insert(carts).values({ id, userId: body.userId, createdAt: clock.now() });
        return toCart(await cartRows(tx, id));
      }),

    getLatestCart: async ({ query }) => {
      const [row] = await db
        .select({ cartId: carts.id, userId: carts.userId })
        .from(carts)
        .where(eq(carts.userId, query.userId))
        .orderBy(desc(carts.createdAt), desc(carts.seq))
        .limit(1);
      if (!row) throw notFound(`User ${query.userId} has no cart`);
      return row;
    },

    getCart: async ({ params }) => toCart(await cartRows(db, params.cartId)),

    deleteCart: async ({ params }) => {
      await db.transaction(async (tx) => {
        const deleted = await tx
          .delete(carts)
          .where(eq(carts.id, params.cartId))
          .returning({ id: carts.id });
        if (deleted.length === 0) throw missing('Cart', params.cartId);
      });
    },

    addCartProduct: async ({ params, body }) =>
      db.transaction(async (tx) => {
        const cart = await lockCart(tx, params.cartId);
        return insertProduct(tx, { cartId: cart.id, subscriptionId: null, bundleId: null }, body);
      }),

    addCartBundle: async ({ params }) =>
      db.transaction(async (tx) => {
        const cart = await lockCart(tx, params.cartId);
        return insertBundle(tx, { cartId: cart.id, subscriptionId: null });
      }),

    addCartSubscription: async ({ params }) =>
      db.transaction(async (tx) => {
        const cart = await lockCart(tx, params.cartId);
        const [row] = await tx
          .insert(subscriptions)
          .values({ id: randomUUID(), cartId: cart.id, createdAt: clock.now() })
          .returning();
        if (!row) throw new Error('Inserting a subscription returned no row');
        return toSubscription(row, {
          subscriptions: [],
          bundles: [],
          products: [],
          plans: [],
          planProducts: [],
        });
      }),

    getProduct: async ({ params }) => {
      const [row] = await db.select().from(products).where(eq(products.id, params.productId));
      if (!row) throw missing('Product', params.productId);
      return toProduct(row);
    },

    updateProduct: async ({ params, body }) =>
      db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(products)
          .where(eq(products.id, params.productId))
          .for('update');
        if (!current) throw missing('Product', params.productId);
        const changes: { quantity?: number; subscriptionId?: string | null } = {};
        if (body.quantity !== undefined) changes.quantity = body.quantity;
        if (body.subscriptionId !== undefined && body.subscriptionId !== current.subscriptionId) {
          if (current.bundleId !== null) {
            throw badRequest(
              `Product ${current.id} is in bundle ${current.bundleId}: it moves only with its bundle`,
            );
          }
          if (body.subscriptionId !== null) {
            const subscription = await lockSubscription(tx, body.subscriptionId);
            if (subscription.cartId !== current.cartId) {
              throw badRequest(
                `Subscription ${subscription.id} belongs to another cart than product ${current.id}`,
              );
            }
          }
          changes.subscriptionId = body.subscriptionId;
        }
        if (Object.keys(changes).length === 0) return toProduct(current);
        const [row] = await tx
          .update(products)
          .set({ ...changes, updatedAt: clock.now() })
          .where(eq(products.id, current.id))
          .returning();
        if (!row) throw new Error(`Product ${current.id} vanished while it was locked`);
        return toProduct(row);
      }),

    deleteProduct: async ({ params }) => {
      await db.transaction(async (tx) => {
        const deleted = await tx
          .delete(products)
          .where(eq(products.id, params.productId))
          .returning({ id: products.id });
        if (deleted.length === 0) throw missing('Product', params.productId);
      });
    },

    getBundle: async ({ params }) => {
      const [row] = await db.select().from(bundles).where(eq(bundles.id, params.bundleId));
      if (!row) throw missing('Bundle', params.bundleId);
      const items = await db
        .select()
        .from(products)
        .where(eq(products.bundleId, row.id))
        .orderBy(products.seq);
      return toBundle(row, { products: items });
    },

    deleteBundle: async ({ params }) => {
      await db.transaction(async (tx) => {
        const deleted = await tx
          .delete(bundles)
          .where(eq(bundles.id, params.bundleId))
          .returning({ id: bundles.id });
        if (deleted.length === 0) throw missing('Bundle', params.bundleId);
      });
    },

    addBundleProduct: async ({ params, body }) =>
      db.transaction(async (tx) => {
        const bundle = await lockBundle(tx, params.bundleId);
        return insertProduct(
          tx,
          { cartId: bundle.cartId, subscriptionId: bundle.subscriptionId, bundleId: bundle.id },
          body,
        );
      }),

    getSubscription: async ({ params }) => {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, params.subscriptionId));
      if (!row) throw missing('Subscription', params.subscriptionId);
      return toSubscription(row, await cartRows(db, row.cartId));
    },

    deleteSubscription: async ({ params }) => {
      await db.transaction(async (tx) => {
        const deleted = await tx
          .delete(subscriptions)
          .where(eq(subscriptions.id, params.subscriptionId))
          .returning({ id: subscriptions.id });
        if (deleted.length === 0) throw missing('Subscription', params.subscriptionId);
      });
    },

    addSubscriptionProduct: async ({ params, body }) =>
      db.transaction(async (tx) => {
        const subscription = await lockSubscription(tx, params.subscriptionId);
        return insertProduct(
          tx,
          { cartId: subscription.cartId, subscriptionId: subscription.id, bundleId: null },
          body,
        );
      }),

    addSubscriptionBundle: async ({ params }) =>
      db.transaction(async (tx) => {
        const subscription = await lockSubscription(tx, params.subscriptionId);
        return insertBundle(tx, { cartId: subscription.cartId, subscriptionId: subscription.id });
      }),

    addSubscriptionPlan: async ({ params, body }) =>
      db.transaction(async (tx) => {
        const subscription = await lockSubscription(tx, params.subscriptionId);
        const [row] = await tx
          .insert(plans)
          .values({
            id: randomUUID(),
            cartId: subscription.cartId,
            subscriptionId: subscription.id,
            planId: body.planId,
            animalId: body.animalId,
            orderLimit: body.orderLimit ?? null,
            createdAt: clock.now(),
          })
          .returning();
        if (!row) throw new Error('Inserting a plan returned no row');
        return toPlan(row, { planProducts: [] });
      }),

    getPlan: async ({ params }) => {
      const [row] = await db.select().from(plans).where(eq(plans.id, params.planId));
      if (!row) throw missing('Plan', params.planId);
      const items = await db
        .select()
        .from(planProducts)
        .where(eq(planProducts.planId, row.id))
        .orderBy(planProducts.seq);
      return toPlan(row, { planProducts: items });
    },

    deletePlan: async ({ params }) => {
      await db.transaction(async (tx) => {
        const deleted = await tx
          .delete(plans)
          .where(eq(plans.id, params.planId))
          .returning({ id: plans.id });
        if (deleted.length === 0) throw missing('Plan', params.planId);
      });
    },

    addPlanProduct: async ({ params, body }) =>
      db.transaction(async (tx) => {
        const plan = await lockPlan(tx, params.planId);
        const [row] = await tx
          .insert(planProducts)
          .values({
            id: randomUUID(),
            cartId: plan.cartId,
            planId: plan.id,
            productId: body.productId,
            createdAt: clock.now(),
          })
          .returning();
        if (!row) throw new Error('Inserting a plan product returned no row');
        return toPlanProduct(row);
      }),

    deletePlanProduct: async ({ params }) => {
      await db.transaction(async (tx) => {
        const deleted = await tx
          .delete(planProducts)
          .where(
            and(eq(planProducts.id, params.planProductId), eq(planProducts.planId, params.planId)),
          )
          .returning({ id: planProducts.id });
        if (deleted.length === 0) {
          const [plan] = await tx
            .select({ id: plans.id })
            .from(plans)
            .where(eq(plans.id, params.planId));
          if (!plan) throw missing('Plan', params.planId);
          throw notFound(`Product ${params.planProductId} not found in plan ${params.planId}`);
        }
      });
    },
  };
}
