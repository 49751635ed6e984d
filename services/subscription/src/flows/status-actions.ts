import { conflict, refuseIfAny, toInstant } from '@pawfresh/kit';
import type { Subscription } from '@pawfresh/contracts/subscription';
import { findCancelReasons } from '../db/reference-store.js';
import { resumeDueSubscriptions } from '../db/subscription-store.js';
import { hasAnActivePlan, NEEDS_AN_ACTIVE_PLAN } from '../rules/active-plan.js';
import { cancelReasonProblems } from '../rules/cancel-reasons.js';
import { resumeDateProblem } from '../rules/resume-date.js';
import { subscriptionTransition } from '../rules/status-transitions.js';
import { allowed, answerWith, changeUnderLock, refuseField } from './change-subscription.js';
import type { BodyOf, SubscriptionContext } from './context.js';

/** The remove action (DELETE): a draft or cancelled subscription is gone for every caller. */
export async function removeSubscription(
  ctx: SubscriptionContext,
  id: string,
  body: BodyOf<'removeSubscription'>,
): Promise<void> {
  await changeUnderLock(ctx, id, body?.version, async (_tx, { row }) => {
    allowed(subscriptionTransition(row.status, 'remove'));
    return { removedAt: ctx.clock.now(), removedBy: body?.updatedBy ?? null };
  });
}

/** When a pause ends: the start of `resumeAt` in the customer's time zone. */
function resumeInstant(ctx: SubscriptionContext, body: BodyOf<'pauseSubscription'>): Date | null {
  if (!body?.resumeAt) return null;
  const at = toInstant(body.resumeAt, body.timezone);
  const problem = resumeDateProblem(body.resumeAt, at, ctx.clock.now());
  if (problem) throw refuseField('resumeAt', problem);
  return at!;
}

/** Pauses a subscription; pausing a paused one changes (or clears) its resume date only. */
export async function pauseSubscription(
  ctx: SubscriptionContext,
  id: string,
  body: BodyOf<'pauseSubscription'>,
): Promise<Subscription> {
  const resumeAt = resumeInstant(ctx, body);
  const row = await changeUnderLock(ctx, id, body?.version, async (_tx, { row: current }) => {
    allowed(subscriptionTransition(current.status, 'pause'));
    return {
      status: 'paused',
      pauseAt: current.pauseAt ?? ctx.clock.now(),
      resumeAt,
      updatedBy: body?.updatedBy ?? current.updatedBy,
    };
  });
  return answerWith(ctx, row);
}

export async function resumeSubscription(
  ctx: SubscriptionContext,
  id: string,
  body: BodyOf<'resumeSubscription'>,
): Promise<Subscription> {
  const row = await changeUnderLock(ctx, id, body?.version, async (_tx, { row: current }) => {
    allowed(subscriptionTransition(current.status, 'resume'));
    return {
      status: 'active',
      pauseAt: null,
      resumeAt: null,
      updatedBy: body?.updatedBy ?? current.updatedBy,
    };
  });
  return answerWith(ctx, row);
}

/** Cancels a subscription with its reasons (a top-level one and optionally one of its children). */
export async function cancelSubscription(
  ctx: SubscriptionContext,
  id: string,
  body: BodyOf<'cancelSubscription'>,
): Promise<Subscription> {
  const { primaryCancelReasonId: primaryId, secondaryCancelReasonId: secondaryId } = body;
  const reasons = await findCancelReasons(
    ctx.db,
    [primaryId, secondaryId].filter((r): r is string => !!r),
  );
  const reason = (rid: string | null | undefined) =>
    rid ? reasons.find((r) => r.id === rid) : undefined;
  refuseIfAny(cancelReasonProblems(body, reason(primaryId), reason(secondaryId)));
  const row = await changeUnderLock(ctx, id, body.version, async (_tx, { row: current }) => {
    allowed(subscriptionTransition(current.status, 'cancel'));
    return {
      status: 'cancelled',
      cancelledAt: ctx.clock.now(),
      cancelledBy: body.cancelledBy,
      cancelledByAdmin: body.cancelledByAdmin,
      primaryCancelReasonId: primaryId ?? null,
      secondaryCancelReasonId: secondaryId ?? null,
      otherCancelReason: body.otherCancelReason || null,
      pauseAt: null,
      resumeAt: null,
      updatedBy: body.cancelledBy,
    };
  });
  return answerWith(ctx, row);
}

/** Reactivates a cancelled subscription, which needs an active feeding plan; its reasons go. */
export async function reactivateSubscription(
  ctx: SubscriptionContext,
  id: string,
  body: BodyOf<'reactivateSubscription'>,
): Promise<Subscription> {
  const row = await changeUnderLock(ctx, id, body?.version, async (_tx, current) => {
    allowed(subscriptionTransition(current.row.status, 'reactivate'));
    if (!hasAnActivePlan(current.plans)) throw conflict(NEEDS_AN_ACTIVE_PLAN);
    return {
      status: 'active',
      cancelledAt: null,
      cancelledBy: null,
      cancelledByAdmin: null,
      primaryCancelReasonId: null,
      secondaryCancelReasonId: null,
      otherCancelReason: null,
      updatedBy: body?.updatedBy ?? current.row.updatedBy,
    };
  });
  return answerWith(ctx, row);
}

/** The pause sweep on demand: every paused subscription whose resume date has come, resumed. */
export async function resumeDue(ctx: SubscriptionContext): Promise<{ resumed: number }> {
  return { resumed: await resumeDueSubscriptions(ctx.db, ctx.clock.now()) };
}
