import { notFound } from '@pawfresh/kit';
import type { CartPlan, CartPlanProduct } from '@pawfresh/contracts/cart';
import { toPlan, toPlanProduct } from '../cart-response.js';
import {
  deletePlan,
  deletePlanProduct,
  findPlan,
  insertPlan,
  insertPlanProduct,
  productsOfPlan,
} from '../db/plan-store.js';
import { found, removed, type CartContext } from './context.js';
import { lockedPlan, lockedSubscription } from './parents.js';

/** Puts a feeding plan for one animal into a subscription. */
export const addSubscriptionPlan = (
  ctx: CartContext,
  subscriptionId: string,
  input: { planId: string; animalId: string; orderLimit?: number | null },
): Promise<CartPlan> =>
  ctx.db.transaction(async (tx) => {
    const subscription = await lockedSubscription(tx, subscriptionId);
    return toPlan(await insertPlan(tx, subscription, input, ctx.clock.now()), {
      planProducts: [],
    });
  });

export async function getPlan(ctx: CartContext, planId: string): Promise<CartPlan> {
  const plan = await found(findPlan(ctx.db, planId), 'Plan', planId);
  return toPlan(plan, { planProducts: await productsOfPlan(ctx.db, plan.id) });
}

export const removePlan = (ctx: CartContext, planId: string) =>
  removed(deletePlan(ctx.db, planId), 'Plan', planId);

export const addPlanProduct = (
  ctx: CartContext,
  planId: string,
  productId: string,
): Promise<CartPlanProduct> =>
  ctx.db.transaction(async (tx) => {
    const plan = await lockedPlan(tx, planId);
    return toPlanProduct(await insertPlanProduct(tx, plan, productId, ctx.clock.now()));
  });

/** Takes a product out of a plan: 404 for an unknown plan, or a product not in this plan. */
export const removePlanProduct = (ctx: CartContext, planId: string, planProductId: string) =>
  ctx.db.transaction(async (tx) => {
    if (await deletePlanProduct(tx, planId, planProductId)) return;
    await found(findPlan(tx, planId), 'Plan', planId);
    throw notFound(`Product ${planProductId} not found in plan ${planId}`);
  });
