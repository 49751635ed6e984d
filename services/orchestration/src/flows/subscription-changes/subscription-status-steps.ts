import {
  conflict,
  HttpError,
  isRefused,
  localDate,
  passRefusals,
  upstream,
  isPassedRefusal,
} from '@pawfresh/kit';
import type { Order } from '@pawfresh/contracts/order';
import type {
  RestartSubscriptionInput,
  StatusChange,
} from '@pawfresh/contracts/orchestration-subscription-changes';
import type { Subscription } from '@pawfresh/contracts/subscription';
import { earlierDates, openBoxes, resumeDayToRestore } from '../../rules/pause.js';
import { saga } from '../../engine/saga.js';
import type { WorkflowContext } from '../context.js';
import { readSubscription, workflowActor } from './subscription-change-steps.js';

/**
 * pause-subscription, resume-subscription and reactivate-subscription (docs/subscriptions.md
 * "Pausing", docs/workflows.md): the status change and the boxes that follow it, each a
 * checkpointed step, each change undone in reverse when a later step fails.
 */

export type Answer = Omit<StatusChange, 'workflowId'>;

/**
 * Plans a subscription's boxes up to the horizon from its last one (the child workflow
 * generate-subscription-orders of generate-orders) and answers how many it made.
 */
export type PlanBoxes = (subscriptionId: string) => Promise<number>;

const DEFAULT_TIME_ZONE = 'Australia/Sydney';

export interface Boxes {
  orders: Order[];
  /** The depot's zone of the plan's boxes: the customer's days are read in it. */
  timezone: string;
  today: string;
  /** When they were read (ISO): which boxes are still open is decided at that time. */
  readAt: string;
}

/** Every box of the subscription (soonest first) and today in their depot's zone. */
async function listBoxes(ctx: WorkflowContext, subscriptionId: string): Promise<Boxes> {
  const orders: Order[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await upstream('Reading the boxes', () =>
      ctx.services.order.listOrders({
        query: { subscriptionId, orderBy: 'deliveryDate', direction: 'ASC', offset, limit: 100 },
      }),
    );
    orders.push(...page.data);
    if (page.data.length < 100 || orders.length >= page.meta.total) break;
  }
  const timezone = orders.at(-1)?.address.timezone ?? DEFAULT_TIME_ZONE;
  const now = ctx.clock.now();
  return { orders, timezone, today: localDate(now, timezone), readAt: now.toISOString() };
}

/** The boxes read once as a step (the time counts: a recovered run sees the same day). */
export const readBoxes = (ctx: WorkflowContext, subscriptionId: string, name = 'read-boxes') =>
  ctx.step(name, () => listBoxes(ctx, subscriptionId));

/** The resume day a failed resume pauses the plan with again, read at the time of the undo. */
function resumeAtToRestore(ctx: WorkflowContext, s: Subscription, timezone: string) {
  const resumeAt = resumeDayToRestore(
    s.resumeAt ? localDate(new Date(s.resumeAt), timezone) : undefined,
    localDate(ctx.clock.now(), timezone),
  );
  return resumeAt ? { resumeAt } : {};
}

/** A moved version is a 409 that says what to do (the customer reads it). */
export function refuseMovedVersion(s: Subscription, version: number | undefined) {
  if (version !== undefined && version !== s.version)
    throw versionConflict(s.id, version, s.version);
}

const versionConflict = (id: string, read: number, now: number) =>
  conflict(
    `Subscription ${id} has changed since version ${read} (it is at version ${now}): read it again and retry`,
    { currentVersion: now },
  );

/** Who the change is written as: whoever acts for the customer (staff), the customer, or this workflow. */
export const actorOf = (userId: string | undefined, actedBy?: string) =>
  actedBy ?? (userId ? `customer:${userId}` : workflowActor());

/**
 * A status change of the subscription at the version read. Run again after a crash it meets its
 * own write (a 409, the version one further, the status reached, written by `actor`): it answers
 * the subscription as it is. Another writer's move is the 409 with the current version; any other
 * refusal (the status does not allow it) comes back in the subscription service's words.
 */
