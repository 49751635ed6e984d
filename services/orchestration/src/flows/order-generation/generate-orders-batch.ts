import { chunks, orNotFound, refusalOf, upstream } from '@pawfresh/kit';
import { publishProgress, readProgress } from '../../engine/progress.js';
import { retried } from '../../engine/saga.js';
import type {
  GenerationProgress,
  OrdersBatchOutcome,
} from '@pawfresh/contracts/orchestration-generate-orders';
import {
  MAX_BULK_ORDERS,
  type CreateOrderInput,
  type LatestSubscriptionOrder,
} from '@pawfresh/contracts/order';
import {
  MAX_PRICE_REQUESTS,
  type GetPriceInput,
  type LinePrices,
} from '@pawfresh/contracts/pricing';
import {
  GENERATION_PAGE_LIMIT,
  type GenerationSubscription,
} from '@pawfresh/contracts/subscription';
import {
  discountAt,
  generatedOrder,
  ordersDue,
  priceRequestAt,
  samePriceKey,
  type ExtraVariant,
} from '../../rules/order-generation.js';
import type { WorkflowContext } from '../context.js';

/** Active subscriptions per batch (one child workflow on the generate-orders queue each). */
export const GENERATION_BATCH = 250;

/** The event a run over every subscription publishes its counts under (GET /workflows/runs/{id}). */
const PROGRESS_EVENT = 'generation-progress';

export async function publishGenerationProgress(progress: GenerationProgress): Promise<void> {
  await publishProgress(PROGRESS_EVENT, progress);
}

/** A generation run's counts as last published; undefined for any other run. */
export async function generationProgressOf(
  workflowId: string,
): Promise<GenerationProgress | undefined> {
  return readProgress<GenerationProgress>(workflowId, PROGRESS_EVENT);
}

/** A batch: the active subscriptions with ids after `after` (exclusive) up to `through`. */
export interface OrdersBatchRequest {
  after: string | null;
  through: string;
  horizonEnd: string;
}

type Discounts = Record<
  string,
  { name: string; description: string | null; interval: 'once-off' | 'recurring' | 'hybrid' }
>;

/** A subscription's orders due in this batch, with what they are made from. */
interface Due {
  subscription: GenerationSubscription;
  last: LatestSubscriptionOrder;
  at: { index: number; deliveryDate: string };
}

/**
 * Calls a bulk route with `items`; when it refuses one item (a 4xx naming `<field>.<n>: …`), that
 * item's subscription is set aside as failed and the rest are sent again. Anything else fails the
 * batch.
 */
async function allButRefused<T, R>(
  items: T[],
  field: string,
  call: (items: T[]) => Promise<R>,
  refused: (item: T, failure: { statusCode: number; message: string }) => void,
): Promise<{ result: R | undefined; kept: T[] }> {
  let kept = items;
  for (;;) {
    if (kept.length === 0) return { result: undefined, kept };
    try {
      return { result: await call(kept), kept };
    } catch (err) {
      const refusal = refusalOf(err);
      if (!refusal) throw err;
      const { message } = refusal;
      const n = new RegExp(`^${field}\\.(\\d+)[:.]`).exec(message)?.[1];
      if (n === undefined || Number(n) >= kept.length) throw err;
      refused(kept[Number(n)]!, { statusCode: refusal.status, message });
      kept = kept.filter((_, i) => i !== Number(n));
    }
  }
}

/**
 * generate-orders-batch: one batch of active subscriptions' orders up to the horizon, in one
 * step — read the batch (the lean keyset page), their latest orders, the catalogue's extras and
 * the discounts once each, price the orders due in one get-line-prices call (each line's price,
 * all it reads; requests that price alike are sent once), and create them all in one bulk order
 * call (ON CONFLICT DO NOTHING on the subscription and index). A step re-run after
 * a crash finds the orders already made as the latest and makes only the rest. A subscription
 * whose order is refused (its price or its order) is reported failed; the others go on. A service
 * that fails or does not answer on the way is asked again, the whole batch, 5 times over about 15
 * seconds (the same as a re-run after a crash), before the batch is left to the next run.
 */
