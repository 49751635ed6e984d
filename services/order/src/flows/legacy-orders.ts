import { randomUUID } from 'node:crypto';
import { conflict } from '@pawfresh/kit';
import { isUniqueViolation } from '@pawfresh/db';
import type { ImportLegacyOrdersInput, LineItemInput } from '@pawfresh/contracts/order';
import { insertEventsOfOrders, type NewOrderEvent } from '../db/event-store.js';
import { type NewOrderRow } from '../db/order-store.js';
import {
  deleteLegacyOrderRows,
  insertOrders,
  orderRowsByLegacyIds,
} from '../db/legacy-order-store.js';
import { storedAddress } from '../rules/order-address.js';
import { orderTotals } from '../rules/order-totals.js';
import type { OrderContext } from './context.js';
import { datesFor, placeOfPostcode } from './delivery-dates.js';
import { checkTotals } from './order-change.js';

/**
 * A migrated customer's past orders from the legacy system (docs/migration.md "Past orders"): all
 * or none in one transaction, each with its legacy id, its statuses as the migration mapped them
 * and the customer flags. Idempotent: orders already imported for the same user are answered
 * again; a legacy order imported for another user is a 409. Dates come from the delivery date and
 * the depot of the address (its cut-off may be long past); no topic is published, the orders are
 * history.
 */
export async function importLegacyOrders(ctx: OrderContext, input: ImportLegacyOrdersInput) {
  const place = await placeOfPostcode(ctx, input.address.postcode);
  const address = storedAddress(randomUUID(), input.address);
  const now = ctx.clock.now();
  const prepared = input.orders.map((o) => {
    const totals = orderTotals(o.orderLineItems);
    checkTotals(totals);
    const dates = datesFor(
      ctx,
      { deliveryDate: o.deliveryDate, slot: o.expectedDeliverySlotId },
      place,
      true,
    );
    return { o, totals, dates };
  });
  try {
    return await ctx.db.transaction(async (tx) => {
      const existing = await orderRowsByLegacyIds(
        tx,
        input.orders.map((o) => o.legacyOrderId),
      );
      const other = existing.find((r) => r.userId !== input.userId);
      if (other) {
        throw conflict(
          `Legacy order ${other.legacyOrderId} was already imported for user ${other.userId}`,
        );
      }
      const have = new Map(existing.map((r) => [r.legacyOrderId!, r]));
      const rows: NewOrderRow[] = [];
      const items: { orderId: string; item: LineItemInput }[] = [];
      const events: (NewOrderEvent & { orderId: string })[] = [];
      const ids = new Map<number, string>();
      for (const { o, totals, dates } of prepared) {
        const found = have.get(o.legacyOrderId);
        if (found) {
          ids.set(o.legacyOrderId, found.id);
          continue;
        }
        const id = randomUUID();
        ids.set(o.legacyOrderId, id);
        rows.push({
          id,
          userId: input.userId,
          subscriptionId: null,
          subscriptionOrderIndex: null,
          expectedDeliverySlotId: o.expectedDeliverySlotId,
          ...dates,
          ...totals,
          ...place,
          address,
          legacyOrderId: o.legacyOrderId,
          paymentStatus: o.paymentStatus,
          fulfilmentStatus: o.fulfilmentStatus,
          shipmentStatus: o.shipmentStatus,
          isCancelled: o.isCancelled,
          phoenixToggle: input.flags.phoenixToggle,
          shadowToggle: input.flags.shadowToggle,
          createdAt: now,
          updatedAt: now,
        });
        for (const item of o.orderLineItems) items.push({ orderId: id, item });
        events.push({
          orderId: id,
          action: 'order_created',
          description: `Imported from the legacy system (legacy order ${o.legacyOrderId}), delivered on ${o.deliveryDate}`,
          currentValue: o.deliveryDate,
        });
        if (o.note) events.push({ orderId: id, action: 'note', description: o.note });
      }
      const numbers = await insertOrders(tx, rows, items);
      await insertEventsOfOrders(tx, events, input.createdBy ?? null, now);
      const numberOf = (id: string) =>
        numbers.get(id) ?? existing.find((r) => r.id === id)!.orderNumber;
      return {
        items: input.orders.map((o) => {
          const orderId = ids.get(o.legacyOrderId)!;
          return { legacyOrderId: o.legacyOrderId, orderId, orderNumber: numberOf(orderId) };
        }),
      };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'orders_legacy_order_id')) {
      throw conflict(
        `Legacy orders of user ${input.userId} are being imported by another call; try again`,
      );
    }
    throw err;
  }
}

/** Undoes an import: the user's orders that came from the legacy system, and nothing else. */
export async function revertLegacyOrders(ctx: OrderContext, userId: string) {
  return { deletedOrderIds: await deleteLegacyOrderRows(ctx.db, userId) };
}
