import { and, asc, count, eq, gte, lte, ne } from '@pawfresh/db/orm';
import type { OrderDb } from './order-store.js';
import { orders } from './schema.js';

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
