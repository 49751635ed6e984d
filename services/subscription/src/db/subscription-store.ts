import { and, asc, count, desc, eq, inArray, isNull, lte, sql } from '@pawfresh/db/orm';
import { isUniqueViolation, pageTotal } from '@pawfresh/db';
import {
  cancelReasons,
  extras,
  feedingPlans,
  feedingPlanSkus,
  subscriptionDiscounts,
  subscriptions,
} from './schema.js';
import type { SubscriptionDbView } from './subscription-db.js';
import {
  replaceSkus,
  type NewDiscountRow,
  type NewExtraRow,
  type NewFeedingPlanRow,
  type NewSkuRow,
} from './subscription-items-store.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type FeedingPlanRow = typeof feedingPlans.$inferSelect;
export type FeedingPlanSkuRow = typeof feedingPlanSkus.$inferSelect;
export type ExtraRow = typeof extras.$inferSelect;
export type SubscriptionDiscountRow = typeof subscriptionDiscounts.$inferSelect;
export type CancelReasonRow = typeof cancelReasons.$inferSelect;
export type NewSubscriptionRow = typeof subscriptions.$inferInsert;
export type SubscriptionChanges = Partial<Omit<NewSubscriptionRow, 'id' | 'version'>>;

/** A subscription with everything hanging off it, as read from the database. */
export interface SubscriptionAggregate {
  row: SubscriptionRow;
  plans: (FeedingPlanRow & { skus: FeedingPlanSkuRow[] })[];
  extras: ExtraRow[];
  discounts: SubscriptionDiscountRow[];
  reasons: CancelReasonRow[];
}

const live = isNull(subscriptions.removedAt);

/** A live (not removed) subscription; `lock` holds it until the transaction ends. */
export async function findSubscriptionRow(
  db: SubscriptionDbView,
  id: string,
  lock = false,
): Promise<SubscriptionRow | undefined> {
  const query = db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), live));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The owner and status of each live subscription among `ids` (one query). */
export async function subscriptionOwnerRows(
  db: SubscriptionDbView,
  ids: readonly string[],
): Promise<{ id: string; userId: string; status: SubscriptionRow['status'] }[]> {
  return db
    .select({ id: subscriptions.id, userId: subscriptions.userId, status: subscriptions.status })
    .from(subscriptions)
    .where(and(inArray(subscriptions.id, [...ids]), live));
}

export async function findHouseholdSubscriptionRow(
  db: SubscriptionDbView,
  userId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), live));
  return row;
}

export async function listSubscriptionRows(
  db: SubscriptionDbView,
  filter: {
    userId?: string | undefined;
    animalId?: string | undefined;
    status?: SubscriptionRow['status'] | undefined;
    offset: number;
    limit: number;
  },
): Promise<{ rows: SubscriptionRow[]; total: number }> {
  const conditions = [live];
  if (filter.userId) conditions.push(eq(subscriptions.userId, filter.userId));
  if (filter.status) conditions.push(eq(subscriptions.status, filter.status));
  if (filter.animalId) {
    conditions.push(
      inArray(
        subscriptions.id,
        db
          .select({ id: feedingPlans.subscriptionId })
          .from(feedingPlans)
          .where(eq(feedingPlans.animalId, filter.animalId)),
      ),
    );
  }
  const where = and(...conditions);
  const rows = await db
    .select()
    .from(subscriptions)
    .where(where)
    .orderBy(desc(subscriptions.createdAt), asc(subscriptions.id))
    .offset(filter.offset)
    .limit(filter.limit);
  const total = await pageTotal(rows, filter, async () => {
    const [counted] = await db.select({ n: count() }).from(subscriptions).where(where);
    return counted?.n ?? 0;
  });
  return { rows, total };
}

/** Loads the children of many subscriptions in a handful of queries. */
export async function loadAggregates(
  db: SubscriptionDbView,
  rows: readonly SubscriptionRow[],
): Promise<SubscriptionAggregate[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  // One after the other: inside a transaction they share one connection.
  const planRows = await db
    .select()
    .from(feedingPlans)
    .where(inArray(feedingPlans.subscriptionId, ids))
    .orderBy(asc(feedingPlans.seq));
  const extraRows = await db
    .select()
    .from(extras)
    .where(inArray(extras.subscriptionId, ids))
    .orderBy(asc(extras.seq));
  const discountRows = await db
    .select()
    .from(subscriptionDiscounts)
    .where(inArray(subscriptionDiscounts.subscriptionId, ids))
    .orderBy(asc(subscriptionDiscounts.seq));
  const skuRows =
    planRows.length === 0
      ? []
      : await db
          .select()
          .from(feedingPlanSkus)
          .where(
            inArray(
              feedingPlanSkus.feedingPlanId,
              planRows.map((p) => p.id),
            ),
          )
          .orderBy(asc(feedingPlanSkus.seq));
  const reasonIds = rows.flatMap((r) =>
    [r.primaryCancelReasonId, r.secondaryCancelReasonId].filter((x): x is string => !!x),
  );
  const reasonRows =
    reasonIds.length === 0
      ? []
      : await db.select().from(cancelReasons).where(inArray(cancelReasons.id, reasonIds));
  return rows.map((row) => ({
    row,
    plans: planRows
      .filter((p) => p.subscriptionId === row.id)
      .map((p) => ({ ...p, skus: skuRows.filter((s) => s.feedingPlanId === p.id) })),
    extras: extraRows.filter((e) => e.subscriptionId === row.id),
    discounts: discountRows.filter((d) => d.subscriptionId === row.id),
    reasons: reasonRows.filter(
      (r) => r.id === row.primaryCancelReasonId || r.id === row.secondaryCancelReasonId,
    ),
  }));
}

