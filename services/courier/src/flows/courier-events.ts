import { isRefused, orNotFound, upstream } from '@pawfresh/kit';
import { eventIdByHash, insertEventOnce } from '../db/courier-event-store.js';
import { findShipment, markShipmentDelivered, shipmentIdByInvoice } from '../db/shipment-store.js';
import {
  COURIER_ACTOR,
  completesDelivery,
  courierEventHash,
  type CourierEvent,
} from '../rules/courier-events.js';
import type { CourierContext } from './context.js';

/**
 * Records what the courier reports, once: a repeat answers with the first one's id and changes
 * nothing here. A delivery_completed event marks its shipment (found by invoice number) delivered
 * and then tells the shipment's order (its `shipmentStatus` becomes delivered). That is done on a
 * repeat too, so a courier retrying after a failed answer (the order service down: 502) finishes it.
 */
export async function recordCourierEvent(
  ctx: CourierContext,
  event: CourierEvent,
): Promise<{ id: string }> {
  const recorded = await ctx.db.transaction(async (tx) => {
    const eventHash = courierEventHash(event);
    const shipmentId = await shipmentIdByInvoice(tx, event.invoiceNumber);
    const delivered = completesDelivery(event.eventType) ? shipmentId : undefined;
    const id = await insertEventOnce(tx, {
      eventType: event.eventType,
      trackingId: event.trackingId,
      invoiceNumber: event.invoiceNumber,
      payload: event.payload,
      eventHash,
      shipmentId: shipmentId ?? null,
      receivedAt: ctx.clock.now(),
    });
    if (!id) {
      const first = await eventIdByHash(tx, eventHash);
      if (!first) throw new Error('A repeated courier event vanished');
      return { id: first, delivered };
    }
    if (delivered) await markShipmentDelivered(tx, delivered, ctx.clock.now());
    return { id, delivered };
  });
  if (recorded.delivered) await tellOrderDelivered(ctx, recorded.delivered);
  return { id: recorded.id };
}

/**
 * The order of a delivered shipment is marked delivered (`shipmentStatus`), once: an order marked
 * already, gone, or now booked on another shipment is left as it is.
 */
async function tellOrderDelivered(ctx: CourierContext, shipmentId: string): Promise<void> {
  const shipment = await findShipment(ctx.db, shipmentId);
  const orderId = shipment?.orderId;
  if (!orderId) return;
  await upstream('Telling the order service of the delivery', async () => {
    const order = await orNotFound(ctx.order.getOrder({ params: { orderId } }));
    if (!order || order.shipmentStatus === 'delivered') return;
    if (order.shipmentId !== null && order.shipmentId !== shipmentId) return;
    try {
      await ctx.order.patchOrder({
        params: { orderId },
        body: { shipmentId, shipmentStatus: 'delivered', updatedBy: COURIER_ACTOR },
      });
    } catch (err) {
      if (!isRefused(err, 400) && !isRefused(err, 404) && !isRefused(err, 409)) {
        throw err;
      }
      ctx.log.warn({ err, orderId, shipmentId }, 'The order refused to be marked delivered');
    }
  });
}
