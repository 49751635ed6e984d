import { notFound, orNotFound } from '@pawfresh/kit';
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
  updatedBy: s.updatedBy,
});

async function readSubscription(ctx: StaffContext, subscriptionId: string) {
  const found = await orNotFound(
    ctx.subscription.getSubscription({ params: { id: subscriptionId } }),
  );
  if (!found) throw notFound(`Subscription ${subscriptionId} not found`);
  return found;
}

/**
 * Pause or resume for a member of staff: the customer's own workflows (docs/subscriptions.md),
 * run for the subscription's household and written as done by the member of staff (updatedBy from
 * the session, never from the body), at the version read, so a change made meanwhile is a 409.
 */
async function changeStatus(
  ctx: StaffContext,
  acting: Acting,
  subscriptionId: string,
  reason: string,
  action: 'subscription.pause' | 'subscription.resume',
  run: (s: Subscription) => Promise<{ subscription: Subscription }>,
) {
  const { result, audit } = await runStaffAction(ctx, acting, {
    action,
    permission: 'subscriptions:write',
    targetType: 'subscription',
    targetId: subscriptionId,
    reason,
    doing: `The ${action.slice(13)}`,
    read: () => readSubscription(ctx, subscriptionId),
    customerOf: (before) => before.userId,
    run,
    stateBefore: stateOf,
    stateAfter: ({ subscription }) => stateOf(subscription),
  });
  return { subscription: result.subscription, audit };
}

export const pauseSubscription = (
  ctx: StaffContext,
  acting: Acting,
  subscriptionId: string,
  body: BodyOf<'pauseSubscription'>,
) =>
  changeStatus(ctx, acting, subscriptionId, body.reason, 'subscription.pause', (s) =>
    ctx.orchestration.pauseSubscription({
      body: {
        subscriptionId,
        userId: s.userId,
        version: s.version,
        resumeAt: body.resumeAt,
        actedBy: staffActor(acting.userId),
      },
    }),
  );

export const resumeSubscription = (
  ctx: StaffContext,
  acting: Acting,
  subscriptionId: string,
  body: BodyOf<'resumeSubscription'>,
) =>
  changeStatus(ctx, acting, subscriptionId, body.reason, 'subscription.resume', (s) =>
    ctx.orchestration.resumeSubscription({
      body: {
        subscriptionId,
        userId: s.userId,
        version: s.version,
        actedBy: staffActor(acting.userId),
      },
    }),
  );
