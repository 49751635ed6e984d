import { notFound, passRefusals } from '@pawfresh/kit';
import type { WorkflowRun } from '@pawfresh/contracts/orchestration';
import type { Order } from '@pawfresh/contracts/order';
import type { StaffBulkRetry } from '@pawfresh/contracts/staff-box-actions';
import { staffActor, staffRunId } from '../rules/staff-access.js';
import type { Acting, BodyOf, StaffContext } from './context.js';
import { boxStateOf, readCustomerOrder } from './order-actions.js';
import { recordActions, runStaffAction } from './record-action.js';

/**
 * The staff API's actions on payments and boxes (docs/staff.md "Acting on boxes and the plan"):
 * each the customer app's workflow, run for the box's customer (another customer's box is a 404
 * and nothing changes) and written as the member of staff, then recorded with the reason.
 */

type BoxParams = { customerId: string; orderId: string };

/**
 * A staff action on one of the customer's boxes: the box read first (another customer's, or an
 * unknown one, is a 404 and nothing runs), the audit row about the box and its customer.
 */
const onCustomerBox = <Result>(
  ctx: StaffContext,
  acting: Acting,
  params: BoxParams,
  spec: Omit<
    Parameters<typeof runStaffAction<Order, Result>>[2],
    'targetType' | 'targetId' | 'read' | 'customerOf'
  >,
) =>
  runStaffAction<Order, Result>(ctx, acting, {
    ...spec,
    targetType: 'order',
    targetId: params.orderId,
    read: () => readCustomerOrder(ctx, params.customerId, params.orderId),
    customerOf: (before) => before.userId,
  });

/** What the audit log keeps of a box's address. */
const addressOf = (o: Order) => ({
  address1: o.address.address1,
  address2: o.address.address2,
  suburb: o.address.suburb,
  state: o.address.state,
  postcode: o.address.postcode,
  deliveryNote: o.deliveryNote,
});

/**
 * Charges a box whose payment failed now (manual-charge-order, the customer app's retry, with the
 * customer's id). Money moves once however often it is asked: the charge itself is one
 * charge-order run per box, attempt and version (charge-once), which a repeated or concurrent
 * request joins or finds paid (`already_paid`). A decline is an answer, recorded as such.
 */
export async function retryPayment(
  ctx: StaffContext,
  acting: Acting,
  params: BoxParams,
  body: BodyOf<'retryPayment'>,
) {
  const { result, audit } = await onCustomerBox(ctx, acting, params, {
    action: 'payment.retry',
    permission: 'payments:charge',
    reason: body.reason,
    doing: 'Charging the box',
    run: async (before) => {
      const { workflowId: _, ...charge } = await ctx.orchestration.manualChargeOrder({
        body: {
          orderId: before.id,
          userId: params.customerId,
          createdBy: staffActor(acting.userId),
        },
      });
      const order = await ctx.order.getOrder({ params: { orderId: before.id } });
      return { charge, order };
    },
    stateBefore: boxStateOf,
    stateAfter: ({ charge, order }) => ({
      ...boxStateOf(order),
      outcome: charge.outcome,
      amount: charge.amount,
      attempt: charge.attempt,
      paymentId: charge.paymentId,
      failureReason: charge.failureReason,
    }),
  });
  return { ...result, audit };
}

const BULK_RETRY = 'bulk-manual-charge';

/** A bulk-manual-charge run as the failed payments page follows it. */
function bulkRetryOf(run: WorkflowRun): StaffBulkRetry {
  if (run.workflowName !== BULK_RETRY) throw notFound(`Bulk retry ${run.workflowId} not found`);
  const progress = run.chargeProgress ?? null;
  const ended = !['PENDING', 'ENQUEUED'].includes(run.status);
  return {
    workflowId: run.workflowId,
    status: run.status,
    finished: ended || progress?.left === 0,
    progress,
  };
}

/**
 * Retries many failed payments at once: one bulk-manual-charge run, each box its own
 * manual-charge-order on the billing queue. Its id is made of the member of staff and their
 * Idempotency-Key, so the same request again answers the same run. Recorded for the run (the
 * boxes it took on before, the run after) and for each box, in its customer's timeline; each box's
 * charge is written as theirs on the box's events.
 */
