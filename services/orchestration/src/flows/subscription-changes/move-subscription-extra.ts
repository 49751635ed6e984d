import { conflict, notFound, passRefusals } from '@pawfresh/kit';
import type { MoveExtraInput } from '@pawfresh/contracts/orchestration-subscription-changes';
import { dayInWords } from '../../rules/delivery-changes.js';
import type { WorkflowContext } from '../context.js';
import { workflowActor } from './subscription-change-steps.js';
import { type Answer, extrasChange } from './extras-change-steps.js';

export const moveSubscriptionExtra =
  (ctx: WorkflowContext) =>
  (input: MoveExtraInput): Promise<Answer> =>
    extrasChange(ctx, input, async (change) => {
      const extra = change.extra(input.extraId);
      const indexOf = (orderId: string) => {
        const order = change.scope.all.find((o) => o.id === orderId);
        if (!order || order.subscriptionOrderIndex === null) {
          throw notFound(`Order ${orderId} not found on this subscription`);
        }
        const left = change.scope.left.find((l) => l.orderId === orderId);
        const box = `Your box of ${dayInWords(order.deliveryDate)}`;
        if (left) throw conflict(`${box} keeps what it had: ${left.message}`);
        if (!change.scope.open.some((o) => o.id === orderId)) {
          throw conflict(`${box} is no longer to come`);
        }
        return order.subscriptionOrderIndex;
      };
      const from = indexOf(input.fromOrderId);
      const to = indexOf(input.toOrderId);
      const move = (name: string, a: number, b: number) =>
        ctx.step(name, () =>
          passRefusals('Moving the extra', () =>
            ctx.services.order.moveSubscriptionExtras({
              body: {
                subscriptionId: change.subscription.id,
                extraId: extra.id,
                fromOrderIndex: a,
                toOrderIndex: b,
                updatedBy: workflowActor(),
              },
            }),
          ),
        );
      const result = await move('move-extra-lines', from, to);
      result.updatedOrderIds.forEach((id) => change.updated.add(id));
      return [];
    });
