import type { DeleteExtraInput } from '@pawfresh/contracts/orchestration-subscription-changes';
import type { WorkflowContext } from '../context.js';
import { type Answer, scheduleOf, extrasChange } from './extras-change-steps.js';

export const deleteSubscriptionExtra =
  (ctx: WorkflowContext) =>
  (input: DeleteExtraInput): Promise<Answer> =>
    extrasChange(ctx, input, async (change) => {
      const extra = change.extra(input.extraId);
      await change.remove('0', extra, {
        cancelReasonId: input.cancelReasonId ?? null,
        cancelNotes: input.cancelNotes ?? null,
      });
      return change.leftFor([scheduleOf(extra)]);
    });
