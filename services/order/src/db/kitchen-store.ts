import { and, asc, count, eq, gte, inArray, lte, sql } from '@pawfresh/db/orm';
import type { KitchenOrder } from '@pawfresh/contracts/order';
import type { OrderDb, OrderRow, StoredAddress } from './order-store.js';
import { lineItems, orders } from './schema.js';

type KitchenLine = KitchenOrder['orderLineItems'][number];

/**
 * The kitchen's view of these orders (those that exist, in the order of `ids`, each once), in one
 * query: the order's packing fields, and its line items aggregated as JSON in their order.
 */
export async function kitchenOrdersByIds(
  db: OrderDb,
  ids: readonly string[],
): Promise<KitchenOrder[]> {
  const unique = [...new Set(ids)];
  // The outer row is named in full ("orders"."id"): Drizzle drops the table qualifier of
  // `${orders.id}` in a single-table select, and the subquery would then compare with its own id.
  const rows = await db
    .select({
      id: orders.id,
      userId: orders.userId,
      makeDate: orders.makeDate,
      deliveryDate: orders.deliveryDate,
      expectedDeliverySlotId: orders.expectedDeliverySlotId,
      depotCode: orders.depotCode,
      facilityId: orders.facilityId,
      shipmentId: orders.shipmentId,
      paymentStatus: orders.paymentStatus,
      isCancelled: orders.isCancelled,
      address: orders.address,
      lines: sql<KitchenLine[]>`coalesce((select json_agg(json_build_object(
          'productId', li.product_id, 'productVariantId', li.product_variant_id,
          'quantity', li.quantity, 'bundleLineItems', li.bundle_line_items) order by li.seq)
        from ${lineItems} li where li.order_id = "orders"."id"), '[]'::json)`,
    })
    .from(orders)
    .where(inArray(orders.id, unique));
  const byId = new Map<string, KitchenOrder>();
  for (const { lines, address, ...row } of rows) {
    const a: StoredAddress = address;
    byId.set(row.id, {
      ...row,
      address: {
        firstName: a.firstName,
        lastName: a.lastName,
        suburb: a.suburb,
        postcode: a.postcode,
        timezone: a.timezone,
      },
      orderLineItems: lines,
    });
  }
  return unique.flatMap((id) => byId.get(id) ?? []);
}

/** Boxes open at a facility: not cancelled, not expired. */
const openAtFacility = (facilityId: number) =>
  and(
    eq(orders.facilityId, facilityId),
    eq(orders.isCancelled, false),
    sql`${orders.paymentStatus} <> 'expired'`,
    sql`${orders.fulfilmentStatus} <> 'cancelled'`,
  );

/** Boxes per make date and depot at a facility, in a range of make dates. */
export async function boxesPerMakeDate(
  db: OrderDb,
  facilityId: number,
  fromDate: string,
  toDate: string,
): Promise<{ makeDate: string; depotCode: string; boxes: number }[]> {
  return db
    .select({ makeDate: orders.makeDate, depotCode: orders.depotCode, boxes: count() })
    .from(orders)
    .where(
      and(openAtFacility(facilityId), gte(orders.makeDate, fromDate), lte(orders.makeDate, toDate)),
    )
    .groupBy(orders.makeDate, orders.depotCode)
    .orderBy(asc(orders.makeDate), asc(orders.depotCode));
}

/** Units per make date and product variant at a facility (meals and extras apart). */
export async function unitsPerMakeDate(
  db: OrderDb,
  facilityId: number,
  range: { fromDate: string; toDate: string; productId?: string | undefined },
) {
  const kind = sql<
    'meal' | 'extra'
  >`case when ${lineItems.extraId} is null and ${lineItems.planType} is not null then 'meal' else 'extra' end`;
  return db
    .select({
      makeDate: orders.makeDate,
      kind,
      productId: lineItems.productId,
      productVariantId: lineItems.productVariantId,
      quantity: sql<number>`sum(${lineItems.quantity})::int`,
    })
    .from(lineItems)
    .innerJoin(orders, eq(orders.id, lineItems.orderId))
    .where(
      and(
        openAtFacility(facilityId),
        gte(orders.makeDate, range.fromDate),
        lte(orders.makeDate, range.toDate),
        ...(range.productId ? [eq(lineItems.productId, range.productId)] : []),
      ),
    )
    .groupBy(orders.makeDate, kind, lineItems.productId, lineItems.productVariantId)
    .orderBy(asc(orders.makeDate), asc(lineItems.productId), asc(lineItems.productVariantId));
}

/** A facility's boxes made on one date (locked), oldest first. */
export async function facilityOrdersMadeOn(
  db: OrderDb,
  facilityId: number,
  makeDate: string,
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(openAtFacility(facilityId), eq(orders.makeDate, makeDate)))
    .orderBy(asc(orders.orderNumber))
    .for('update');
}