export function changeStatus(
  { services, step }: WorkflowContext,
  name: string,
  subscription: Subscription,
  reached: Subscription['status'],
  actor: string,
  call: () => Promise<Subscription>,
): Promise<Subscription> {
  return step(name, async () => {
    try {
      return await passRefusals('Changing the subscription', call);
    } catch (err) {
      if (!isPassedRefusal(err, 409)) throw err;
      const now = await upstream('Reading the subscription', () =>
        services.subscription.getSubscription({ params: { id: subscription.id }, query: {} }),
      );
      const own = now.version === subscription.version + 1 && now.updatedBy === actor;
      if (own && now.status === reached) return now;
      if (now.version !== subscription.version) {
        throw versionConflict(subscription.id, subscription.version, now.version);
      }
      throw err;
    }
  });
}

/**
 * Moves a box to the first of `dates` the order service takes (a date past its cut-off is not):
 * answers the date, or throws the last refusal. Setting a date is idempotent: a replay sets it again.
 */
export function moveBox(
  { services, step }: WorkflowContext,
  name: string,
  box: Order,
  dates: string[],
  actor: string,
): Promise<string> {
  return step(`${name}:${box.id}`, async () => {
    let refusal: unknown;
    for (const deliveryDate of dates) {
      try {
        await passRefusals('Moving the box', () =>
          services.order.patchOrder({
            params: { orderId: box.id },
            body: { deliveryDate, updatedBy: actor },
          }),
        );
        return deliveryDate;
      } catch (err) {
        if (!(err instanceof HttpError) || ![400, 409].includes(err.statusCode)) throw err;
        refusal = err;
      }
    }
    if (refusal) throw refusal;
    return box.deliveryDate;
  });
}

/** Undo of a move: the box back on the date it had (a step of the saga). */
export const moveBack = (ctx: WorkflowContext, box: Order, actor: string) => ({
  name: `undo-move-box:${box.id}`,
  run: () =>
    passRefusals('Moving the box back', () =>
      ctx.services.order.patchOrder({
        params: { orderId: box.id },
        body: { deliveryDate: box.deliveryDate, updatedBy: actor },
      }),
    ),
});

/** Removes a box: true once gone (a replay finds it gone: 404), false if it was paid or is being made meanwhile (409: it arrives). */
export const removeBox = ({ services, step }: WorkflowContext, box: Order) =>
  step(`remove-box:${box.id}`, () =>
    upstream('Removing the boxes', async () => {
      try {
        await services.order.deleteOrder({ params: { orderId: box.id } });
        return true;
      } catch (err) {
        if (isRefused(err, 404)) return true;
        if (isRefused(err, 409)) return false;
        throw err;
      }
    }),
  );

/**
 * Undo of planning: the boxes after index `lastIndex` that are still open (not paid, not being
 * made) are removed again.
 */
const unplan = (ctx: WorkflowContext, subscriptionId: string, lastIndex: number) => ({
  name: 'undo-plan-boxes',
  run: async () => {
    const { orders, today, readAt } = await listBoxes(ctx, subscriptionId);
    const planned = openBoxes(orders, today, new Date(readAt)).filter(
      (o) => o.subscriptionOrderIndex !== null && o.subscriptionOrderIndex > lastIndex,
    );
    for (const box of planned) {
      await upstream('Removing the boxes planned', () =>
        ctx.services.order.deleteOrder({ params: { orderId: box.id } }).catch((err: unknown) => {
          if (!isRefused(err, 404) && !isRefused(err, 409)) throw err;
        }),
      );
    }
    return planned.map((o) => o.id);
  },
});

/** The reasons a cancelled plan had, to cancel it again with (undo of reactivating). */
const cancelReasonsOf = (s: Subscription) => ({
  primaryCancelReasonId: s.cancellationReasons.find((r) => r.isPrimary)?.cancelReasonId ?? null,
  secondaryCancelReasonId: s.cancellationReasons.find((r) => !r.isPrimary)?.cancelReasonId ?? null,
  otherCancelReason: s.otherCancelReason,
});

