import { badRequest, conflict, isCallStatus, notFound, orNotFound } from '@pawfresh/kit';
import type { SubscriptionStatusChange } from '@pawfresh/contracts/account';
import { blockedFulfilmentStatuses, type Order } from '@pawfresh/contracts/order';
import type { Subscription } from '@pawfresh/contracts/subscription';
import { earlierDates, localDate, restartDates, resumeDateRefusal } from '../rules/pause.js';
import { relay } from '../upstream-errors.js';
import type { AccountContext, BodyOf } from './context.js';
import { toCustomerSubscription } from './subscriptions.js';

/**
 * Pause, resume and reactivate for the customer (docs/subscriptions.md "Pausing (customer API)").
 * The subscription service changes the status; the boxes follow. Pausing removes the boxes not
 * paid and not being made but one, which moves to the first delivery date of the plan's rhythm on
 * or after the resume date (generate-orders continues from a plan's last box, so a plan without
 * any would never get boxes again). Resuming now moves that box back to the soonest date still
 * open and plans the rest through generate-orders; reactivating plans them through generate-orders.
 * The steps are ordered so that a failure between two leaves what the daily generate-orders run
 * puts right (an active plan missing boxes), never a paused plan with boxes still to charge.
 */

const DEFAULT_TIME_ZONE = 'Australia/Sydney';
const blocked: readonly string[] = blockedFulfilmentStatuses;

/** The customer's own subscription, or 404 (another customer's is not found either). */
async function ownSubscription(ctx: AccountContext, userId: string, id: string) {
  const s = await orNotFound(ctx.subscription.getSubscription({ params: { id }, query: {} }));
  if (!s || s.userId !== userId) throw notFound(`Subscription ${id} not found`);
  return s;
}

function refuseMovedVersion(s: Subscription, version: number | undefined) {
  if (version !== undefined && version !== s.version) {
    throw conflict(
      `Subscription ${s.id} has changed since version ${version} (it is at version ${s.version}): read it again and retry`,
    );
  }
}

/** The subscription's boxes (the latest 100, soonest first) and today in their depot's zone. */
async function boxes(ctx: AccountContext, subscriptionId: string) {
  const page = await ctx.order.listOrders({
    query: { subscriptionId, orderBy: 'deliveryDate', direction: 'DESC', limit: 100 },
  });
  const orders = page.items.reverse();
  const timezone = orders.at(-1)?.address.timezone ?? DEFAULT_TIME_ZONE;
  return { orders, timezone, today: localDate(ctx.clock.now(), timezone) };
}

/** Boxes still to come that may be removed or moved: not paid, not being made. */
const openBoxes = (orders: Order[], today: string) =>
  orders.filter(
    (o) =>
      o.deliveryDate > today &&
      o.paymentStatus === 'pending' &&
      !blocked.includes(o.fulfilmentStatus),
  );

/** Moves a box to the first of `dates` the order service accepts (a date past its cut-off is not). */
async function moveBox(ctx: AccountContext, userId: string, box: Order, dates: string[]) {
  let refusal: unknown;
  for (const deliveryDate of dates) {
    try {
      await ctx.order.patchOrder({
        params: { orderId: box.id },
        body: { deliveryDate, updatedBy: `customer:${userId}` },
      });
      return deliveryDate;
    } catch (err) {
      if (!isCallStatus(err, 409) && !isCallStatus(err, 400)) throw err;
      refusal = err;
    }
  }
  if (refusal) throw refusal;
  return box.deliveryDate;
}

/** Plans the subscription's boxes again; the daily run does it if this fails. */
async function planBoxes(ctx: AccountContext, s: Subscription): Promise<number> {
  try {
    const run = await ctx.orchestration.generateOrders({
      body: { subscriptionId: s.id, workflowId: `customer-restart:${s.id}:${s.version}` },
    });
    return run.ordersCreated;
  } catch {
    return 0;
  }
}

async function answer(
  ctx: AccountContext,
  id: string,
  change: Omit<SubscriptionStatusChange, 'subscription'>,
): Promise<SubscriptionStatusChange> {
  const fresh = await ctx.subscription.getSubscription({ params: { id }, query: {} });
  const orderIds = new Map<number, string>();
  for (const o of (await boxes(ctx, id)).orders) {
    if (o.subscriptionOrderIndex !== null) orderIds.set(o.subscriptionOrderIndex, o.id);
  }
  return { subscription: toCustomerSubscription(fresh, orderIds), ...change };
}

