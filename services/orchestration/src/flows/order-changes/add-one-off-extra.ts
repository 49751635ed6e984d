import { refuseIfAny } from '@pawfresh/kit';
import { addOneOff, lineItemInputs } from '../../rules/order-lines.js';
import type { WorkflowContext } from '../context.js';
import { readVariants } from './order-change-steps.js';
import {
  type OneOffExtraAnswer,
  extraProblems,
  readOrderToChange,
  repriceLines,
} from './line-change-steps.js';

/** add-one-off-extra: one more extra on an order (or more of one it has), repriced. */
export const addOneOffExtra =
  (ctx: WorkflowContext) =>
  async (input: {
    orderId: string;
    userId?: string | undefined;
    actedBy?: string | undefined;
    subscriptionId?: string | undefined;
    productVariantId: string;
    quantity: number;
  }): Promise<OneOffExtraAnswer> => {
    const order = await readOrderToChange(ctx, input);
    const current = order.orderLineItems.flatMap((i) =>
      i.productVariantId ? [i.productVariantId] : [],
    );
    const variants = await readVariants(ctx, [input.productVariantId, ...current]);
    refuseIfAny(
      extraProblems([input.productVariantId], variants).map((p) => ({
        ...p,
        path: ['productVariantId'],
      })),
    );
    const variant = variants.get(input.productVariantId)!;
    const items = addOneOff(lineItemInputs(order), variant, input.quantity);
    const written = await repriceLines(ctx, order, items, input, variants);
    const line = written.orderLineItems.find(
      (i) => i.oneOff && !i.planType && !i.extraId && i.productVariantId === variant.id,
    );
    return { order: written, orderLineItemId: line?.id ?? null };
  };
