import { inArray, sql } from '@pawfresh/db/orm';
import type { KitchenOrder } from '@pawfresh/contracts/order';
import type { OrderDb, StoredAddress } from './order-store.js';
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
