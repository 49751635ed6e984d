import { randomUUID } from 'node:crypto';
import { eq } from '@pawfresh/db/orm';
import { extras, feedingPlans, feedingPlanSkus, subscriptionDiscounts } from './schema.js';
import type { SubscriptionDbView } from './subscription-db.js';

export type NewFeedingPlanRow = typeof feedingPlans.$inferInsert;
export type NewSkuRow = Omit<typeof feedingPlanSkus.$inferInsert, 'id' | 'feedingPlanId'>;
export type NewExtraRow = typeof extras.$inferInsert;
export type NewDiscountRow = typeof subscriptionDiscounts.$inferInsert;

/*
 * What hangs off a subscription: feeding plans and their meals, extras, discounts. Written inside
 * a subscription's change (`changeSubscription`), so `db` is its transaction.
 */

/** A feeding plan's meals, replaced by `skus`. */
export async function replaceSkus(
  db: SubscriptionDbView,
  feedingPlanId: string,
  skus: readonly NewSkuRow[],
): Promise<void> {
  await db.delete(feedingPlanSkus).where(eq(feedingPlanSkus.feedingPlanId, feedingPlanId));
  await db
    .insert(feedingPlanSkus)
    .values(skus.map((s) => ({ ...s, id: randomUUID(), feedingPlanId })));
}

export async function insertFeedingPlan(
  db: SubscriptionDbView,
  row: NewFeedingPlanRow & { id: string },
  skus: readonly NewSkuRow[],
): Promise<void> {
  await db.insert(feedingPlans).values(row);
  await replaceSkus(db, row.id, skus);
}

export async function updateFeedingPlan(
  db: SubscriptionDbView,
  id: string,
  changes: Partial<Omit<NewFeedingPlanRow, 'id' | 'subscriptionId'>>,
): Promise<void> {
  await db.update(feedingPlans).set(changes).where(eq(feedingPlans.id, id));
}

export async function insertExtra(db: SubscriptionDbView, row: NewExtraRow): Promise<void> {
  await db.insert(extras).values(row);
}

export async function updateExtra(
  db: SubscriptionDbView,
  id: string,
  changes: Partial<Omit<NewExtraRow, 'id' | 'subscriptionId'>>,
): Promise<void> {
  await db.update(extras).set(changes).where(eq(extras.id, id));
}

export async function insertDiscount(db: SubscriptionDbView, row: NewDiscountRow): Promise<void> {
  await db.insert(subscriptionDiscounts).values(row);
}

export async function deleteDiscount(db: SubscriptionDbView, id: string): Promise<void> {
  await db.delete(subscriptionDiscounts).where(eq(subscriptionDiscounts.id, id));
}
