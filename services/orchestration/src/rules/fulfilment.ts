import type { CreateShipmentInput, Shipment } from '@pawfresh/contracts/courier';
import type { Order, OrderTopic } from '@pawfresh/contracts/order';

/** Who the fulfilment workflows say made a change (fulfilment, order and courier records). */
export const FULFILMENT_ACTOR = 'orchestration:fulfilment';

/** The courier's delivery windows (docs/delivery.md): a shipment's window says its slot. */
const SLOT_OF_WINDOW_START: Record<string, 'AM' | 'PM'> = { '06:00': 'AM', '12:00': 'PM' };

/** The delivery booking of an order: its address (the suburb is the courier's city), date, slot. */
export function shipmentRequestOf(order: Order, email: string): CreateShipmentInput {
  const a = order.address;
  return {
    makeDate: order.makeDate,
    orderId: order.id,
    customer: {
      id: order.userId,
      name: `${a.firstName} ${a.lastName}`.trim() || 'Customer',
      contact: {
        email,
        ...(order.deliveryContactNumber ? { phone1: order.deliveryContactNumber } : {}),
      },
      address: {
        address1: a.address1,
        address2: a.address2,
        city: a.suburb,
        state: a.state,
        postcode: a.postcode,
      },
    },
    delivery: {
      instructions: order.deliveryNote ?? '',
      date: order.deliveryDate,
      timePreference: order.expectedDeliverySlotId,
    },
  };
}

/**
 * Whether a booked shipment still delivers the order as it is: same make and delivery dates, slot,
 * address and instructions. When not, a rebuild books the delivery again.
 */
export function shipmentMatches(shipment: Shipment, order: Order): boolean {
  const a = order.address;
  const to = shipment.deliveryAddress;
  return (
    shipment.makeDate === order.makeDate &&
    shipment.deliveryDate === order.deliveryDate &&
    SLOT_OF_WINDOW_START[shipment.deliveryTimeWindowStart] === order.expectedDeliverySlotId &&
    to.address1 === a.address1 &&
    (to.address2 ?? null) === (a.address2 ?? null) &&
    to.city === a.suburb &&
    to.postcode === a.postcode &&
    shipment.deliveryInstructions === (order.deliveryNote ?? '')
  );
}

export type FulfilmentWorkflowName =
  'order-paid-fulfilment' | 'order-updated-fulfilment' | 'delete-fulfilment';

/**
 * The workflow an order topic starts (docs/workflows.md "Fulfilment on payment"): order_paid
 * packs the order; order_updated rebuilds its boxes, or deletes them once the order is cancelled.
 * Other topics are not followed here.
 */
export function workflowForTopic(
  topic: OrderTopic,
  payload: Record<string, unknown> | undefined,
): FulfilmentWorkflowName | null {
  if (topic === 'order_paid') return 'order-paid-fulfilment';
  if (topic !== 'order_updated') return null;
  const order = payload?.order as { metadata?: { isCancelled?: unknown } } | undefined;
  return order?.metadata?.isCancelled === true ? 'delete-fulfilment' : 'order-updated-fulfilment';
}

/** Why an order is not packed, or undefined when it can be (paid, not cancelled). */
export function notPackable(order: Order): string | undefined {
  if (order.metadata.isCancelled) return `Order ${order.id} is cancelled: it is not packed`;
  if (order.paymentStatus !== 'processed') {
    return `Order ${order.id} is not paid (payment status ${order.paymentStatus}): only paid orders are packed`;
  }
  return undefined;
}
