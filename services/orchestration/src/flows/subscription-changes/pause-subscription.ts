import { badRequest, conflict } from '@pawfresh/kit';
import type { PauseSubscriptionInput } from '@pawfresh/contracts/orchestration-subscription-changes';
import { openBoxes, restartDates, resumeDateRefusal } from '../../rules/pause.js';
import { saga } from '../../engine/saga.js';
import type { WorkflowContext } from '../context.js';
import { readSubscription } from './subscription-change-steps.js';
import {
  type Answer,
  type PlanBoxes,
  readBoxes,
  refuseMovedVersion,
  actorOf,
  changeStatus,
  moveBox,
  moveBack,
  removeBox,
} from './subscription-status-steps.js';

/**
 * pause-subscription: the plan's boxes to come that are not paid and not being made are removed
 * but the first, which moves to the first date of the plan's rhythm on or after the resume date;
 * then the subscription is paused. If the pause is refused, the box moves back and the removed ones
 * are planned again.
 */
export const pauseSubscription =
  (ctx: WorkflowContext, planBoxes: PlanBoxes) =>
  async (input: PauseSubscriptionInput): Promise<Answer> => {
    const s = await readSubscription(ctx, input.subscriptionId, input.userId);
    if (s.status !== 'active' && s.status !== 'paused') {
      throw conflict(
        `Only an active or paused plan can be paused; this one is ${s.status}${s.status === 'cancelled' ? ': restart it instead' : ''}`,
        { currentVersion: s.version },
      );
    }
    refuseMovedVersion(s, input.version);
    const { orders, timezone, today, readAt } = await readBoxes(ctx, s.id);
    const refusal = resumeDateRefusal(input.resumeAt, today);
    if (refusal) throw badRequest(refusal);
    const actor = actorOf(input.userId, input.actedBy);
    const [first, ...rest] = openBoxes(orders, today, new Date(readAt));

    return saga(ctx.step, 'the pause', async (saga) => {
      // Undone (even part way) by planning the boxes again: a child workflow, durable itself.
      const deletedOrderIds: string[] = [];
      await saga.around(
        'remove-boxes',
        async () => {
          for (const box of rest) {
            if (await removeBox(ctx, box)) deletedOrderIds.push(box.id);
          }
        },
        rest.length > 0 ? { run: () => planBoxes(s.id), durable: true } : undefined,
        { undoOnFailure: 'any' },
      );
      let nextOrder: Answer['nextOrder'] = null;
      if (first) {
        const dates = restartDates(first.deliveryDate, s.cadenceInWeeks, input.resumeAt, 4);
        const deliveryDate = await saga.around(
          'move-box',
          () => moveBox(ctx, 'move-box', first, dates, actor),
          moveBack(ctx, first, actor),
        );
        nextOrder = { orderId: first.id, deliveryDate };
      }
      const paused = await changeStatus(ctx, 'pause-subscription', s, 'paused', actor, () =>
        ctx.services.subscription.pauseSubscription({
          params: { id: s.id },
          body: { version: s.version, resumeAt: input.resumeAt, timezone, updatedBy: actor },
        }),
      );
      const gone = new Set<string>([...deletedOrderIds, ...(first ? [first.id] : [])]);
      const arrivingOrders = orders
        .filter((o) => !gone.has(o.id) && o.deliveryDate >= today)
        .map((o) => ({ orderId: o.id, deliveryDate: o.deliveryDate }));
      return {
        subscriptionId: s.id,
        version: paused.version,
        subscription: paused,
        deletedOrderIds,
        arrivingOrders,
        nextOrder,
        ordersCreated: 0,
      };
    });
  };
