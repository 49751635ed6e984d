import { createHash } from 'node:crypto';
import { notFound, orNotFound, rawJson, type RawJson, type ServiceClient } from '@pawfresh/kit';
import { accountContract, type CustomerDeliveryOptions } from '@pawfresh/contracts/account';
import {
  customerOrdersRevisionKey,
  type CustomerOrder,
  type orderContract,
} from '@pawfresh/contracts/order';
import { australianDays } from '../rules/australian-days.js';
import { toCustomerDeliveryOptions, toCustomerOrder } from '../rules/customer-views.js';
import type { AccountContext } from './context.js';

const ordersResponse = accountContract.endpoints.getOrders.response;
/**
 * Answers built per answer of the order service: its client hands back the same (frozen) object
 * while the order service says nothing changed (304), so the customer's answer is built and
 * serialised once per change.
 */
const answers = new WeakMap<object, RawJson>();

const MAX_KEPT = 1_000;
let days: ReturnType<typeof australianDays> | undefined;
/** The Australian days key (rules/australian-days.ts), recomputed only when it may have moved. */
function daysKey(now: Date): string {
  if (!days || now.getTime() >= days.until || now.getTime() < days.until - 3_600_000) {
    days = australianDays(now);
  }
  return days.key;
}

/**
 * The customer's deliveries page: the order service groups, this picks what a customer sees. In
 * one process with the order service, a page answered is kept while no change of the customer's
 * orders was notified and no local date moved in Australia: no call at all (docs/orders.md
 * "Customer answers kept in memory"). Otherwise the order service is asked, with the tag of its
 * last answer (a 304 when nothing changed).
 */
export async function customerOrders(ctx: AccountContext, userId: string): Promise<RawJson> {
  const seen = ctx.ordersSeen;
  const key = customerOrdersRevisionKey(userId);
  const day = seen ? daysKey(seen.clock.now()) : '';
  const kept = seen?.answers.get(userId);
  if (kept && kept.days === day && seen!.watch.unchangedSince(key, kept.mark)) return kept.answer;
  const mark = seen?.watch.mark();
  const d = await ctx.order.getCustomerDeliveries({ params: { customerId: userId } });
  let answer = answers.get(d);
  if (!answer) {
    const json = JSON.stringify(ordersResponse.parse(toCustomerLists(d)));
    answer = rawJson(json, createHash('sha1').update(json).digest('base64url'));
    answers.set(d, answer);
  }
  if (seen && mark) {
    seen.answers.delete(userId);
    seen.answers.set(userId, { answer, mark, days: day });
    if (seen.answers.size > MAX_KEPT) seen.answers.delete(seen.answers.keys().next().value!);
  }
  return answer;
}

function toCustomerLists(
  d: Awaited<ReturnType<ServiceClient<typeof orderContract>['getCustomerDeliveries']>>,
) {
  return {
    pastOrders: d.pastOrders.map(toCustomerOrder),
    currentOrders: d.currentOrders.map(toCustomerOrder),
    futureOrders: d.futureOrders.map(toCustomerOrder),
    failedOrders: d.failedOrders.map(toCustomerOrder),
    skippedOrders: d.skippedOrders.map((o) => ({
      ...toCustomerOrder(o),
      canUndoSkip: o.canUndoSkip,
    })),
    nextPendingOrderId: d.nextPendingOrderId,
    selectedOrderId: d.selectedOrderId,
  };
}

export async function customerPastOrders(
  ctx: AccountContext,
  userId: string,
  page: { offset: number; limit: number },
) {
  const past = await ctx.order.getCustomerPastOrders({
    params: { customerId: userId },
    query: page,
  });
  return { ...past, data: past.data.map(toCustomerOrder) };
}

/** One of the customer's own orders; another customer's is "not found", as an unknown one. */
export async function customerOrder(
  ctx: AccountContext,
  userId: string,
  orderId: string,
): Promise<CustomerOrder> {
  const order = await orNotFound(ctx.order.getOrder({ params: { orderId } }));
  if (!order || order.userId !== userId) throw notFound(`Order ${orderId} not found`);
  return toCustomerOrder(order);
}

/**
 * The days and slots one of the customer's boxes may move to (the order service decides, with its
 * dates rule; docs/customer-delivery-changes.md). Another customer's order is "not found".
 */
export async function customerDeliveryOptions(
  ctx: AccountContext,
  userId: string,
  orderId: string,
): Promise<CustomerDeliveryOptions> {
  const answer = await orNotFound(
    ctx.order.getDeliveryOptions({ params: { orderId }, query: { userId } }),
    `Order ${orderId} not found`,
  );
  return toCustomerDeliveryOptions(answer);
}
