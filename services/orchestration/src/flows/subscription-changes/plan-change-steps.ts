import { badRequest, conflict, notFound, passRefusals } from '@pawfresh/kit';
import type {
  FeedingPlanTypeChangeInput,
  PlanChangeReview,
  ServingSizeChangeInput,
  SubscriptionChange,
} from '@pawfresh/contracts/orchestration-subscription-changes';
import {
  servingSizeCodes,
  type FeedingPlan,
  type FeedingPlanType,
  type GeneratedFeedingPlan,
  type Subscription,
  type UpdateSubscriptionInput,
} from '@pawfresh/contracts/subscription';
import {
  activePlansSide,
  planFigures,
  planSide,
  replanLines,
} from '../../rules/subscription-changes.js';
import { saga } from '../../engine/saga.js';
import type { WorkflowContext } from '../context.js';
import {
  outcome,
  patchSubscription,
  readSubscription,
  refuseMovedVersion,
  refuseUnlessLive,
  rewriteOrder,
  type OrdersInScope,
} from './subscription-change-steps.js';

export type Answer = Omit<SubscriptionChange, 'workflowId'>;

export type Review = Omit<PlanChangeReview, 'workflowId'>;

type PlanPatch = NonNullable<UpdateSubscriptionInput['feedingPlans']>[number];

/** Daily grams of a serving size sent as a code (f0200) or as grams that are one of them. */
function servingSizeGrams(size: string | number): number {
  if (typeof size === 'string') return Number(size.slice(1));
  if (!servingSizeCodes.some((code) => Number(code.slice(1)) === size)) {
    throw badRequest(
      `servingSize ${size} is not one of the serving sizes (${servingSizeCodes.map((c) => Number(c.slice(1))).join(', ')} grams a day)`,
    );
  }
  return size;
}

export function planOf(subscription: Subscription, feedingPlanId: string): FeedingPlan {
  const plan = subscription.feedingPlans.find((p) => p.id === feedingPlanId);
  if (!plan) throw notFound(`Feeding plan ${feedingPlanId} not found`);
  return plan;
}

/** The dog's energy need (kcal a day), read once as a step. */
export function readEnergy(ctx: WorkflowContext, animalId: string, userId: string) {
  return ctx.step(`read-dog:${animalId}`, async () => {
    const dog = await passRefusals('Reading the dog', () =>
      ctx.services.dogs.getDog({ params: { dogId: animalId }, query: { userId } }),
    );
    return {
      name: dog.name,
      energy: dog.dailyEnergyKilocalories,
      mealProductIds: dog.mealProductIds,
    };
  });
}

/** The plan sized and priced by the subscription service for a new size or type (reads only). */
export async function sizePlan(
  ctx: WorkflowContext,
  subscription: Subscription,
  animalId: string,
  meals: { productId: string; weight: number }[],
  change: { planType: FeedingPlanType; servingSize?: number },
): Promise<GeneratedFeedingPlan> {
  const dog = await readEnergy(ctx, animalId, subscription.userId);
  if (change.servingSize === undefined && !dog.energy) {
    throw badRequest(`${dog.name} has no daily energy need yet: add the dog's weight first`);
  }
  return ctx.step(`size-plan:${animalId}`, async () => {
    const generated = await passRefusals('Sizing the feeding plan', () =>
      ctx.services.subscription.generatePlans({
        body: {
          cadenceInWeeks: subscription.cadenceInWeeks,
          dogs: [
            {
              animalId,
              // With a serving size given, the energy does not size the plan.
              energy: dog.energy ?? change.servingSize!,
              planType: change.planType,
              meals,
              ...(change.servingSize !== undefined ? { servingSize: change.servingSize } : {}),
            },
          ],
        },
      }),
    );
    return generated.feedingPlans[0]!;
  });
}

const mealsOf = (plan: FeedingPlan) =>
  plan.skus.map((s) => ({ productId: s.productId, weight: s.ratio }));

/**
 * Writes a feeding-plan change: the subscription PATCHed at the version read, then every open
 * order's plan lines for the dogs concerned replaced and repriced. A failure on the way puts back
 * the orders already changed and the subscription (docs/changes.md).
 */
