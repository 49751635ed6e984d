import { HttpError, notFound, orNotFound, ServiceCallError } from '@pawfresh/kit';
import type { SkipAnswer } from '@pawfresh/contracts/account';
import {
  customerActor,
  orderRefusalTypes,
  skippedBy,
  skipRefusalType,
  unskipRefusalType,
  type Order,
} from '@pawfresh/contracts/order';
import { nextCharge } from '@pawfresh/contracts/order-rules';
import { toCustomerOrder } from '../rules/customer-views.js';
import { skipRefusalInWords } from '../rules/skipping.js';
import type { AccountContext, BodyOf } from './context.js';

/** The customer's own box: another customer's, or an unknown one, is a 404 and nothing changes. */
async function ownBox(ctx: AccountContext, userId: string, orderId: string): Promise<Order> {
  const found = await orNotFound(ctx.order.getOrder({ params: { orderId } }));
  if (!found || found.userId !== userId) throw notFound(`Order ${orderId} not found`);
  return found;
}

const stateOf = (o: Order) => ({ ...o, isCancelled: o.metadata.isCancelled });

/**
 * Moves the box's payment status at the version the customer read, written as theirs; the order
 * service's 409 (a change meanwhile, the cut-off passed, the kitchen started) in their words.
 */
async function movePayment(
  ctx: AccountContext,
  box: Order,
  to: 'expired' | 'pending',
  version: number,
  userId: string,
): Promise<SkipAnswer> {
  let order: Order;
  try {
    order = await ctx.order.changePaymentStatus({
      params: { orderId: box.id },
      body: { paymentStatus: to, version, updatedBy: customerActor(userId) },
    });
  } catch (err) {
    if (err instanceof ServiceCallError && err.status === 409) {
      const type = (err.body as { type?: unknown } | undefined)?.type;
      const refusal =
        type === orderRefusalTypes.versionMoved
          ? 'version_moved'
          : type === orderRefusalTypes.changesClosed
            ? 'changes_closed'
            : type === orderRefusalTypes.beingMade
              ? 'being_made'
              : String(type);
      throw new HttpError(409, skipRefusalInWords(box.deliveryDate, refusal));
    }
    throw err;
  }
  const d = await ctx.order.getCustomerDeliveries({ params: { customerId: userId } });
  const boxes = [...d.futureOrders, ...d.currentOrders, ...d.failedOrders];
  return { order: toCustomerOrder(order), nextCharge: nextCharge(boxes) };
}

/**
 * Skips one of the customer's boxes (docs/skipping.md): its payment moves to expired, so billing
 * does not charge it and the kitchen does not make it; the plan and its other boxes stay.
 */
export async function skipOrder(
  ctx: AccountContext,
  userId: string,
  orderId: string,
  body: BodyOf<'skipOrder'>,
): Promise<SkipAnswer> {
  const box = await ownBox(ctx, userId, orderId);
  const refusal = skipRefusalType(stateOf(box), ctx.clock.now(), 'customer');
  if (refusal) throw new HttpError(409, skipRefusalInWords(box.deliveryDate, refusal));
  return movePayment(ctx, box, 'expired', body.version, userId);
}

/**
 * Takes back a skip the customer made (docs/skipping.md): the payment is pending again, so the box
 * is made and charged on its billing date. The order service keeps the same rule as a guard.
 */
export async function unskipOrder(
  ctx: AccountContext,
  userId: string,
  orderId: string,
  body: BodyOf<'unskipOrder'>,
): Promise<SkipAnswer> {
  const box = await ownBox(ctx, userId, orderId);
  const events = await ctx.order.listOrderEvents({ params: { orderId } });
  const refusal = unskipRefusalType(
    stateOf(box),
    skippedBy(events),
    customerActor(userId),
    ctx.clock.now(),
  );
  if (refusal) throw new HttpError(409, skipRefusalInWords(box.deliveryDate, refusal));
  return movePayment(ctx, box, 'pending', body.version, userId);
}
