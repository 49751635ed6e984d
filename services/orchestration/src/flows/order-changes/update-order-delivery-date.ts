import type { WorkflowContext } from '../context.js';
import { actorOf, readOwnedOrder } from './order-change-steps.js';
import type { OrderChangeAnswer } from './line-change-steps.js';
import {
  type DeliverySlot,
  courierDelivers,
  notDelivered,
  moveDelivery,
} from './delivery-change-steps.js';

/** update-order-delivery-date: one order to another date (and slot) the courier delivers. */
export const updateOrderDeliveryDate =
  (ctx: WorkflowContext) =>
  async (input: {
    orderId: string;
    userId?: string | undefined;
    deliveryDate: string;
    deliverySlotId?: DeliverySlot | undefined;
    actedBy?: string | undefined;
  }): Promise<OrderChangeAnswer> => {
    const order = await readOwnedOrder(ctx, input.orderId, input.userId);
    const date = {
      deliveryDate: input.deliveryDate,
      deliverySlotId: input.deliverySlotId ?? order.expectedDeliverySlotId,
    };
    const place = { postcode: order.address.postcode, suburb: order.address.suburb };
    if (!(await courierDelivers(ctx, place, date)))
      throw await notDelivered(ctx, order, place, date);
    const moved = await moveDelivery(ctx, order, date, actorOf(input.userId, input.actedBy));
    return { orderId: order.id, orders: [moved], skippedOrders: [] };
  };