export async function bulkRetryPayments(
  ctx: StaffContext,
  acting: Acting,
  body: BodyOf<'bulkRetryPayments'>,
  idempotencyKey: string,
) {
  const workflowId = staffRunId('staff-bulk-retry', acting.userId, idempotencyKey);
  const {
    result: { retry, boxes },
    audit,
  } = await runStaffAction(ctx, acting, {
    action: 'payment.bulk-retry',
    permission: 'payments:charge',
    targetType: 'workflow-run',
    targetId: workflowId,
    reason: body.reason,
    doing: 'Starting the retries',
    // The boxes as they stand before any is charged again (an unknown id is the run's to report).
    read: async () => ({
      orderIds: body.orderIds,
      boxes: (
        await passRefusals('Reading the boxes', () =>
          ctx.order.lookupOrders({ body: { orderIds: body.orderIds } }),
        )
      ).items,
    }),
    customerOf: () => null,
    run: async ({ boxes }) => ({
      retry: bulkRetryOf(
        await ctx.orchestration.bulkManualCharge({
          body: { orderIds: body.orderIds, createdBy: staffActor(acting.userId), workflowId },
        }),
      ),
      boxes,
    }),
    stateBefore: ({ orderIds }) => ({ orderIds }),
    stateAfter: ({ retry }) => ({ workflowId: retry.workflowId, total: body.orderIds.length }),
  });
  // Each box in its customer's timeline too: who retried it, why, and the run that does.
  await recordActions(
    ctx,
    acting,
    boxes.map((order) => ({
      action: 'payment.bulk-retry',
      permission: 'payments:charge',
      targetType: 'order',
      targetId: order.id,
      customerId: order.userId,
      before: { paymentStatus: order.paymentStatus },
      after: { workflowId: retry.workflowId },
      reason: body.reason,
    })),
  );
  return { retry, audit };
}

/** How a bulk retry stands (another run's id is a 404: its input is for runs:read). */
export async function bulkRetryProgress(ctx: StaffContext, workflowId: string) {
  const run = await passRefusals(
    'Reading the bulk retry',
    () => ctx.orchestration.getRun({ params: { workflowId } }),
    { 404: `Bulk retry ${workflowId} not found` },
  );
  return bulkRetryOf(run);
}

/**
 * Moves this box and every later one (update-order-delivery-info with applyToFutureOrders): the
 * box to the date and slot, the later ones to the plan's cadence from it; boxes that can no longer
 * change are named in skippedOrders.
 */
export async function moveFutureBoxes(
  ctx: StaffContext,
  acting: Acting,
  params: BoxParams,
  body: BodyOf<'moveFutureBoxes'>,
) {
  const { result, audit } = await onCustomerBox(ctx, acting, params, {
    action: 'order.move-future-deliveries',
    permission: 'orders:write',
    reason: body.reason,
    doing: 'Moving the boxes',
    run: async (before) => {
      const done = await ctx.orchestration.updateOrderDeliveryInfo({
        body: {
          orderId: before.id,
          userId: params.customerId,
          applyToFutureOrders: true,
          postcode: before.address.postcode,
          suburb: before.address.suburb,
          date: { deliveryDate: body.deliveryDate, deliverySlotId: body.deliverySlotId },
          actedBy: staffActor(acting.userId),
        },
      });
      return { orders: done.orders, skippedOrders: done.skippedOrders };
    },
    stateBefore: boxStateOf,
    stateAfter: ({ orders, skippedOrders }) => ({
      moved: orders.map((o) => ({
        orderId: o.id,
        deliveryDate: o.deliveryDate,
        expectedDeliverySlotId: o.expectedDeliverySlotId,
      })),
      skippedOrders,
    }),
  });
  return { ...result, audit };
}

/**
 * One box's address (update-order-delivery-info for this box only; the workflow asks the courier
 * first: an address it does not reach is refused in the customer app's words and nothing is
 * written). The default address and the other boxes stay as they are.
 */
