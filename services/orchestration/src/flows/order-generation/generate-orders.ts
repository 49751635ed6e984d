import { failureOf } from '../../rules/workflow-failure.js';
import { HttpError, isRefused, orNotFound, upstream } from '@pawfresh/kit';
import type {
  GenerateOrdersResult,
  GenerationProgress,
  OrdersBatchOutcome,
  SubscriptionOrdersOutcome,
} from '@pawfresh/contracts/orchestration-generate-orders';
import type { Order } from '@pawfresh/contracts/order';
import type { Subscription } from '@pawfresh/contracts/subscription';
import {
  discountAt,
  generatedOrder,
  horizonEnd,
  ordersDue,
  priceRequestAt,
  type ExtraVariant,
} from '../../rules/order-generation.js';
import type { WorkflowContext } from '../context.js';
import { GENERATION_BATCH, type OrdersBatchRequest } from './generate-orders-batch.js';

export interface SubscriptionOrdersRequest {
  subscriptionId: string;
  /** The last delivery date to generate up to (decided once by the run that asks). */
  horizonEnd: string;
}

export type GenerateOrdersRequest = { subscriptionId?: string | undefined };
export type GenerateOrdersAnswer = Omit<GenerateOrdersResult, 'workflowId'>;

/** Subscriptions read per page when every one is looked at. */
const PAGE = 100;