export const generateOrdersBatch =
  ({ services, step }: WorkflowContext) =>
  async ({ after, through, horizonEnd }: OrdersBatchRequest): Promise<OrdersBatchOutcome> =>
    step('generate-batch', () =>
      retried(() =>
        upstream('Creating the orders', async () => {
          const page = await services.subscription.listGenerationSubscriptions({
            query: { ...(after ? { after } : {}), through, limit: GENERATION_PAGE_LIMIT },
          });
          const outcome: OrdersBatchOutcome = {
            subscriptions: page.items.length,
            created: 0,
            skipped: 0,
            failed: [],
          };
          if (page.items.length === 0) return outcome;
          const latest = new Map<string, LatestSubscriptionOrder>();
          for (const part of chunks(page.items, MAX_BULK_ORDERS)) {
            const found = await services.order.latestSubscriptionOrders({
              body: { subscriptionIds: part.map((s) => s.id) },
            });
            for (const o of found.items) latest.set(o.subscriptionId, o);
          }
          const due: Due[] = [];
          for (const subscription of page.items) {
            const last = latest.get(subscription.id);
            // Checkout makes a subscription's first order: without one there is nothing to go on from.
            if (!last || last.subscriptionOrderIndex === null) {
              outcome.skipped++;
              continue;
            }
            const at = ordersDue(
              { index: last.subscriptionOrderIndex, deliveryDate: last.deliveryDate },
              subscription.cadenceInWeeks,
              horizonEnd,
            );
            for (const a of at) due.push({ subscription, last, at: a });
          }
          if (due.length === 0) return outcome;

          // The catalogue's extras and the pricing discounts, once each for the batch.
          const variants: ExtraVariant[] = [];
          const variantIds = new Set(
            due.flatMap((d) => d.subscription.extras.map((e) => e.productVariantId)),
          );
          for (const id of variantIds) {
            const v = await orNotFound(services.product.getVariant({ params: { variantId: id } }));
            if (v) variants.push({ id: v.id, productId: v.productId, sku: v.sku });
          }
          const discounts: Discounts = {};
          const discountIds = new Set(
            due.flatMap((d) => d.subscription.discounts.map((x) => x.discountId)),
          );
          for (const id of discountIds) {
            const d = await orNotFound(services.pricing.getDiscount({ params: { id } }));
            if (d)
              discounts[id] = { name: d.name, description: d.description, interval: d.interval };
          }

          const failed = new Set<string>();
          const refuse = (d: Due, failure: { statusCode: number; message: string }) => {
            if (failed.has(d.subscription.id)) return;
            failed.add(d.subscription.id);
            outcome.failed.push({ subscriptionId: d.subscription.id, ...failure });
          };
          // Requests that price alike (a subscription's boxes without a discount) are sent once.
          const alike = new Map<string, { request: GetPriceInput; dues: Due[] }>();
          for (const d of due) {
            const request = priceRequestAt(d.subscription, d.at.index, variants) as GetPriceInput;
            const key = samePriceKey(request);
            const found = alike.get(key);
            if (found) found.dues.push(d);
            else alike.set(key, { request, dues: [d] });
          }
          const prices = new Map<Due, LinePrices>();
          for (const part of chunks([...alike.values()], MAX_PRICE_REQUESTS)) {
            const { result, kept } = await allButRefused(
              part,
              'requests',
              (list) =>
                services.pricing.getLinePrices({ body: { requests: list.map((r) => r.request) } }),
              (r, failure) => r.dues.forEach((d) => refuse(d, failure)),
            );
            kept.forEach(({ dues }, i) => dues.forEach((d) => prices.set(d, result!.results[i]!)));
          }
          const orders: { due: Due; body: CreateOrderInput }[] = [];
          for (const d of due) {
            const priced = prices.get(d);
            if (!priced || failed.has(d.subscription.id)) continue;
            const discountId = discountAt(d.subscription, d.at.index)?.discountId;
            const body = generatedOrder(
              d.subscription,
              d.at,
              d.last,
              variants,
              priced,
              discountId ? discounts[discountId] : undefined,
            );
            if (body.orderLineItems.length > 0) orders.push({ due: d, body });
          }
          for (const part of chunks(orders, MAX_BULK_ORDERS)) {
            const { result } = await allButRefused(
              part.filter((o) => !failed.has(o.due.subscription.id)),
              'orders',
              (list) =>
                services.order.createSubscriptionOrders({
                  body: { orders: list.map((o) => o.body) },
                }),
              (o, failure) => refuse(o.due, failure),
            );
            outcome.created += result?.createdOrderIds.length ?? 0;
          }
          return outcome;
        }),
      ),
    );
