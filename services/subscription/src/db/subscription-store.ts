import { and, asc, desc, eq, inArray, isNull, lte, sql } from '@pawfresh/db/orm';
import type { Subscription } from '@pawfresh/contracts/subscription';
import {
  cancelReasons,
  extras,
  feedingPlans,
  feedingPlanSkus,
  subscriptionDiscounts,
  subscriptions,
} from './schema.js';
import { iso, isoOrNull, type SubscriptionDbView } from './subscription-db.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type FeedingPlanRow = typeof feedingPlans.$inferSelect;
export type FeedingPlanSkuRow = typeof feedingPlanSkus.$inferSelect;
export type ExtraRow = typeof extras.$inferSelect;
export type SubscriptionDiscountRow = typeof subscriptionDiscounts.$inferSelect;
export type CancelReasonRow = typeof cancelReasons.$inferSelect;

/** A subscription with everything hanging off it, as read from the database. */
export interface SubscriptionAggregate {
  row: SubscriptionRow;
  plans: (FeedingPlanRow & { skus: FeedingPlanSkuRow[] })[];
  extras: ExtraRow[];
  discounts: SubscriptionDiscountRow[];
  reasons: CancelReasonRow[];
}

export interface ListFlags {
  includeIneligiblePlans: boolean;
  includeRemovedExtras: boolean;
}

/** Mutations answer with the whole subscription: ineligible plans and cancelled extras too. */
export const EVERYTHING: ListFlags = { includeIneligiblePlans: true, includeRemovedExtras: true };

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
): Promise<SubscriptionRow[]> {
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
  return db
    .select()
    .from(subscriptions)
    .where(and(...conditions))
    .orderBy(desc(subscriptions.createdAt), asc(subscriptions.id))
    .offset(filter.offset)
    .limit(filter.limit);
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

/** The contract's shape; ineligible plans and cancelled extras only when asked for. */
export function toSubscription(aggregate: SubscriptionAggregate, flags: ListFlags): Subscription {
  const { row } = aggregate;
  const reasons = [
    { id: row.primaryCancelReasonId, isPrimary: true },
    { id: row.secondaryCancelReasonId, isPrimary: false },
  ].flatMap(({ id, isPrimary }) => {
    const reason = aggregate.reasons.find((r) => r.id === id);
    return reason
      ? [
          {
            cancelReasonId: reason.id,
            slug: reason.slug,
            description: reason.description,
            isPrimary,
          },
        ]
      : [];
  });
  return {
    id: row.id,
    status: row.status,
    userId: row.userId,
    preferredDeliverySlotId: row.preferredDeliverySlotId,
    cadenceInWeeks: row.cadenceInWeeks,
    feedingPlanTotalPrice: row.feedingPlanTotalPrice,
    feedingPlanTotalPouches: row.feedingPlanTotalPouches,
    lastProcessedOrderIndex: row.lastProcessedOrderIndex,
    note: row.note,
    startAt: isoOrNull(row.startAt),
    pauseAt: isoOrNull(row.pauseAt),
    resumeAt: isoOrNull(row.resumeAt),
    cancelledAt: isoOrNull(row.cancelledAt),
    cancelledBy: row.cancelledBy,
    cancelledByAdmin: row.cancelledByAdmin,
    cancellationReasons: reasons,
    otherCancelReason: row.otherCancelReason,
    extras: aggregate.extras
      .filter((e) => flags.includeRemovedExtras || e.cancelledAt === null)
      .map((e) => ({
        id: e.id,
        version: e.version,
        productVariantId: e.productVariantId,
        type: e.type,
        startOrderIndex: e.startOrderIndex,
        nthOrder: e.nthOrder,
        quantity: e.quantity,
        price: e.price,
        cancelledAt: isoOrNull(e.cancelledAt),
        cancelReasonId: e.cancelReasonId,
        cancelNotes: e.cancelNotes,
        cancelledBy: e.cancelledBy,
        createdAt: iso(e.createdAt),
        updatedAt: iso(e.updatedAt),
      })),
    feedingPlans: aggregate.plans
      .filter((p) => flags.includeIneligiblePlans || p.status !== 'ineligible')
      .map((p) => ({
        id: p.id,
        version: p.version,
        status: p.status,
        isEligible: p.status !== 'ineligible',
        startOrderIndex: p.startOrderIndex,
        type: p.type,
        animalId: p.animalId,
        servingSize: p.servingSize as Subscription['feedingPlans'][number]['servingSize'],
        currentDailyServingSizeInGrams: p.dailyServingSizeGrams,
        currentPouchSizeInGrams: p.pouchSizeGrams,
        pouchesPerDay: p.pouchesPerDay,
        totalPouches: p.totalPouches,
        totalPrice: p.totalPrice,
        dailyPrice: p.dailyPrice,
        skus: p.skus.map((s) => ({
          productVariantId: s.productVariantId,
          productId: s.productId,
          sku: s.sku,
          ratio: s.ratio,
          pouches: s.pouches,
          price: s.price,
        })),
        pausedAt: isoOrNull(p.pausedAt),
        createdAt: iso(p.createdAt),
        updatedAt: iso(p.updatedAt),
      })),
    discounts: aggregate.discounts.map((d) => ({
      id: d.id,
      discountId: d.discountId,
      orderStartIndex: d.orderStartIndex,
      orderQuantity: d.orderQuantity,
      createdAt: iso(d.createdAt),
    })),
    legacySubscriptionId: row.legacySubscriptionId,
    migratedAt: isoOrNull(row.migratedAt),
    version: row.version,
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
