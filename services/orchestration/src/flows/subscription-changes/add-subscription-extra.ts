import type { AddExtraInput } from '@pawfresh/contracts/orchestration-subscription-changes';
import type { WorkflowContext } from '../context.js';
import { type Answer, type Schedule, extrasChange } from './extras-change-steps.js';

export const addSubscriptionExtra =
  (ctx: WorkflowContext) =>
  (input: AddExtraInput): Promise<Answer> =>
    extrasChange(ctx, input, async (change) => {
      const s: Schedule = {
        productVariantId: input.productVariantId,
        type: input.extraType,
        startOrderIndex: change.startIndex(input.startOrderId),
        nthOrder: input.nthOrder,
        quantity: input.quantity,
      };
      await change.add('0', s);
      return change.leftFor([s]);
    });
