import { lineItemInputs, oneOffExtraLine } from '../../rules/order-lines.js';
import type { WorkflowContext } from '../context.js';
import {
  actorOf,
  priceLines,
  readOwnedOrder,
  readVariants,
  writeLines,
} from './order-change-steps.js';
import {
  type OneOffExtraAnswer,
  assertSubscription,
  extraNotOnOrder,
} from './line-change-steps.js';

/** update-one-off-extra: a one-off extra's quantity, repriced. */
export const updateOneOffExtra =
  (ctx: WorkflowContext) =>
  async (input: {
    orderId: string;
    userId?: string | undefined;
    subscriptionId?: string | undefined;
    orderLineItemId: string;
    quantity: number;
  }): Promise<OneOffExtraAnswer> => {
    const order = await readOwnedOrder(ctx, input.orderId, input.userId);
    assertSubscription(order, input.subscriptionId);
    const lines = lineItemInputs(order);
    if (!oneOffExtraLine(lines, input.orderLineItemId)) {
      throw extraNotOnOrder(order.id, input.orderLineItemId);
    }
    const items = lines.map((i) =>
      i.id === input.orderLineItemId ? { ...i, quantity: input.quantity } : i,
    );
    const variants = await readVariants(
      ctx,
      items.flatMap((i) => (i.productVariantId ? [i.productVariantId] : [])),
    );
    const priced = await priceLines(ctx, order, items, variants);
    const written = await writeLines(ctx, order, priced, actorOf(input.userId));
    return { order: written, orderLineItemId: input.orderLineItemId };
  };