export async function applyPlanChange(
  ctx: WorkflowContext,
  subscription: Subscription,
  scope: OrdersInScope,
  animalIds: Set<string>,
  plans: PlanPatch[],
  undoPlans: (changed: Subscription) => PlanPatch[],
): Promise<Answer> {
  return saga(ctx.step, 'the plan change', async (s) => {
    const changed = await s.around(
      'update-subscription',
      () => patchSubscription(ctx, 'update-subscription', subscription, { feedingPlans: plans }),
      {
        name: 'undo-subscription',
        run: (done) =>
          patchSubscription(ctx, 'undo-subscription', done, { feedingPlans: undoPlans(done) }),
      },
    );
    const updatedOrderIds: string[] = [];
    for (const order of scope.open) {
      await s.around(
        `update-order:${order.id}`,
        () =>
          rewriteOrder(ctx, order.id, (current) =>
            replanLines(current.orderLineItems, changed.feedingPlans, animalIds),
          ),
        {
          run: (before) => rewriteOrder(ctx, order.id, () => [], before!.lines),
          needed: (before) => before !== undefined,
        },
      );
      updatedOrderIds.push(order.id);
    }
    return {
      subscriptionId: changed.id,
      version: changed.version,
      subscription: changed,
      before: activePlansSide(subscription.feedingPlans),
      after: activePlansSide(changed.feedingPlans),
      orders: outcome(updatedOrderIds, scope.left),
    };
  });
}

/** Back to what a plan had: its type, size and meals (the version of the plan after the change). */
export const restorePlan = (old: FeedingPlan, changed: Subscription): PlanPatch => {
  const now = changed.feedingPlans.find((p) => p.id === old.id)!;
  return {
    id: old.id,
    version: now.version,
    type: old.type,
    currentDailyServingSizeInGrams: old.currentDailyServingSizeInGrams,
    skus: old.skus.map((s) => ({ productVariantId: s.productVariantId, ratio: s.ratio })),
  };
};

export async function readForChange(
  ctx: WorkflowContext,
  input: { subscriptionId: string; userId?: string | undefined; version?: number | undefined },
) {
  const subscription = await readSubscription(ctx, input.subscriptionId, input.userId);
  refuseUnlessLive(subscription);
  refuseMovedVersion(subscription, input.version);
  return subscription;
}

// ---------------------------------------------------------------------------------------------
// Serving size
// ---------------------------------------------------------------------------------------------

export async function servingSizeChange(ctx: WorkflowContext, input: ServingSizeChangeInput) {
  const subscription = await readForChange(ctx, input);
  const plan = planOf(subscription, input.feedingPlanId);
  const grams = servingSizeGrams(input.servingSize);
  const sized = await sizePlan(ctx, subscription, plan.animalId, mealsOf(plan), {
    planType: plan.type,
    servingSize: grams,
  });
  return { subscription, plan, grams, sized };
}

export function reviewOf(
  subscription: Subscription,
  replaced: Map<string, GeneratedFeedingPlan>,
  scope: OrdersInScope,
): Review {
  const active = subscription.feedingPlans.filter((p) => p.status === 'active');
  const after = active.map((p) => {
    const next = replaced.get(p.id);
    return next ? planFigures(next, p.id) : planFigures(p, p.id);
  });
  return {
    subscriptionId: subscription.id,
    version: subscription.version,
    before: activePlansSide(subscription.feedingPlans),
    after: planSide(after),
    orders: outcome(
      scope.open.map((o) => o.id),
      scope.left,
    ),
  };
}

export async function planTypeChange(ctx: WorkflowContext, input: FeedingPlanTypeChangeInput) {
  const subscription = await readForChange(ctx, input);
  const plans = input.feedingPlanId
    ? [planOf(subscription, input.feedingPlanId)]
    : subscription.feedingPlans.filter((p) => p.status === 'active');
  if (plans.length === 0) {
    throw conflict(`Subscription ${subscription.id} has no active feeding plan to change`);
  }
  const sized = new Map<string, GeneratedFeedingPlan>();
  for (const plan of plans) {
    sized.set(
      plan.id,
      await sizePlan(ctx, subscription, plan.animalId, mealsOf(plan), {
        planType: input.feedingPlanType,
      }),
    );
  }
  return { subscription, plans, sized };
}
