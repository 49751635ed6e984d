import { notFound, orNotFound, passRefusals } from '@pawfresh/kit';
import type { Order } from '@pawfresh/contracts/order';
import type { PlanSide } from '@pawfresh/contracts/orchestration-subscription-changes';
import type { StaffPlanChange } from '@pawfresh/contracts/staff-plan-changes';
import type { Subscription } from '@pawfresh/contracts/subscription';
import { staffActor } from '../rules/staff-access.js';
import type { Acting, BodyOf, StaffContext } from './context.js';
import { forSale } from './box-actions.js';
import { readCustomerOrder } from './order-actions.js';
import { runStaffAction } from './record-action.js';

/**
 * What a dog eats, changed by a member of staff (docs/staff.md "Changing meals and plans"): one
 * box's meals (update-order-recipe-mix, previewed by price-order-recipe-mix, which prices by the
 * same steps) and a dog's plan (the customer app's review and apply workflows). Each is run for
 * the customer (another customer's box or plan is a 404 and nothing changes) and recorded with
 * the reason.
 */

type BoxParams = { customerId: string; orderId: string };
type PlanParams = { customerId: string; subscriptionId: string };

/** What the audit log keeps of one box's meals: the lines and what the box costs. */
const mealsOf = (o: Order) => ({
  totalPrice: o.totalPrice,
  totalCharge: o.totalCharge,
  version: o.version,
  lines: o.orderLineItems.map((i) => ({
    productVariantId: i.productVariantId,
    animalId: i.animalId,
    quantity: i.quantity,
    price: i.price,
    discountedPrice: i.discountedPrice,
  })),
});

/**
 * The meals for sale, one a meal (the workflows take any pouch variant of it and use the box's or
 * plan's pouch size), by name.
 */
export async function mealsForSale(ctx: StaffContext) {
  const meals = new Map<string, { productVariantId: string; productId: string; name: string }>();
  for (const v of await forSale(ctx, ['meal'])) {
    if (!meals.has(v.productId)) {
      meals.set(v.productId, {
        productVariantId: v.productVariantId,
        productId: v.productId,
        name: v.productName,
      });
    }
  }
  return [...meals.values()];
}

/** The box's totals before and after the new meals, nothing written. */
export async function previewBoxMeals(
  ctx: StaffContext,
  params: BoxParams,
  body: BodyOf<'previewBoxMeals'>,
) {
  const box = await readCustomerOrder(ctx, params.customerId, params.orderId);
  const { workflowId: _, ...priced } = await passRefusals('Pricing the meals', () =>
    ctx.orchestration.priceOrderRecipeMix({
      body: { orderId: box.id, userId: params.customerId, ...body },
    }),
  );
  return priced;
}

/** One dog's meals in one box (update-order-recipe-mix, written as the member of staff). */
export async function changeBoxMeals(
  ctx: StaffContext,
  acting: Acting,
  params: BoxParams,
  body: BodyOf<'changeBoxMeals'>,
) {
  const { reason, ...meals } = body;
  const { result: order, audit } = await runStaffAction(ctx, acting, {
    action: 'order.change-meals',
    permission: 'orders:write',
    targetType: 'order',
    targetId: params.orderId,
    reason,
    doing: 'Changing the meals',
    read: () => readCustomerOrder(ctx, params.customerId, params.orderId),
    customerOf: (before) => before.userId,
    run: async (before) => {
      const done = await ctx.orchestration.updateOrderRecipeMix({
        body: {
          orderId: before.id,
          userId: params.customerId,
          ...meals,
          actedBy: staffActor(acting.userId),
        },
      });
      return done.orders[0]!;
    },
    stateBefore: mealsOf,
    stateAfter: mealsOf,
  });
  return { order, audit };
}

/** The customer's subscription: another customer's, or an unknown one, is a 404. */
async function readCustomerSubscription(ctx: StaffContext, params: PlanParams) {
  const found = await orNotFound(
    ctx.subscription.getSubscription({ params: { id: params.subscriptionId } }),
  );
  if (!found || found.userId !== params.customerId) {
    throw notFound(`Subscription ${params.subscriptionId} not found`);
  }
  return found;
}

/**
 * The customer app's review and apply workflows for a change, with the customer app's own fields
 * (recipes: the meals page; servingSize: the serving-size page; planType: the plan page).
 */
function planWorkflows(ctx: StaffContext, subscription: Subscription, change: StaffPlanChange) {
  const common = {
    subscriptionId: subscription.id,
    userId: subscription.userId,
    feedingPlanId: change.feedingPlanId,
  };
  const o = ctx.orchestration;
  switch (change.change) {
    case 'recipes': {
      const body = { ...common, skus: change.skus };
      return {
        review: () => o.reviewUpdateSubscriptionRecipeMix({ body }),
        apply: (version: number) => o.updateSubscriptionRecipeMix({ body: { ...body, version } }),
      };
    }
    case 'servingSize': {
      const body = { ...common, servingSize: change.servingSize };
      return {
        review: () => o.reviewUpdateSubscriptionServingSize({ body }),
        apply: (version: number) => o.updateSubscriptionServingSize({ body: { ...body, version } }),
      };
    }
    case 'planType': {
      const body = { ...common, feedingPlanType: change.feedingPlanType };
      return {
        review: () => o.reviewUpdateSubscriptionFeedingPlanType({ body }),
        apply: (version: number) =>
          o.updateSubscriptionFeedingPlanType({ body: { ...body, version } }),
      };
    }
  }
}

/** The customer app's review step for the change (changes nothing). */
export async function reviewPlanChange(
  ctx: StaffContext,
  params: PlanParams,
  change: BodyOf<'reviewPlanChange'>,
) {
  const subscription = await readCustomerSubscription(ctx, params);
  const { workflowId: _, ...review } = await passRefusals('Reviewing the change', () =>
    planWorkflows(ctx, subscription, change).review(),
  );
  return review;
}

/** The audit action for each kind of change. */
const planActions = {
  recipes: 'subscription.change-recipes',
  servingSize: 'subscription.change-serving-size',
  planType: 'subscription.change-plan-type',
} as const;

/** What the audit log keeps of a plan side: per box and per day, and each dog's plan. */
const sideOf = (side: PlanSide | null) =>
  side && {
    pricePerBox: side.pricePerBox,
    pricePerDay: side.pricePerDay,
    feedingPlans: side.feedingPlans.map((p) => ({
      feedingPlanId: p.feedingPlanId,
      type: p.type,
      servingSize: p.servingSize,
      pricePerBox: p.pricePerBox,
      pricePerDay: p.pricePerDay,
      skus: p.skus,
    })),
  };

/** A dog's recipes, serving size or plan type, at the version the review answered. */
export async function changePlan(
  ctx: StaffContext,
  acting: Acting,
  params: PlanParams,
  input: BodyOf<'changePlan'>,
) {
  const { reason, version, ...change } = input;
  const { result, audit } = await runStaffAction(ctx, acting, {
    action: planActions[change.change],
    permission: 'subscriptions:write',
    targetType: 'subscription',
    targetId: params.subscriptionId,
    reason,
    doing: 'Changing the plan',
    read: () => readCustomerSubscription(ctx, params),
    customerOf: (before) => before.userId,
    run: async (subscription) => {
      const { workflowId: _, ...done } = await planWorkflows(ctx, subscription, change).apply(
        version,
      );
      return done;
    },
    stateBefore: (s) => ({ version: s.version, change }),
    stateAfter: (done) => ({
      version: done.version,
      before: sideOf(done.before),
      after: sideOf(done.after),
      orders: done.orders,
    }),
  });
  return { ...result, audit };
}