export async function changeBoxAddress(
  ctx: StaffContext,
  acting: Acting,
  params: BoxParams,
  body: BodyOf<'changeBoxAddress'>,
) {
  const { reason, postCode, suburb, state, deliveryInstructions, ...street } = body;
  const { result: order, audit } = await onCustomerBox(ctx, acting, params, {
    action: 'order.change-address',
    permission: 'orders:write',
    reason,
    doing: 'Changing the address',
    run: async (before) => {
      const done = await ctx.orchestration.updateOrderDeliveryInfo({
        body: {
          orderId: before.id,
          userId: params.customerId,
          applyToFutureOrders: false,
          postcode: postCode,
          suburb,
          address: {
            addressId: before.address.addressId,
            address1: street.address1,
            address2: street.address2 ?? null,
            city: street.city ?? null,
            countryCode: 'AU',
            state,
            ...(deliveryInstructions !== undefined ? { deliveryInstructions } : {}),
          },
          actedBy: staffActor(acting.userId),
        },
      });
      return done.orders[0]!;
    },
    stateBefore: addressOf,
    stateAfter: addressOf,
  });
  return { order, audit };
}

/** What the audit log keeps of a box's lines: what is in it and what it costs. */
const linesOf = (o: Order) => ({
  totalPrice: o.totalPrice,
  totalCharge: o.totalCharge,
  version: o.version,
  lines: o.orderLineItems.map((i) => ({
    id: i.id,
    productVariantId: i.productVariantId,
    quantity: i.quantity,
    oneOff: i.oneOff,
    price: i.price,
  })),
});

/** The products of `types` for sale, each variant with its product's name and price. */
export async function forSale(ctx: StaffContext, types: readonly string[]) {
  const products = await passRefusals('Reading the products', () =>
    ctx.product.listProducts({ query: {} }),
  );
  return products
    .filter((p) => types.includes(p.type) && p.status === 'active')
    .flatMap((p) =>
      p.variants
        .filter((v) => v.status === 'active')
        .map((v) => ({
          productVariantId: v.id,
          productId: p.id,
          productName: p.name,
          name: p.variants.length > 1 ? `${p.name} (${v.variantName})` : p.name,
          productType: p.type,
          price: v.basePrice,
        })),
    );
}

/** The treats and supplements for sale, each variant with its product's name and price. */
export const boxExtras = async (ctx: StaffContext) =>
  (await forSale(ctx, ['treat', 'supplement'])).map(
    ({ productId: _, productName: __, ...extra }) => extra,
  );

/** A one-off extra on one box (add-one-off-extra for the box's customer, as the member of staff). */
export async function addBoxExtra(
  ctx: StaffContext,
  acting: Acting,
  params: BoxParams,
  body: BodyOf<'addBoxExtra'>,
) {
  const { result, audit } = await onCustomerBox(ctx, acting, params, {
    action: 'order.add-extra',
    permission: 'orders:write',
    reason: body.reason,
    doing: 'Adding the extra',
    run: async (before) => {
      const { workflowId: _, ...done } = await ctx.orchestration.addOneOffExtra({
        body: {
          orderId: before.id,
          userId: params.customerId,
          productVariantId: body.productVariantId,
          quantity: body.quantity,
          actedBy: staffActor(acting.userId),
        },
      });
      return done;
    },
    stateBefore: linesOf,
    stateAfter: (done) => linesOf(done.order),
  });
  return { ...result, audit };
}

/** A one-off extra off one box (delete-one-off-extra; a meal or a plan's extra is a 404). */
export async function removeBoxExtra(
  ctx: StaffContext,
  acting: Acting,
  params: BoxParams & { orderLineItemId: string },
  body: BodyOf<'removeBoxExtra'>,
) {
  const { result: order, audit } = await onCustomerBox(ctx, acting, params, {
    action: 'order.remove-extra',
    permission: 'orders:write',
    reason: body.reason,
    doing: 'Removing the extra',
    run: async (before) =>
      (
        await ctx.orchestration.deleteOneOffExtra({
          body: {
            orderId: before.id,
            userId: params.customerId,
            orderLineItemId: params.orderLineItemId,
            actedBy: staffActor(acting.userId),
          },
        })
      ).order,
    stateBefore: linesOf,
    stateAfter: linesOf,
  });
  return { order, audit };
}
