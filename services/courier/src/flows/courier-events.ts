import { eventIdByHash, insertEventOnce } from '../db/courier-event-store.js';
import { markShipmentDelivered, shipmentIdByInvoice } from '../db/shipment-store.js';
import { completesDelivery, courierEventHash, type CourierEvent } from '../rules/courier-events.js';
import type { CourierContext } from './context.js';

/**
 * Records what the courier reports, once: a repeat answers with the first one's id and changes
 * nothing. A delivery_completed event marks its shipment (found by invoice number) delivered.
 */
export const recordCourierEvent = (
  ctx: CourierContext,
  event: CourierEvent,
): Promise<{ id: string }> =>
  ctx.db.transaction(async (tx) => {
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
    if (completesDelivery(event.eventType) && shipmentId) {
      await markShipmentDelivered(tx, shipmentId, ctx.clock.now());
    }
    return { id };
  });
