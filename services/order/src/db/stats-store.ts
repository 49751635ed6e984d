import {
  and,
  asc,
  count,
  countDistinct,
  eq,
  gt,
  gte,
  lte,
  max,
  min,
  ne,
  notInArray,
  sql,
} from '@pawfresh/db/orm';
import { blockedFulfilmentStatuses } from '@pawfresh/contracts/order';
import type { OrderDb } from './order-store.js';
import { lineItems, orders } from './schema.js';

/**
 * Boxes delivered from `from` to `to` (both included) by facility, skipped (payment expired) and
 * cancelled ones left out: the staff home dashboard's "boxes this week". The partial index
 * `orders_delivery_facility_counted` holds exactly these boxes, so the count reads it alone (an
 * index-only scan once the table is vacuumed) instead of every order of the week.
 */
export async function boxesByFacility(db: OrderDb, from: string, to: string) {
  return db
    .select({ facilityId: orders.facilityId, boxes: count() })
    .from(orders)
    .where(
      and(
        gte(orders.deliveryDate, from),
        lte(orders.deliveryDate, to),
        ne(orders.paymentStatus, 'expired'),
        eq(orders.isCancelled, false),
      ),
    )
    .groupBy(orders.facilityId)
    .orderBy(asc(orders.facilityId));
}

/**
 * The boxes to come that carry a product variant, one row per box: cut-off after `after`, not
 * cancelled, not skipped (payment expired), not being made. Read through `line_items_variant`
 * (the variant's lines), then each line's order by its key.
 */
function variantBoxes(db: OrderDb, productVariantId: string, after: Date) {
  return db
    .select({
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      userId: orders.userId,
      subscriptionId: orders.subscriptionId,
      deliveryDate: orders.deliveryDate,
      cutoffAt: orders.cutoffAt,
      units: sql<number>`sum(${lineItems.quantity})::int`.as('units'),
      plan: sql<boolean>`bool_or(${lineItems.extraId} is null and not ${lineItems.oneOff})`.as(
        'plan',
      ),
      extra: sql<boolean>`bool_or(${lineItems.extraId} is not null and not ${lineItems.oneOff})`.as(
        'extra',
      ),
      oneOff: sql<boolean>`bool_or(${lineItems.oneOff})`.as('one_off'),
    })
    .from(lineItems)
    .innerJoin(orders, eq(orders.id, lineItems.orderId))
    .where(
      and(
        eq(lineItems.productVariantId, productVariantId),
        gt(orders.cutoffAt, after),
        ne(orders.paymentStatus, 'expired'),
        eq(orders.isCancelled, false),
        notInArray(orders.fulfilmentStatus, [...blockedFulfilmentStatuses]),
      ),
    )
    .groupBy(orders.id);
}

/** Those boxes counted: boxes, customers, subscriptions, units, by kind of line, first and last day. */
export async function variantUsageTotals(db: OrderDb, productVariantId: string, after: Date) {
  const boxes = variantBoxes(db, productVariantId, after).as('boxes');
  const [totals] = await db
    .select({
      boxes: count(),
      customers: countDistinct(boxes.userId),
      subscriptions: countDistinct(boxes.subscriptionId),
      units: sql<number>`coalesce(sum(${boxes.units}), 0)::int`,
      plan: sql<number>`count(*) filter (where ${boxes.plan})::int`,
      extra: sql<number>`count(*) filter (where ${boxes.extra})::int`,
      oneOff: sql<number>`count(*) filter (where ${boxes.oneOff})::int`,
      firstDeliveryDate: min(boxes.deliveryDate),
      lastDeliveryDate: max(boxes.deliveryDate),
    })
    .from(boxes);
  return totals!;
}

/** The soonest `limit` of those boxes (by delivery date, then order number). */
export async function soonestVariantBoxes(
  db: OrderDb,
  productVariantId: string,
  after: Date,
  limit: number,
) {
  if (limit === 0) return [];
  return variantBoxes(db, productVariantId, after)
    .orderBy(asc(orders.deliveryDate), asc(orders.orderNumber))
    .limit(limit);
}
