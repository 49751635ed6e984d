import type { WorkflowContext } from '../context.js';
import { type OneOffExtraAnswer, readOneOffLine, repriceLines } from './line-change-steps.js';

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
    const { order, lines } = await readOneOffLine(ctx, input);
    const items = lines.map((i) =>
      i.id === input.orderLineItemId ? { ...i, quantity: input.quantity } : i,
    );
    const written = await repriceLines(ctx, order, items, input);
    return { order: written, orderLineItemId: input.orderLineItemId };
  };
