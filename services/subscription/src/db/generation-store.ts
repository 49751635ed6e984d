import { and, asc, eq, gt, inArray, isNull, lte, sql } from '@pawfresh/db/orm';
import type { GenerationSubscription } from '@pawfresh/contracts/subscription';
import {
  extras,
  feedingPlans,
  feedingPlanSkus,
  subscriptionDiscounts,
  subscriptions,
} from './schema.js';
import type { SubscriptionDbView } from './subscription-db.js';

const groupBy = <T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> => {
  const by = new Map<K, T[]>();
  for (const row of rows) {
    const list = by.get(key(row));
    if (list) list.push(row);
    else by.set(key(row), [row]);
  }
  return by;
};

/** The subscriptions order generation reads: live and active. */
const generating = () => [eq(subscriptions.status, 'active'), isNull(subscriptions.removedAt)];

/**
 * The last id of every `size` live active subscriptions by id, and of the last (smaller) batch,
 * with its position (1-based) in that order: one pass over the ids, no subscription read.
 */
export async function generationBatchEnds(
  db: SubscriptionDbView,
  size: number,
): Promise<{ id: string; position: number }[]> {
  const ranked = db
    .select({
      id: subscriptions.id,
      position: sql<string>`row_number() over (order by ${subscriptions.id})`.as('position'),
      total: sql<string>`count(*) over ()`.as('total'),
    })
    .from(subscriptions)
    .where(and(...generating()))
    .as('ranked');
  const rows = await db
    .select({ id: ranked.id, position: ranked.position })
    .from(ranked)
    .where(sql`${ranked.position} % ${size} = 0 or ${ranked.position} = ${ranked.total}`)
    .orderBy(asc(ranked.id));
  return rows.map((r) => ({ id: r.id, position: Number(r.position) }));
}

/**
 * A page of live active subscriptions by id (after `after`, up to `through`), each with only
 * what order generation needs: its active feeding plans and their meals, its running extras, its
 * discounts. Five narrow queries whatever the page's size (keyset paging on the primary key).
 */
export async function generationPage(
  db: SubscriptionDbView,
  page: { after?: string | undefined; through?: string | undefined; limit: number },
): Promise<GenerationSubscription[]> {
  const conditions = generating();
  if (page.after) conditions.push(gt(subscriptions.id, page.after));
  if (page.through) conditions.push(lte(subscriptions.id, page.through));
  const rows = await db
    .select({
      id: subscriptions.id,
      userId: subscriptions.userId,
      cadenceInWeeks: subscriptions.cadenceInWeeks,
      preferredDeliverySlotId: subscriptions.preferredDeliverySlotId,
    })
    .from(subscriptions)
    .where(and(...conditions))
    .orderBy(asc(subscriptions.id))
    .limit(page.limit);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const planRows = await db
    .select({
      id: feedingPlans.id,
      subscriptionId: feedingPlans.subscriptionId,
      animalId: feedingPlans.animalId,
      type: feedingPlans.type,
      status: feedingPlans.status,
      startOrderIndex: feedingPlans.startOrderIndex,
    })
    .from(feedingPlans)
    .where(and(inArray(feedingPlans.subscriptionId, ids), eq(feedingPlans.status, 'active')))
    .orderBy(asc(feedingPlans.seq));
  const skuRows =
    planRows.length === 0
      ? []
      : await db
          .select({
            feedingPlanId: feedingPlanSkus.feedingPlanId,
            productId: feedingPlanSkus.productId,
            productVariantId: feedingPlanSkus.productVariantId,
            sku: feedingPlanSkus.sku,
            pouches: feedingPlanSkus.pouches,
            price: feedingPlanSkus.price,
          })
          .from(feedingPlanSkus)
          .where(
            inArray(
              feedingPlanSkus.feedingPlanId,
              planRows.map((p) => p.id),
            ),
          )
          .orderBy(asc(feedingPlanSkus.seq));
  const extraRows = await db
    .select({
      id: extras.id,
      subscriptionId: extras.subscriptionId,
      productVariantId: extras.productVariantId,
      startOrderIndex: extras.startOrderIndex,
      nthOrder: extras.nthOrder,
      quantity: extras.quantity,
      price: extras.price,
    })
    .from(extras)
    .where(and(inArray(extras.subscriptionId, ids), isNull(extras.cancelledAt)))
    .orderBy(asc(extras.seq));
  const discountRows = await db
    .select({
      id: subscriptionDiscounts.id,
      subscriptionId: subscriptionDiscounts.subscriptionId,
      discountId: subscriptionDiscounts.discountId,
      orderStartIndex: subscriptionDiscounts.orderStartIndex,
      orderQuantity: subscriptionDiscounts.orderQuantity,
    })
    .from(subscriptionDiscounts)
    .where(inArray(subscriptionDiscounts.subscriptionId, ids))
    .orderBy(asc(subscriptionDiscounts.seq));
  const skusBy = groupBy(skuRows, (s) => s.feedingPlanId);
  const plansBy = groupBy(planRows, (p) => p.subscriptionId);
  const extrasBy = groupBy(extraRows, (e) => e.subscriptionId);
  const discountsBy = groupBy(discountRows, (d) => d.subscriptionId);
  return rows.map((row) => ({
    ...row,
    feedingPlans: (plansBy.get(row.id) ?? []).map(({ id, subscriptionId: _s, ...plan }) => ({
      ...plan,
      skus: (skusBy.get(id) ?? []).map(({ feedingPlanId: _p, ...sku }) => sku),
    })),
    extras: (extrasBy.get(row.id) ?? []).map(({ subscriptionId: _s, ...extra }) => extra),
    discounts: (discountsBy.get(row.id) ?? []).map(({ subscriptionId: _s, ...d }) => d),
  }));
}