const lastIndexOf = (orders: readonly Order[]) =>
  Math.max(-1, ...orders.map((o) => o.subscriptionOrderIndex ?? -1));

/**
 * resume-subscription and reactivate-subscription: the status changes first; resuming then moves
 * the kept box back to the soonest date of the rhythm still open; generate-orders plans the boxes
 * after it (a child workflow). A failure puts back what was done: the boxes planned removed, the
 * box moved back, the plan paused again (its resume date) or cancelled again (its reasons).
 */
export const restart =
  (ctx: WorkflowContext, planBoxes: PlanBoxes, action: 'resume' | 'reactivate') =>
  async (input: RestartSubscriptionInput): Promise<Answer> => {
    const { services } = ctx;
    const s = await readSubscription(ctx, input.subscriptionId, input.userId);
    refuseMovedVersion(s, input.version);
    const { orders, timezone, today, readAt } = await readBoxes(ctx, s.id);
    const actor = actorOf(input.userId, input.actedBy);

    return saga(ctx.step, `the ${action}`, async (saga) => {
      const body = { version: s.version, updatedBy: actor };
      const active = await saga.around(
        `${action}-subscription`,
        () =>
          action === 'resume'
            ? changeStatus(ctx, 'resume-subscription', s, 'active', actor, () =>
                services.subscription.resumeSubscription({ params: { id: s.id }, body }),
              )
            : changeStatus(ctx, 'reactivate-subscription', s, 'active', actor, () =>
                services.subscription.reactivateSubscription({ params: { id: s.id }, body }),
              ),
        (done) =>
          passRefusals('Putting the subscription back', () =>
            action === 'resume'
              ? services.subscription.pauseSubscription({
                  params: { id: s.id },
                  body: {
                    version: done.version,
                    ...resumeAtToRestore(ctx, s, timezone),
                    timezone,
                    updatedBy: actor,
                  },
                })
              : services.subscription.cancelSubscription({
                  params: { id: s.id },
                  body: {
                    version: done.version,
                    ...cancelReasonsOf(s),
                    cancelledBy: s.cancelledBy ?? actor,
                    cancelledByAdmin: s.cancelledByAdmin ?? false,
                  },
                }),
          ),
      );

      const first = openBoxes(orders, today, new Date(readAt))[0];
      let nextOrder: Answer['nextOrder'] = first
        ? { orderId: first.id, deliveryDate: first.deliveryDate }
        : null;
      if (first && action === 'resume') {
        const sooner = earlierDates(first.deliveryDate, s.cadenceInWeeks, today);
        // Every sooner date past its cut-off (or none): the box keeps its date.
        const back = moveBack(ctx, first, actor);
        const deliveryDate = await saga.around(
          'move-box',
          () =>
            moveBox(ctx, 'move-box', first, sooner, actor).catch((err: unknown) => {
              if (err instanceof HttpError && [400, 409].includes(err.statusCode)) {
                return first.deliveryDate;
              }
              throw err;
            }),
          { ...back, needed: (date) => date !== first.deliveryDate },
        );
        nextOrder = { orderId: first.id, deliveryDate };
      }

      // Undone (even part way) by removing the boxes it planned.
      const ordersCreated = await saga.around(
        'plan-boxes',
        () => planBoxes(s.id),
        unplan(ctx, s.id, lastIndexOf(orders)),
        { undoOnFailure: 'any' },
      );
      if (!nextOrder && ordersCreated > 0) {
        const after = await readBoxes(ctx, s.id, 'read-planned-boxes');
        const soonest = openBoxes(after.orders, after.today, new Date(after.readAt))[0];
        if (soonest) nextOrder = { orderId: soonest.id, deliveryDate: soonest.deliveryDate };
      }
      return {
        subscriptionId: s.id,
        version: active.version,
        subscription: active,
        deletedOrderIds: [],
        arrivingOrders: [],
        nextOrder,
        ordersCreated,
      };
    });
  };
