import { notFound, orNotFound, passRefusals } from '@pawfresh/kit';
import type { Subscription } from '@pawfresh/contracts/subscription';
import { staffActor } from '../rules/staff-access.js';
import type { Acting, BodyOf, StaffContext } from './context.js';
import { runStaffAction } from './record-action.js';

/** What the audit log keeps of a subscription's state. */
const stateOf = (s: Subscription) => ({
  status: s.status,
  version: s.version,
  pauseAt: s.pauseAt,
  resumeAt: s.resumeAt,
  cancelledAt: s.cancelledAt,
  updatedBy: s.updatedBy,
});

/** The subscription; with `customerId`, another customer's is a 404 as an unknown one is. */
async function readSubscription(ctx: StaffContext, subscriptionId: string, customerId?: string) {
  const found = await orNotFound(
    ctx.subscription.getSubscription({ params: { id: subscriptionId } }),
  );
  if (!found || (customerId !== undefined && found.userId !== customerId)) {
    throw notFound(`Subscription ${subscriptionId} not found`);
  }
  return found;
}

/** What every status workflow is told: which plan, whose, at which version, and who acts. */
interface StatusRun {
  subscriptionId: string;
  userId: string;
  version: number;
  actedBy: string;
}

/**
 * Pause, resume, cancel or reactivate for a member of staff: the customer's own workflows
 * (docs/subscriptions.md), run for the subscription's household and written as done by the
 * member of staff (updatedBy, cancelledBy from the session, never from the body), at the version
 * read, so a change made meanwhile is a 409. With `customerId` (the 360 page's customer), another
 * customer's subscription is a 404.
 */
async function changeStatus<Result extends { subscription: Subscription }>(
  ctx: StaffContext,
  acting: Acting,
  target: { subscriptionId: string; customerId?: string },
  reason: string,
  action: `subscription.${'pause' | 'resume' | 'cancel' | 'reactivate'}`,
  run: (common: StatusRun) => Promise<Result>,
) {
  return runStaffAction(ctx, acting, {
    action,
    permission: 'subscriptions:write',
    targetType: 'subscription',
    targetId: target.subscriptionId,
    reason,
    doing: `The ${action.slice(13)}`,
    read: () => readSubscription(ctx, target.subscriptionId, target.customerId),
    customerOf: (before) => before.userId,
    run: (s) =>
      run({
        subscriptionId: s.id,
        userId: s.userId,
        version: s.version,
        actedBy: staffActor(acting.userId),
      }),
    stateBefore: stateOf,
    stateAfter: ({ subscription }) => stateOf(subscription),
  });
}

export const pauseSubscription = async (
  ctx: StaffContext,
  acting: Acting,
  subscriptionId: string,
  body: BodyOf<'pauseSubscription'>,
) => {
  const { result, audit } = await changeStatus(
    ctx,
    acting,
    { subscriptionId },
    body.reason,
    'subscription.pause',
    (common) =>
      ctx.orchestration.pauseSubscription({ body: { ...common, resumeAt: body.resumeAt } }),
  );
  return { subscription: result.subscription, audit };
};

export const resumeSubscription = async (
  ctx: StaffContext,
  acting: Acting,
  subscriptionId: string,
  body: BodyOf<'resumeSubscription'>,
) => {
  const { result, audit } = await changeStatus(
    ctx,
    acting,
    { subscriptionId },
    body.reason,
    'subscription.resume',
    (common) => ctx.orchestration.resumeSubscription({ body: common }),
  );
  return { subscription: result.subscription, audit };
};

/**
 * Cancels for a member of staff with the customer's cancel reason (cancel-subscription, the
 * customer app's workflow): cancelledBy is the member of staff and cancelledByAdmin is set.
 */
export const cancelSubscription = async (
  ctx: StaffContext,
  acting: Acting,
  params: { customerId: string; subscriptionId: string },
  body: BodyOf<'cancelSubscription'>,
) => {
  const { result, audit } = await changeStatus(
    ctx,
    acting,
    params,
    body.reason,
    'subscription.cancel',
    (common) =>
      ctx.orchestration.cancelSubscription({
        body: {
          ...common,
          primaryCancelReasonId: body.primaryCancelReasonId,
          secondaryCancelReasonId: body.secondaryCancelReasonId ?? null,
          otherCancelReason: body.otherCancelReason ?? null,
        },
      }),
  );
  const { subscription, deletedOrderIds, arrivingOrders } = result;
  return { subscription, deletedOrderIds, arrivingOrders, audit };
};

/** Restarts a cancelled plan for a member of staff (reactivate-subscription). */
export const reactivateSubscription = async (
  ctx: StaffContext,
  acting: Acting,
  params: { customerId: string; subscriptionId: string },
  body: BodyOf<'reactivateSubscription'>,
) => {
  const { result, audit } = await changeStatus(
    ctx,
    acting,
    params,
    body.reason,
    'subscription.reactivate',
    (common) => ctx.orchestration.reactivateSubscription({ body: common }),
  );
  const { subscription, ordersCreated, nextOrder } = result;
  return { subscription, ordersCreated, nextOrder, audit };
};

/** The reasons a subscription may be cancelled for (the customer app's list), in display order. */
export const cancelReasons = (ctx: StaffContext) =>
  passRefusals('Reading the cancel reasons', () =>
    ctx.subscription.listCancelReasons({ query: { context: 'subscription' } }),
  );
