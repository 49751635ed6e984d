import type { TreatsChangeInput } from '@pawfresh/contracts/orchestration-subscription-changes';
import type { WorkflowContext } from '../context.js';
import { type Answer, type Schedule, scheduleOf, extrasChange } from './extras-change-steps.js';

/**
 * update-subscription-treats: the subscription's extras become the list sent. An extra of the same
 * variant and type is kept (and changed if its schedule or quantity differs), a new one added, and
 * the ones left out stopped.
 */
export const updateSubscriptionTreats =
  (ctx: WorkflowContext) =>
  (input: TreatsChangeInput): Promise<Answer> =>
    extrasChange(ctx, input, async (change) => {
      const current = change.subscription.extras.filter((e) => !e.cancelledAt);
      const matched = new Set<string>();
      const plan = input.extras.map((wanted) => {
        const match = current.find(
          (e) =>
            !matched.has(e.id) &&
            e.productVariantId === wanted.productVariantId &&
            e.type === wanted.extraType,
        );
        if (match) matched.add(match.id);
        const s: Schedule = {
          productVariantId: wanted.productVariantId,
          type: wanted.extraType,
          startOrderIndex:
            wanted.startOrderId === undefined && match
              ? match.startOrderIndex
              : change.startIndex(wanted.startOrderId),
          nthOrder: wanted.nthOrder,
          quantity: wanted.quantity,
        };
        return { match, s };
      });
      const schedules: Schedule[] = [];
      for (const [i, extra] of current.entries()) {
        if (matched.has(extra.id)) continue;
        await change.remove(`stop-${i}`, extra, { cancelNotes: 'Left out of the extras sent' });
        schedules.push(scheduleOf(extra));
      }
      for (const [i, { match, s }] of plan.entries()) {
        if (match) {
          await change.update(`${i}`, change.extra(match.id), s);
          schedules.push(scheduleOf(match));
        } else await change.add(`${i}`, s);
        schedules.push(s);
      }
      return change.leftFor(schedules);
    });