export async function pause(
  ctx: AccountContext,
  userId: string,
  subscriptionId: string,
  body: BodyOf<'pauseSubscription'>,
): Promise<SubscriptionStatusChange> {
  const s = await ownSubscription(ctx, userId, subscriptionId);
  if (s.status !== 'active' && s.status !== 'paused') {
    throw conflict(
      `Only an active or paused plan can be paused; this one is ${s.status}${s.status === 'cancelled' ? ': restart it instead' : ''}`,
    );
  }
  refuseMovedVersion(s, body.version);
  const { orders, timezone, today } = await boxes(ctx, s.id);
  const refusal = resumeDateRefusal(body.resumeAt, today);
  if (refusal) throw badRequest(refusal);

  const [first, ...rest] = openBoxes(orders, today);
  const deletedOrderIds: string[] = [];
  for (const box of rest) {
    try {
      await ctx.order.deleteOrder({ params: { orderId: box.id } });
      deletedOrderIds.push(box.id);
    } catch (err) {
      if (!isCallStatus(err, 409)) throw err; // paid or being made meanwhile: it arrives
    }
  }
  const nextOrder = first
    ? {
        orderId: first.id,
        deliveryDate: await moveBox(
          ctx,
          userId,
          first,
          restartDates(first.deliveryDate, s.cadenceInWeeks, body.resumeAt, 4),
        ),
      }
    : null;
  try {
    await relay(
      ctx.subscription.pauseSubscription({
        params: { id: s.id },
        body: {
          version: s.version,
          resumeAt: body.resumeAt,
          timezone,
          updatedBy: `customer:${userId}`,
        },
      }),
      [400, 409],
    );
  } catch (err) {
    await planBoxes(ctx, s);
    throw err;
  }
  const gone = new Set([...deletedOrderIds, first?.id]);
  const arrivingOrders = orders
    .filter((o) => !gone.has(o.id) && o.deliveryDate >= today)
    .map((o) => ({ orderId: o.id, deliveryDate: o.deliveryDate }));
  return answer(ctx, s.id, { deletedOrderIds, arrivingOrders, nextOrder, ordersCreated: 0 });
}

async function restart(
  ctx: AccountContext,
  userId: string,
  subscriptionId: string,
  version: number | undefined,
  action: 'resumeSubscription' | 'reactivateSubscription',
): Promise<SubscriptionStatusChange> {
  const s = await ownSubscription(ctx, userId, subscriptionId);
  refuseMovedVersion(s, version);
  const active = await relay(
    ctx.subscription[action]({
      params: { id: s.id },
      body: { version: s.version, updatedBy: `customer:${userId}` },
    }),
    [400, 409],
  );
  const { orders, today } = await boxes(ctx, s.id);
  const first = openBoxes(orders, today)[0];
  let nextOrder = first ? { orderId: first.id, deliveryDate: first.deliveryDate } : null;
  if (first && action === 'resumeSubscription') {
    const sooner = earlierDates(first.deliveryDate, s.cadenceInWeeks, today);
    try {
      nextOrder = { orderId: first.id, deliveryDate: await moveBox(ctx, userId, first, sooner) };
    } catch (err) {
      // Every sooner date is past its cut-off: the box keeps its date.
      if (!isCallStatus(err, 409) && !isCallStatus(err, 400)) throw err;
    }
  }
  const ordersCreated = await planBoxes(ctx, active);
  return answer(ctx, s.id, { deletedOrderIds: [], arrivingOrders: [], nextOrder, ordersCreated });
}

export const resume = (
  ctx: AccountContext,
  userId: string,
  subscriptionId: string,
  body: BodyOf<'resumeSubscription'>,
) => restart(ctx, userId, subscriptionId, body.version, 'resumeSubscription');

export const reactivate = (
  ctx: AccountContext,
  userId: string,
  subscriptionId: string,
  body: BodyOf<'reactivateSubscription'>,
) => restart(ctx, userId, subscriptionId, body.version, 'reactivateSubscription');
