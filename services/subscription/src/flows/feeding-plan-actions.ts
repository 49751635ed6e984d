import { notFound } from '@pawfresh/kit';
import type { Subscription } from '@pawfresh/contracts/subscription';
import { updateFeedingPlan } from '../db/subscription-items-store.js';
import { feedingPlanTransition } from '../rules/status-transitions.js';
import { activeTotals } from '../rules/subscription-totals.js';
import { allowed, answerWith, changeUnderLock } from './change-subscription.js';
import type { BodyOf, SubscriptionContext } from './context.js';

/**
 * Pauses one dog's feeding plan or makes it active again; the subscription's totals follow, as
 * they count active plans only.
 */
export async function changeFeedingPlanStatus(
  ctx: SubscriptionContext,
  id: string,
  feedingPlanId: string,
  action: 'pause' | 'activate',
  body: BodyOf<'pauseFeedingPlan'>,
): Promise<Subscription> {
  const row = await changeUnderLock(ctx, id, body?.version, async (tx, current) => {
    const plan = current.plans.find((p) => p.id === feedingPlanId);
    if (!plan) throw notFound(`Feeding plan ${feedingPlanId} is not on subscription ${id}`);
    const to = allowed(feedingPlanTransition(plan.status, action));
    const now = ctx.clock.now();
    await updateFeedingPlan(tx, plan.id, {
      status: to,
      pausedAt: to === 'paused' ? now : null,
      version: plan.version + 1,
      updatedAt: now,
    });
    const plans = current.plans.map((p) => (p.id === plan.id ? { ...p, status: to } : p));
    return { ...activeTotals(plans), updatedBy: body?.updatedBy ?? current.row.updatedBy };
  });
  return answerWith(ctx, row);
}