export async function loadAggregate(
  db: SubscriptionDbView,
  row: SubscriptionRow,
): Promise<SubscriptionAggregate> {
  const [aggregate] = await loadAggregates(db, [row]);
  return aggregate!;
}

/**
 * Resumes paused subscriptions whose resume date has come (all, or one household's, or one), so
 * every read and the minute sweep see them active. Returns how many were resumed.
 */
export async function resumeDueSubscriptions(
  db: SubscriptionDbView,
  now: Date,
  scope: { id?: string; userId?: string } = {},
): Promise<number> {
  const conditions = [live, eq(subscriptions.status, 'paused'), lte(subscriptions.resumeAt, now)];
  if (scope.id) conditions.push(eq(subscriptions.id, scope.id));
  if (scope.userId) conditions.push(eq(subscriptions.userId, scope.userId));
  const resumed = await db
    .update(subscriptions)
    .set({
      status: 'active',
      pauseAt: null,
      resumeAt: null,
      version: sql`${subscriptions.version} + 1`,
      updatedBy: 'pause-ended',
      updatedAt: now,
    })
    .where(and(...conditions))
    .returning({ id: subscriptions.id });
  return resumed.length;
}

/** Whether the household has ever had a subscription, removed ones included. */
export async function hasEverSubscribed(db: SubscriptionDbView, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  return row !== undefined;
}

/** A new subscription with everything in it, as rows. */
export interface NewSubscription {
  subscription: NewSubscriptionRow;
  plans: readonly { row: NewFeedingPlanRow & { id: string }; skus: readonly NewSkuRow[] }[];
  extras: readonly NewExtraRow[];
  discounts: readonly NewDiscountRow[];
}

/**
 * Writes a new subscription and everything in it, in one transaction. The unique index decides
 * between two creations for one household at once: the loser gets `household_taken`.
 */
export async function insertSubscription(
  db: SubscriptionDbView,
  subscription: NewSubscription,
): Promise<SubscriptionRow | 'household_taken'> {
  try {
    return await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(subscriptions)
        .values(subscription.subscription)
        .returning();
      for (const plan of subscription.plans) {
        await tx.insert(feedingPlans).values(plan.row);
        await replaceSkus(tx, plan.row.id, plan.skus);
      }
      if (subscription.extras.length > 0) {
        await tx.insert(extras).values([...subscription.extras]);
      }
      if (subscription.discounts.length > 0) {
        await tx.insert(subscriptionDiscounts).values([...subscription.discounts]);
      }
      return inserted!;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'subscriptions_one_per_household')) return 'household_taken';
    throw err;
  }
}

/**
 * One change under the subscription's row lock: the version is checked when sent, `work` writes
 * what changes beside the row and answers the row's changes, and the version moves on by one.
 * Nothing is written if `work` throws.
 */
export async function changeSubscription(
  db: SubscriptionDbView,
  id: string,
  sentVersion: number | undefined,
  now: Date,
  work: (tx: SubscriptionDbView, current: SubscriptionAggregate) => Promise<SubscriptionChanges>,
): Promise<SubscriptionRow | 'not_found' | { currentVersion: number }> {
  return db.transaction(async (tx) => {
    const locked = await findSubscriptionRow(tx, id, true);
    if (!locked) return 'not_found';
    if (sentVersion !== undefined && sentVersion !== locked.version) {
      return { currentVersion: locked.version };
    }
    const changes = await work(tx, await loadAggregate(tx, locked));
    const [row] = await tx
      .update(subscriptions)
      .set({ ...changes, version: locked.version + 1, updatedAt: now })
      .where(eq(subscriptions.id, id))
      .returning();
    return row!;
  });
}

/** Deletes a subscription and, by cascade, everything hanging off it. */
export async function deleteSubscription(db: SubscriptionDbView, id: string): Promise<void> {
  await db.delete(subscriptions).where(eq(subscriptions.id, id));
}
