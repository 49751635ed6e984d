import { HttpError } from '@pawfresh/kit';
import type { CourierTopicInput } from '@pawfresh/contracts/courier';
import { COURIER_ACTOR, deliveredMarkRefusal } from '../rules/shipment-delivery.js';
import type { OrderContext } from './context.js';
import { changeOrder } from './order-change.js';
import { patchChange } from './patch-order.js';

export interface CourierTopicResult {
  id: string;
  orderId: string | null;
  marked: boolean;
  reason: string | null;
}

/**
 * A topic of the courier's outbox (at least once): `shipment_delivered` marks the shipment's
 * order delivered, in the order's own transaction, as a PATCH by the courier would. A redelivery,
 * an order already marked, gone or booked on another shipment changes nothing and is acknowledged
 * with the reason (the courier cannot do better by sending it again); only a 5xx asks the relay to
 * deliver again.
 */
export async function receiveCourierTopic(
  ctx: OrderContext,
  topic: CourierTopicInput,
): Promise<CourierTopicResult> {
  const { id, orderId, shipmentId } = topic;
  if (!orderId) return { id, orderId, marked: false, reason: 'The shipment has no order' };
  let reason: string | undefined;
  try {
    await changeOrder(ctx, orderId, { actor: COURIER_ACTOR }, (row, now) => {
      reason = deliveredMarkRefusal(row, shipmentId);
      if (reason) return Promise.resolve({ events: [], topics: [] });
      return patchChange(ctx, row, { shipmentId, shipmentStatus: 'delivered' }, now);
    });
  } catch (err) {
    if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
    reason = err.message;
  }
  return { id, orderId, marked: reason === undefined, reason: reason ?? null };
}
