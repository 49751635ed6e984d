import { badRequest, refuseIfAny } from '@pawfresh/kit';
import type { OrderExtraInput } from '@pawfresh/contracts/orchestration-order-changes';
import { lineItemInputs, withOneOffExtras } from '../../rules/order-lines.js';
import type { WorkflowContext } from '../context.js';
import { readOwnedOrder, readVariants } from './order-change-steps.js';
import { type OrderChangeAnswer, extraProblems, repriceLines } from './line-change-steps.js';

/** update-order-extras: the order's one-off extras become the list sent, repriced. */
export const updateOrderExtras =
  (ctx: WorkflowContext) =>
  async (input: {
    orderId: string;
    userId?: string | undefined;
    extras: OrderExtraInput[];
  }): Promise<OrderChangeAnswer> => {
    const order = await readOwnedOrder(ctx, input.orderId, input.userId);
    const elsewhere = input.extras.findIndex(
      (e) => e.startOrderId !== undefined && e.startOrderId !== order.id,
    );
    if (elsewhere >= 0) {
      throw badRequest(`extras[${elsewhere}].startOrderId must be this order (${order.id})`);
    }
    const ids = input.extras.map((e) => e.productVariantId);
    const current = order.orderLineItems.flatMap((i) =>
      i.productVariantId ? [i.productVariantId] : [],
    );
    const variants = await readVariants(ctx, [...ids, ...current]);
    const kept = new Set(
      order.orderLineItems.filter((i) => i.oneOff && !i.planType).map((i) => i.productVariantId),
    );
    refuseIfAny(
      extraProblems(
        ids.filter((id) => !kept.has(id)),
        variants,
      ),
    );
    const items = withOneOffExtras(lineItemInputs(order), input.extras, variants);
    const written = await repriceLines(ctx, order, items, input, variants);
    return { orderId: order.id, orders: [written], skippedOrders: [] };
  };
