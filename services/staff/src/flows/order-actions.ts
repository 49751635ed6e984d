import { conflict, notFound, orNotFound, passRefusals } from '@pawfresh/kit';
import type { Order } from '@pawfresh/contracts/order';
import { skipRefusal } from '../rules/skip-box.js';
import { staffActor } from '../rules/staff-access.js';
import type { Acting, BodyOf, StaffContext } from './context.js';
import { runStaffAction } from './record-action.js';

/** What the audit log keeps of a box: when it comes and what state it is in. */
export const boxStateOf = (o: Order) => ({
  orderNumber: o.orderNumber,
  deliveryDate: o.deliveryDate,
  expectedDeliverySlotId: o.expectedDeliverySlotId,
  billingDate: o.billingDate,
  cutoffAt: o.cutoffAt,
  paymentStatus: o.paymentStatus,
  fulfilmentStatus: o.fulfilmentStatus,
  displayType: o.displayType,
  version: o.version,
});

/** The customer's box: another customer's order, or an unknown one, is a 404. */
export async function readCustomerOrder(ctx: StaffContext, customerId: string, orderId: string) {
  const found = await orNotFound(ctx.order.getOrder({ params: { orderId } }));
  if (!found || found.userId !== customerId) throw notFound(`Order ${orderId} not found`);
  return found;
}

/** The days and slots the customer's box may move to: what the customer app's date picker offers. */
export const deliveryOptions = (ctx: StaffContext, customerId: string, orderId: string) =>
  passRefusals(
    'Reading the delivery options',
    () => ctx.order.getDeliveryOptions({ params: { orderId }, query: { userId: customerId } }),
    { 404: `Order ${orderId} not found` },
  );

/**
 * A change to one of the customer's boxes as a staff action: the box read (another customer's is a
 * 404), changed by `run`, recorded with the box before and after under orders:write.
 */
async function boxAction(
  ctx: StaffContext,
  acting: Acting,
  params: { customerId: string; orderId: string },
  reason: string,
  action: 'order.skip' | 'order.move-delivery',
  doing: string,
  run: (before: Order) => Promise<Order>,
) {
  const { result: order, audit } = await runStaffAction(ctx, acting, {
    action,
    permission: 'orders:write',
    targetType: 'order',
    targetId: params.orderId,
    reason,
    doing,
    read: () => readCustomerOrder(ctx, params.customerId, params.orderId),
    customerOf: (before) => before.userId,
    run,
    stateBefore: boxStateOf,
    stateAfter: boxStateOf,
  });
  return { order, audit };
}

/**
 * Skips a box for a member of staff (rules/skip-box.ts): its payment moves to expired in the
 * order service at the version read (a change meanwhile is a 409), written as done by the member
 * of staff; the subscription and its other boxes stay as they are.
 */
export const skipOrder = (
  ctx: StaffContext,
  acting: Acting,
  params: { customerId: string; orderId: string },
  body: BodyOf<'skipOrder'>,
) =>
  boxAction(ctx, acting, params, body.reason, 'order.skip', 'Skipping the box', (before) => {
    const refusal = skipRefusal(before, ctx.clock.now());
    if (refusal) throw conflict(refusal);
    return ctx.order.changePaymentStatus({
      params: { orderId: before.id },
      body: {
        paymentStatus: 'expired',
        version: before.version,
        updatedBy: staffActor(acting.userId),
      },
    });
  });

/**
 * Moves a box to another day (and slot) for a member of staff through the customer app's
 * workflow (update-order-delivery-date), run for the box's customer and written as the member
 * of staff: the courier's days and the cut-offs are checked there.
 */
export const moveOrder = (
  ctx: StaffContext,
  acting: Acting,
  params: { customerId: string; orderId: string },
  body: BodyOf<'moveOrder'>,
) =>
  boxAction(
    ctx,
    acting,
    params,
    body.reason,
    'order.move-delivery',
    'Moving the box',
    async (before) => {
      const moved = await ctx.orchestration.updateOrderDeliveryDate({
        body: {
          orderId: before.id,
          userId: params.customerId,
          deliveryDate: body.deliveryDate,
          ...(body.deliverySlotId ? { deliverySlotId: body.deliverySlotId } : {}),
          actedBy: staffActor(acting.userId),
        },
      });
      return moved.orders[0]!;
    },
  );
