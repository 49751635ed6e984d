import type { WorkflowContext } from '../context.js';
import { type OneOffExtraAnswer, readOneOffLine, repriceLines } from './line-change-steps.js';

/** delete-one-off-extra: a one-off extra off the order, repriced. */
export const deleteOneOffExtra =
  (ctx: WorkflowContext) =>
  async (input: {
    orderId: string;
    userId?: string | undefined;
    actedBy?: string | undefined;
    subscriptionId?: string | undefined;
    orderLineItemId: string;
  }): Promise<OneOffExtraAnswer> => {
    const { order, lines } = await readOneOffLine(ctx, input);
    const items = lines.filter((i) => i.id !== input.orderLineItemId);
    const written = await repriceLines(ctx, order, items, input);
    return { order: written, orderLineItemId: null };
  };
