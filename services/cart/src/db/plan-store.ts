import { randomUUID } from 'node:crypto';
import { and, asc, eq } from '@pawfresh/db/orm';
import type { CartDb } from './cart-db.js';
import type { PlanProductRow, PlanRow, SubscriptionRow } from './cart-store.js';
import { deleteById, insertedRow, rowById } from './rows.js';
import { planProducts, plans } from './schema.js';

export const findPlan = (db: CartDb, planId: string) => rowById(db, plans, planId);
export const lockPlan = (db: CartDb, planId: string) => rowById(db, plans, planId, { lock: true });
export const deletePlan = (db: CartDb, planId: string) => deleteById(db, plans, planId);

/** A feeding plan (of the plans service) for one animal, in a subscription of the cart. */
export async function insertPlan(
  db: CartDb,
  subscription: SubscriptionRow,
  input: { planId: string; animalId: string; orderLimit?: number | null | undefined },
  now: Date,
): Promise<PlanRow> {
  const rows = await db
    .insert(plans)
    .values({
      id: randomUUID(),
      cartId: subscription.cartId,
      subscriptionId: subscription.id,
      planId: input.planId,
      animalId: input.animalId,
      orderLimit: input.orderLimit ?? null,
      createdAt: now,
    })
    .returning();
  return insertedRow(rows, 'a plan');
}

/** The products of one plan, in the order they were added. */
export const productsOfPlan = (db: CartDb, planId: string): Promise<PlanProductRow[]> =>
  db
    .select()
    .from(planProducts)
    .where(eq(planProducts.planId, planId))
    .orderBy(asc(planProducts.seq));

export async function insertPlanProduct(
  db: CartDb,
  plan: PlanRow,
  productId: string,
  now: Date,
): Promise<PlanProductRow> {
  const rows = await db
    .insert(planProducts)
    .values({ id: randomUUID(), cartId: plan.cartId, planId: plan.id, productId, createdAt: now })
    .returning();
  return insertedRow(rows, 'a plan product');
}

/** Removes a product from a plan; false when the plan has no such product. */
export async function deletePlanProduct(
  db: CartDb,
  planId: string,
  planProductId: string,
): Promise<boolean> {
  const deleted = await db
    .delete(planProducts)
    .where(and(eq(planProducts.id, planProductId), eq(planProducts.planId, planId)))
    .returning({ id: planProducts.id });
  return deleted.length > 0;
}
