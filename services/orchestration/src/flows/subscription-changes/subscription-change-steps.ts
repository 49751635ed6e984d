import { createHash } from 'node:crypto';
import {
  conflict,
  isRefused,
  notFound,
  passRefusals,
  upstream,
  isPassedRefusal,
} from '@pawfresh/kit';
import { runningWorkflowId } from '../../engine/progress.js';
import type { Order } from '@pawfresh/contracts/order';
import type { Subscription, UpdateSubscriptionInput } from '@pawfresh/contracts/subscription';
import type { OrdersOutcome } from '@pawfresh/contracts/orchestration-subscription-changes';
import {
  changeScope,
  sameLines,
  toLineInput,
  versionMoved,
  type LeftOrder,
} from '../../rules/subscription-changes.js';
import type { WorkflowContext } from '../context.js';

/**
 * The steps every subscription change shares (docs/changes.md): read the subscription as its
 * owner's, check the version, read the orders in scope, write the subscription once (a replayed
 * step recognises its own write), rewrite each open order (idempotent), and undo in reverse when a
 * later step fails.
 */

/** Who wrote a change: the workflow, so a replayed step can tell its own write (≤ 100 chars). */
export function workflowActor(): string {
  const id = runningWorkflowId();
  const text = `workflow:${id}`;
  return text.length <= 100
    ? text
    : `workflow:${createHash('sha256').update(id).digest('hex').slice(0, 40)}`;
}

export const subscriptionNotFound = (id: string) => notFound(`Subscription ${id} not found`);

/** The subscription, as its owner's when `userId` is sent: another user's is "not found". */
export function readSubscription(
  { services, step }: WorkflowContext,
  subscriptionId: string,
  userId: string | undefined,
): Promise<Subscription> {
  return step('read-subscription', async () => {
    const found = await upstream('Reading the subscription', () =>
      services.subscription
        .getSubscription({ params: { id: subscriptionId }, query: {} })
        .catch((err: unknown) => {
          if (isRefused(err, 404)) return undefined;
          throw err;
        }),
    );
    if (!found || (userId !== undefined && found.userId !== userId)) {
      throw subscriptionNotFound(subscriptionId);
    }
    return found;
  });
}

/** The 409 of a subscription that moved on, with the version it is at now. */
export function refuseMovedVersion(subscription: Subscription, expected: number | undefined) {
  const moved = versionMoved(subscription.id, expected, subscription.version);
  if (moved) throw conflict(moved, { currentVersion: subscription.version });
}

/** Only an active (or paused) subscription takes changes; a cancelled or draft one is a 409. */
export function refuseUnlessLive(subscription: Subscription) {
  if (subscription.status === 'cancelled' || subscription.status === 'draft') {
    throw conflict(
      `Subscription ${subscription.id} is ${subscription.status}: it takes no changes`,
      { currentVersion: subscription.version },
    );
  }
}

export interface OrdersInScope {
  /** Every order of the subscription, whole. */
  all: Order[];
  open: Order[];
  left: LeftOrder[];
}

/** Today's date where the change is decided (the orders' days are Australian). */
export const todayInAustralia = (now: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(now);

/** The subscription's orders, split by the rule (read and decided in one step: the time counts). */
export function readOrdersInScope(
  { services, step, clock }: WorkflowContext,
  subscriptionId: string,
): Promise<OrdersInScope> {
  return step('read-orders', async () => {
    const all: Order[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await upstream('Reading the orders', () =>
        services.order.listOrders({
          query: { subscriptionId, orderBy: 'deliveryDate', direction: 'ASC', offset, limit: 100 },
        }),
      );
      all.push(...page.data);
      if (page.data.length < 100 || all.length >= page.meta.total) break;
    }
    const now = clock.now();
    const scope = changeScope(all, now, todayInAustralia(now));
    const openIds = new Set(scope.open.map((o) => o.id));
    return { all, open: all.filter((o) => openIds.has(o.id)), left: scope.left };
  });
}

export const outcome = (updatedOrderIds: string[], left: LeftOrder[]): OrdersOutcome => ({
  updatedOrderIds,
  leftOrders: left,
});

/**
 * PATCHes the subscription at the version read. Run again after a crash, the PATCH meets its own
 * write (a 409 on a version this workflow moved): it answers the subscription as it is then.
 * Another writer's move is the 409 with the current version.
 */
export function patchSubscription(
  { services, step }: WorkflowContext,
  name: string,
  subscription: Subscription,
  patch: Omit<UpdateSubscriptionInput, 'version' | 'updatedBy'>,
): Promise<Subscription> {
  const actor = workflowActor();
  return step(name, async () => {
    try {
      return await passRefusals('Changing the subscription', () =>
        services.subscription.updateSubscription({
          params: { id: subscription.id },
          body: { ...patch, version: subscription.version, updatedBy: actor },
        }),
      );
    } catch (err) {
      if (!isPassedRefusal(err, 409)) throw err;
      const now = await upstream('Reading the subscription', () =>
        services.subscription.getSubscription({ params: { id: subscription.id }, query: {} }),
      );
      if (now.version > subscription.version && now.updatedBy === actor) return now;
      if (now.version !== subscription.version) {
        throw conflict(
          `Subscription ${subscription.id} has changed since version ${subscription.version} (it is at version ${now.version}): read it again and retry`,
          { currentVersion: now.version },
        );
      }
      throw err;
    }
  });
}

/** What an order looked like before a change: to put back if a later step fails. */
export interface OrderBefore {
  orderId: string;
  lines: ReturnType<typeof toLineInput>[];
}

/**
 * Rewrites one open order's line items to `target(current lines)`, idempotently: it reads the order
 * afresh, and an order that already has them (a replayed step) or that closed meanwhile (cut-off,
 * kitchen) is left. Answers what it had, or `undefined` when it changed nothing.
 */
export function rewriteOrder(
  { services, step }: WorkflowContext,
  orderId: string,
  target: (current: Order) => ReturnType<typeof toLineInput>[],
  previous?: ReturnType<typeof toLineInput>[],
): Promise<OrderBefore | undefined> {
  const actor = workflowActor();
  return step(`${previous ? 'undo-order' : 'update-order'}:${orderId}`, async () => {
    const order = await passRefusals('Reading the order', () =>
      services.order.getOrder({ params: { orderId } }),
    );
    const before = order.orderLineItems.map(toLineInput);
    const lines = previous ?? target(order);
    if (sameLines(before, lines)) return undefined;
    if (lines.length === 0) return undefined;
    await passRefusals('Changing the order', () =>
      services.order.replaceLineItems({
        params: { orderId },
        body: { orderLineItems: lines, version: order.version, updatedBy: actor },
      }),
    );
    return { orderId, lines: before };
  });
}