/** Today in Sydney, `YYYY-MM-DD`. */
const sydneyToday = (now: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(now);

/**
 * generate-subscription-orders: one subscription's orders up to the horizon. Cancelled: its
 * pending orders are deleted. Paused or draft: nothing (until it resumes). Active: each order due
 * after its last one (by index) is priced by pricing (the subscription's discount for that
 * position, its extras where the cadence says) and created; the order service refuses a second
 * order at one index (409), which counts as made.
 */
export const generateSubscriptionOrders =
  ({ services, step }: WorkflowContext) =>
  async ({
    subscriptionId,
    horizonEnd: end,
  }: SubscriptionOrdersRequest): Promise<SubscriptionOrdersOutcome> => {
    const outcome = { subscriptionId, created: 0, deleted: 0, skipped: false };
    const subscription: Subscription = await step('read-subscription', () =>
      upstream('Reading the subscription', () =>
        orNotFound(
          services.subscription.getSubscription({ params: { id: subscriptionId }, query: {} }),
          `Subscription ${subscriptionId} not found`,
        ),
      ),
    );
    if (subscription.status === 'cancelled') {
      outcome.deleted = await step('delete-pending-orders', () =>
        upstream('Deleting the pending orders', async () => {
          const { deletedOrderIds } = await services.order.deletePendingOrders({
            query: { subscriptionId, status: 'pending' },
          });
          return deletedOrderIds.length;
        }),
      );
      return outcome;
    }
    const last: Order | undefined = await step('read-last-order', () =>
      upstream('Reading the orders', async () => {
        const page = await services.order.listOrders({
          query: { subscriptionId, orderBy: 'deliveryDate', direction: 'DESC', limit: 1 },
        });
        return page.data[0];
      }),
    );
    if (subscription.status !== 'active' || !last || last.subscriptionOrderIndex === null) {
      return { ...outcome, skipped: true };
    }
    const due = ordersDue(
      { index: last.subscriptionOrderIndex, deliveryDate: last.deliveryDate },
      subscription.cadenceInWeeks,
      end,
    );
    if (due.length === 0) return outcome;

    const variants: ExtraVariant[] = await step('read-extras', () =>
      upstream('Reading the catalogue', async () => {
        const found: ExtraVariant[] = [];
        for (const id of new Set(subscription.extras.map((e) => e.productVariantId))) {
          const v = await orNotFound(services.product.getVariant({ params: { variantId: id } }));
          if (v) found.push({ id: v.id, productId: v.productId, sku: v.sku });
        }
        return found;
      }),
    );
    const discounts = await step('read-discounts', () =>
      upstream('Reading the discounts', async () => {
        const found: Record<
          string,
          {
            name: string;
            description: string | null;
            interval: 'once-off' | 'recurring' | 'hybrid';
          }
        > = {};
        for (const id of new Set(subscription.discounts.map((d) => d.discountId))) {
          const d = await orNotFound(services.pricing.getDiscount({ params: { id } }));
          if (d) found[id] = { name: d.name, description: d.description, interval: d.interval };
        }
        return found;
      }),
    );

    for (const at of due) {
      const made = await step(`create-order-${at.index}`, () =>
        upstream('Creating the orders', async () => {
          const priced = await services.pricing.getPrice({
            body: priceRequestAt(subscription, at.index, variants),
          });
          const discountId = discountAt(subscription, at.index)?.discountId;
          const body = generatedOrder(
            subscription,
            at,
            last,
            variants,
            priced,
            discountId ? discounts[discountId] : undefined,
          );
          if (body.orderLineItems.length === 0) return false;
          try {
            await services.order.createOrder({ body });
            return true;
          } catch (err) {
            if (isRefused(err, 409)) return false; // made already (a retried step)
            throw err;
          }
        }),
      );
      if (made) outcome.created++;
    }
    return outcome;
  };

type Failure = GenerateOrdersAnswer['failed'][number];

const failureFor = (subscriptionId: string, err: unknown): Failure => {
  const failure = failureOf(err);
  return {
    subscriptionId,
    statusCode: failure?.statusCode ?? 500,
    message: failure
      ? [failure.message].flat().join('; ')
      : err instanceof Error
        ? err.message
        : String(err),
  };
};

/**
 * generate-orders: the pause sweep first. For one subscription: its child workflow
 * generate-subscription-orders, whose failure is the answer. For all: the active subscriptions
 * in batches of GENERATION_BATCH by id (their bounds in one step, `list-active`), each batch a child
 * workflow generate-orders-batch on the generate-orders queue; the cancelled ones each a
 * generate-subscription-orders child (their pending orders are deleted). The counts are added up
 * and published as the children finish (GET /workflows/runs/{id}: generationProgress). A batch
 * or subscription that fails is reported and does not stop the others.
 */
export const generateOrders =
  (
    { services, step, workflowId }: WorkflowContext,
    options: {
      now: () => Date;
      horizonWeeks: number;
      queueName: string;
      startChild: (
        input: SubscriptionOrdersRequest,
        id: string,
      ) => Promise<{ getResult(): Promise<SubscriptionOrdersOutcome> }>;
      startBatch: (
        input: OrdersBatchRequest,
        id: string,
      ) => Promise<{ getResult(): Promise<OrdersBatchOutcome> }>;
      publish: (progress: GenerationProgress) => Promise<void>;
    },
  ) =>
  async ({ subscriptionId }: GenerateOrdersRequest): Promise<GenerateOrdersAnswer> => {
    const id = workflowId();
    const end = await step('horizon', async () =>
      horizonEnd(sydneyToday(options.now()), options.horizonWeeks),
    );
    const { resumed } = await step('resume-due', () =>
      upstream('Resuming paused subscriptions', () =>
        services.subscription.resumeDueSubscriptions({}),
      ),
    );
    const result: GenerateOrdersAnswer = {
      horizonEnd: end,
      resumed,
      subscriptions: 0,
      ordersCreated: 0,
      ordersDeleted: 0,
      skipped: 0,
      failed: [],
    };
    const one = async (sub: string) =>
      options.startChild({ subscriptionId: sub, horizonEnd: end }, `${id}:${sub}`);

    if (subscriptionId) {
      result.subscriptions = 1;
      try {
        const outcome = await (await one(subscriptionId)).getResult();
        result.ordersCreated += outcome.created;
        result.ordersDeleted += outcome.deleted;
        if (outcome.skipped) result.skipped++;
      } catch (err) {
        // One subscription asked for by id: its failure is the answer.
        const { statusCode, message } = failureFor(subscriptionId, err);
        throw new HttpError(statusCode, message, statusCode === 502 ? { type: 'upstream' } : {});
      }
      return result;
    }

    // The active subscriptions, in batches by id: every batch's bounds at once (ids only), then
    // each batch queued, to read its subscriptions itself.
    const batches = await step('list-active', () =>
      upstream('Listing the subscriptions', async () =>
        (
          await services.subscription.listGenerationBatches({ query: { size: GENERATION_BATCH } })
        ).batches.map(({ after, through, count }) => ({
          request: { after, through, horizonEnd: end } satisfies OrdersBatchRequest,
          count,
        })),
      ),
    );
    const cancelled: string[] = [];
    for (let page = 0; ; page++) {
      const found = await step(`list-cancelled-${page}`, () =>
        upstream('Listing the subscriptions', async () =>
          (
            await services.subscription.searchSubscriptions({
              query: { status: 'cancelled', offset: page * PAGE, limit: PAGE },
            })
          ).data.map((s) => s.id),
        ),
      );
      cancelled.push(...found);
      if (found.length < PAGE) break;
    }
    result.subscriptions = batches.reduce((n, b) => n + b.count, 0) + cancelled.length;
    const progress: GenerationProgress = {
      batches: batches.length,
      batchesDone: 0,
      subscriptions: result.subscriptions,
      subscriptionsDone: 0,
      ordersCreated: 0,
      ordersDeleted: 0,
      skipped: 0,
      failed: 0,
    };
    await options.publish(progress);

    const batchHandles = [];
    for (const [n, b] of batches.entries()) {
      batchHandles.push(await options.startBatch(b.request, `${id}:batch-${n}`));
    }
    const cancelledHandles = [];
    for (const sub of cancelled) cancelledHandles.push(await one(sub));

    for (const [n, handle] of batchHandles.entries()) {
      try {
        const outcome = await handle.getResult();
        result.ordersCreated += outcome.created;
        result.skipped += outcome.skipped;
        result.failed.push(...outcome.failed);
      } catch (err) {
        // The whole batch failed (a service down): named by its first id's range.
        const failure = failureFor(batches[n]!.request.through, err);
        result.failed.push({
          ...failure,
          message: `The batch of subscriptions after ${batches[n]!.request.after ?? 'the first'} through ${batches[n]!.request.through}: ${failure.message}`,
        });
      }
      progress.batchesDone++;
      progress.subscriptionsDone += batches[n]!.count;
      Object.assign(progress, {
        ordersCreated: result.ordersCreated,
        skipped: result.skipped,
        failed: result.failed.length,
      });
      await options.publish(progress);
    }
    for (const [i, handle] of cancelledHandles.entries()) {
      try {
        const outcome = await handle.getResult();
        result.ordersCreated += outcome.created;
        result.ordersDeleted += outcome.deleted;
        if (outcome.skipped) result.skipped++;
      } catch (err) {
        result.failed.push(failureFor(cancelled[i]!, err));
      }
      progress.subscriptionsDone++;
    }
    Object.assign(progress, {
      ordersCreated: result.ordersCreated,
      ordersDeleted: result.ordersDeleted,
      skipped: result.skipped,
      failed: result.failed.length,
    });
    await options.publish(progress);
    return result;
  };
