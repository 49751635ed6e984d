/** Who the order's events say marked it delivered: the courier integration. */
export const COURIER_ACTOR = 'courier:becool';

/**
 * Why a delivered shipment does not mark its order delivered, or undefined when it does: an order
 * is marked once, and only by the shipment it is booked on (or, not booked yet, by the shipment
 * booked for it).
 */
export function deliveredMarkRefusal(
  order: { shipmentId: string | null; shipmentStatus: string | null },
  shipmentId: string,
): string | undefined {
  if (order.shipmentStatus === 'delivered') return 'The order is marked delivered already';
  if (order.shipmentId !== null && order.shipmentId !== shipmentId) {
    return `The order is booked on another shipment (${order.shipmentId})`;
  }
  return undefined;
}
