import { conflict, passRefusals, upstream, isPassedRefusal } from '@pawfresh/kit';
import type {
  CancelSubscriptionInput,
  SubscriptionCancellation,
} from '@pawfresh/contracts/orchestration-subscription-changes';
import type { Subscription } from '@pawfresh/contracts/subscription';
import { stillArriving } from '../../rules/subscription-changes.js';
import { saga } from '../../engine/saga.js';
import type { WorkflowContext } from '../context.js';
import {
  outcome,
  readOrdersInScope,
  readSubscription,
  refuseMovedVersion,
  todayInAustralia,
  workflowActor,
} from './subscription-change-steps.js';
import { actorOf } from './subscription-status-steps.js';

/**
 * cancel-subscription: the subscription is cancelled with the reasons given (first, since a
 * cancellation can be undone by reactivating), then its orders not paid and not being made are
 * deleted. The orders already paid or being made still arrive, and the answer lists them. If the
 * orders cannot be deleted, the subscription is reactivated: nothing half-done.
 */
export const cancelSubscription =
  (ctx: WorkflowContext) =>
  async (input: CancelSubscriptionInput): Promise<Omit<SubscriptionCancellation, 'workflowId'>> => {
    const { services, step } = ctx;
    const subscription = await readSubscription(ctx, input.subscriptionId, input.userId);
    if (subscription.status === 'cancelled' || subscription.status === 'draft') {
      throw conflict(`Subscription ${subscription.id} is already ${subscription.status}`, {
        currentVersion: subscription.version,
      });
    }
    refuseMovedVersion(subscription, input.version);
    const actor = workflowActor();
    return saga(step, 'the cancellation', async (s) => {
      const cancelled: Subscription = await s.step(
        'cancel-subscription',
        async () => {
          try {
            return await passRefusals('Cancelling the subscription', () =>
              services.subscription.cancelSubscription({
                params: { id: subscription.id },
                body: {
                  version: subscription.version,
                  primaryCancelReasonId: input.primaryCancelReasonId ?? null,
                  secondaryCancelReasonId: input.secondaryCancelReasonId ?? null,
                  otherCancelReason: input.otherCancelReason ?? null,
                  cancelledBy: actorOf(input.userId, input.actedBy),
                  // Staff (actedBy from their session) cancelled for the customer.
                  cancelledByAdmin: input.actedBy !== undefined,
                },
              }),
            );
          } catch (err) {
            if (!isPassedRefusal(err, 409)) throw err;
            // Replayed after a crash: this workflow's own cancellation moved the version.
            const now = await upstream('Reading the subscription', () =>
              services.subscription.getSubscription({ params: { id: subscription.id }, query: {} }),
            );
            if (now.status === 'cancelled' && now.version === subscription.version + 1) return now;
            throw conflict(
              `Subscription ${subscription.id} has changed since version ${subscription.version} (it is at version ${now.version}): read it again and retry`,
              { currentVersion: now.version },
            );
          }
        },
        (done) =>
          passRefusals('Reactivating the subscription', () =>
            services.subscription.reactivateSubscription({
              params: { id: subscription.id },
              body: { version: done.version, updatedBy: actor },
            }),
          ),
      );
      const before = await readOrdersInScope(ctx, subscription.id);
      const { deletedOrderIds } = await step('delete-pending-orders', () =>
        passRefusals('Removing the orders', () =>
          services.order.deletePendingOrders({
            query: { subscriptionId: subscription.id, status: 'pending' },
          }),
        ),
      );
      const today = await step('today', async () => todayInAustralia(ctx.clock.now()));
      const arrivingOrders = stillArriving(before.all, deletedOrderIds, today);
      return {
        subscriptionId: cancelled.id,
        version: cancelled.version,
        subscription: cancelled,
        before: null,
        after: null,
        orders: outcome([], before.left),
        deletedOrderIds,
        arrivingOrders,
      };
    });
  };
