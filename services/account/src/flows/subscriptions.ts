import { notFound, upstream } from '@pawfresh/kit';
import type { CustomerSubscription } from '@pawfresh/contracts/account';
import type { GeneratePlansInput, Subscription } from '@pawfresh/contracts/subscription';
import { toCustomerOrder } from '../rules/customer-views.js';
import { resumeDay } from '../rules/pause.js';
import { relay } from '../upstream-errors.js';
import type { AccountContext, BodyOf, QueryOf } from './context.js';

/**
 * The customer's subscription calls (customer-app.md §7 "Subscriptions"). Reads come from the
 * subscription service; every change is an orchestration workflow run as the customer (`userId`),
 * so another customer's subscription, feeding plan, extra or dog is a 404 and nothing changes.
 * The workflows' refusals (400, 404, 409 with the version now) reach the customer in their words.
 */

/** The order ids of a subscription by their index, to show where each extra starts. */
export async function orderIdsByIndex(ctx: AccountContext, subscriptionId: string) {
  const byIndex = new Map<number, string>();
  for (let offset = 0; ; offset += 100) {
    const page = await ctx.order.listOrders({
      query: { subscriptionId, orderBy: 'id', direction: 'ASC', offset, limit: 100 },
    });
    for (const o of page.data) {
      if (o.subscriptionOrderIndex !== null) byIndex.set(o.subscriptionOrderIndex, o.id);
    }
    if (page.data.length < 100) return byIndex;
  }
}

export function toCustomerSubscription(
  s: Subscription,
  orderIds: Map<number, string>,
): CustomerSubscription {
  return {
    id: s.id,
    status: s.status,
    version: s.version,
    cadenceInWeeks: s.cadenceInWeeks,
    preferredDeliverySlotId: s.preferredDeliverySlotId,
    feedingPlanTotalPrice: s.feedingPlanTotalPrice,
    feedingPlanTotalPouches: s.feedingPlanTotalPouches,
    feedingPlans: s.feedingPlans,
    extras: s.extras
      .filter((e) => !e.cancelledAt)
      .map((e) => ({
        id: e.id,
        extraType: e.type,
        startOrderId: orderIds.get(e.startOrderIndex) ?? null,
        startOrderIndex: e.startOrderIndex,
        nthOrder: e.nthOrder,
        quantity: e.quantity,
        productVariantId: e.productVariantId,
        price: e.price,
      })),
    cancelledAt: s.cancelledAt,
    resumeAt: resumeDay(s.resumeAt),
  };
}

export async function customerSubscriptions(ctx: AccountContext, userId: string) {
  const { data: list } = await ctx.subscription.listSubscriptions({ query: { userId } });
  const subscriptions: CustomerSubscription[] = [];
  for (const s of list) {
    subscriptions.push(toCustomerSubscription(s, await orderIdsByIndex(ctx, s.id)));
  }
  return { subscriptions };
}

export async function cancelReasons(ctx: AccountContext, query: QueryOf<'getCancelReasons'>) {
  const reasons = await ctx.subscription.listCancelReasons({ query });
  const shown = ({
    id,
    description,
    displayOrder,
  }: {
    id: string;
    description: string;
    displayOrder: number | null;
  }) => ({
    id,
    description,
    displayOrder,
  });
  return reasons.map((r) => ({ ...shown(r), childReasons: r.childReasons.map(shown) }));
}

/** A workflow's answer as the customer API gives it (no run id, no internal subscription). */
export function answer<T extends { workflowId: string; subscription?: unknown }>(result: T) {
  const { workflowId: _id, subscription: _s, ...rest } = result;
  return rest;
}

/** A workflow's refusals in its words (400, 404, 409); anything else the customer fallback. */
export const wf = <T>(call: Promise<T>) => relay(call, [400, 404, 409]);

export const cancel = async (
  ctx: AccountContext,
  userId: string,
  subscriptionId: string,
  body: BodyOf<'cancelSubscription'>,
) =>
  answer(
    await wf(ctx.orchestration.cancelSubscription({ body: { ...body, subscriptionId, userId } })),
  );

export const updateExtras = async (
  ctx: AccountContext,
  userId: string,
  subscriptionId: string,
  body: BodyOf<'updateSubscriptionExtras'>,
) =>
  answer(
    await wf(
      ctx.orchestration.updateSubscriptionTreats({ body: { ...body, subscriptionId, userId } }),
    ),
  );

