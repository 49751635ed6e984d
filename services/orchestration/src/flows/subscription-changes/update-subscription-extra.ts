import type { UpdateExtraInput } from '@pawfresh/contracts/orchestration-subscription-changes';
import { startThroughBox } from '../../rules/subscription-changes.js';
import type { WorkflowContext } from '../context.js';
import { type Answer, type Schedule, scheduleOf, extrasChange } from './extras-change-steps.js';

export const updateSubscriptionExtra =
  (ctx: WorkflowContext) =>
  (input: UpdateExtraInput): Promise<Answer> =>
    extrasChange(ctx, input, async (change) => {
      const extra = change.extra(input.extraId);
      const nthOrder = input.nthOrder ?? extra.nthOrder;
      const from = input.startOrderId === undefined ? null : change.startIndex(input.startOrderId);
      const next: Schedule = {
        productVariantId: input.productVariantId ?? extra.productVariantId,
        type: input.extraType ?? extra.type,
        // A new frequency is counted through the box it is changed from (that box keeps it).
        startOrderIndex:
          from === null
            ? extra.startOrderIndex
            : nthOrder !== extra.nthOrder
              ? startThroughBox(extra.startOrderIndex, from, nthOrder)
              : from,
        nthOrder,
        quantity: input.quantity ?? extra.quantity,
      };
      await change.update('0', extra, next);
      return change.leftFor([scheduleOf(extra), next]);
    });
