import type { SubscriptionStatusChange } from '@pawfresh/contracts/account';
import type { StatusChange } from '@pawfresh/contracts/orchestration-subscription-changes';
import { relay } from '../upstream-errors.js';
import type { AccountContext, BodyOf } from './context.js';
import { orderIdsByIndex, toCustomerSubscription } from './subscriptions.js';

/**
 * Pause, resume and reactivate for the customer (docs/subscriptions.md "Pausing (customer API)"):
 * each is an orchestration workflow run as the customer (pause-subscription, resume-subscription,
 * reactivate-subscription), which changes the status and makes the boxes follow, undoing what it
 * did if a step fails. Another customer's subscription is a 404 there and nothing changes.
 */

async function answer(ctx: AccountContext, run: Promise<StatusChange>) {
  const {
    workflowId: _id,
    subscriptionId,
    version: _v,
    subscription,
    ...change
  } = await relay(run, [400, 404, 409]);
  const orderIds = await orderIdsByIndex(ctx, subscriptionId);
  return {
    subscription: toCustomerSubscription(subscription, orderIds),
    ...change,
  } satisfies SubscriptionStatusChange;
}

export const pause = (
  ctx: AccountContext,
  userId: string,
  subscriptionId: string,
  body: BodyOf<'pauseSubscription'>,
) =>
  answer(ctx, ctx.orchestration.pauseSubscription({ body: { ...body, subscriptionId, userId } }));

export const resume = (
  ctx: AccountContext,
  userId: string,
  subscriptionId: string,
  body: BodyOf<'resumeSubscription'>,
) =>
  answer(ctx, ctx.orchestration.resumeSubscription({ body: { ...body, subscriptionId, userId } }));

export const reactivate = (
  ctx: AccountContext,
  userId: string,
  subscriptionId: string,
  body: BodyOf<'reactivateSubscription'>,
) =>
  answer(
    ctx,
    ctx.orchestration.reactivateSubscription({ body: { ...body, subscriptionId, userId } }),
  );