export const addExtra = async (
  ctx: AccountContext,
  userId: string,
  subscriptionId: string,
  body: BodyOf<'addSubscriptionExtra'>,
) =>
  answer(
    await wf(ctx.orchestration.addSubscriptionExtra({ body: { ...body, subscriptionId, userId } })),
  );

export const updateExtra = async (
  ctx: AccountContext,
  userId: string,
  subscriptionId: string,
  body: BodyOf<'updateSubscriptionExtraQuantity'> | BodyOf<'updateSubscriptionExtraFrequency'>,
) =>
  answer(
    await wf(
      ctx.orchestration.updateSubscriptionExtra({ body: { ...body, subscriptionId, userId } }),
    ),
  );

export const deleteExtra = async (
  ctx: AccountContext,
  userId: string,
  subscriptionId: string,
  body: BodyOf<'deleteSubscriptionExtra'>,
) =>
  answer(
    await wf(
      ctx.orchestration.deleteSubscriptionExtra({ body: { ...body, subscriptionId, userId } }),
    ),
  );

export const updateRecipes = async (
  ctx: AccountContext,
  userId: string,
  params: { subscriptionId: string; feedingPlanId: string },
  body: BodyOf<'updateSubscriptionRecipes'>,
) =>
  answer(
    await wf(
      ctx.orchestration.updateSubscriptionRecipeMix({ body: { ...body, ...params, userId } }),
    ),
  );

export const updateServingSize = async (
  ctx: AccountContext,
  userId: string,
  body: BodyOf<'updateServingSize'>,
) =>
  answer(await wf(ctx.orchestration.updateSubscriptionServingSize({ body: { ...body, userId } })));

export const reviewServingSize = async (
  ctx: AccountContext,
  userId: string,
  body: BodyOf<'reviewUpdateSubscriptionServingSize'>,
) =>
  answer(
    await wf(ctx.orchestration.reviewUpdateSubscriptionServingSize({ body: { ...body, userId } })),
  );

export const updateFeedingPlanType = async (
  ctx: AccountContext,
  userId: string,
  body: BodyOf<'updateSubscriptionFeedingPlanType'>,
) =>
  answer(
    await wf(ctx.orchestration.updateSubscriptionFeedingPlanType({ body: { ...body, userId } })),
  );

export const reviewFeedingPlanType = async (
  ctx: AccountContext,
  userId: string,
  body: BodyOf<'reviewUpdateSubscriptionFeedingPlanType'>,
) =>
  answer(
    await wf(
      ctx.orchestration.reviewUpdateSubscriptionFeedingPlanType({ body: { ...body, userId } }),
    ),
  );

/**
 * Moves one of the customer's deliveries through the update-order-delivery-date workflow (the
 * courier's days and the cut-off are checked there: a refused date is a 400 naming the next
 * possible dates; another customer's order is a 404) and answers the customer's deliveries as
 * they now are.
 */
export async function moveDelivery(
  ctx: AccountContext,
  userId: string,
  body: BodyOf<'updateOrderDeliveryDate'>,
) {
  await relay(
    ctx.orchestration.updateOrderDeliveryDate({
      body: { orderId: body.orderId, deliveryDate: body.deliveryDate, userId },
    }),
    [400, 404, 409],
  );
  const d = await ctx.order.getCustomerDeliveries({ params: { customerId: userId } });
  return {
    orders: [...d.currentOrders, ...d.futureOrders, ...d.failedOrders].map(toCustomerOrder),
  };
}

/** The plan catalogue as the app's meal-plan template: each plan's share of the daily energy. */
export async function mealPlans(ctx: AccountContext) {
  const plans = await upstream('Reading the plans', () => ctx.subscription.listPlans({}));
  return { mealPlan: Object.fromEntries(plans.map((p) => [p.slug, p.percentOfCalories])) };
}

/** Plans for the customer's own dogs only: another's dog is "not found". */
export async function generatePlans(ctx: AccountContext, userId: string, body: GeneratePlansInput) {
  const dogs = await ctx.dogs.listDogs({ query: { userId } });
  const own = new Set(dogs.map((d) => d.identifier));
  const stranger = body.dogs.find((d) => !own.has(d.animalId));
  if (stranger) throw notFound(`Dog ${stranger.animalId} not found`);
  return relay(ctx.subscription.generatePlans({ body }), [400]);
}
