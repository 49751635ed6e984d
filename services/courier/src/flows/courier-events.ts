import { eventIdByHash, insertEventOnce } from '../db/courier-event-store.js';
import { enqueueTopic } from '../db/outbox-store.js';
import { findShipment, markShipmentDelivered, shipmentIdByInvoice } from '../db/shipment-store.js';
import { completesDelivery, courierEventHash, type CourierEvent } from '../rules/courier-events.js';
import type { CourierContext } from './context.js';

/**
 * Records what the courier reports, once: a repeat answers with the first one's id and changes
 * nothing. A delivery_completed event marks its shipment (found by invoice number) delivered and,
 * in the same transaction, announces `shipment_delivered` the first time (when some subscriber
 * takes it): the order service marks the shipment's order delivered when the relay delivers it.
 * The courier calls no other service (docs/architecture.md).
 */
export async function recordCourierEvent(
  ctx: CourierContext,
  event: CourierEvent,
): Promise<{ id: string }> {
  return ctx.db.transaction(async (tx) => {
    const eventHash = courierEventHash(event);
    const shipmentId = await shipmentIdByInvoice(tx, event.invoiceNumber);
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
      return { id: first };
    }
    if (shipmentId && completesDelivery(event.eventType)) {
      const shipment = await findShipment(tx, shipmentId);
      const now = ctx.clock.now();
      await markShipmentDelivered(tx, shipmentId, now);
      if (shipment?.status === 'pending' && ctx.announces('shipment_delivered')) {
        await enqueueTopic(
          tx,
          { topic: 'shipment_delivered', shipmentId, orderId: shipment.orderId },
          now,
        );
      }
    }
    return { id };
  });
}
