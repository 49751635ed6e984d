import { z } from 'zod';
import { auditEventSchema } from './audit.js';
import { addressInput, uuid } from './fields.js';
import { lineItemSchema, orderEventSchema, orderSchema } from './order.js';
import { paymentSchema } from './payment.js';
import { shipmentSchema } from './courier.js';
import {
  bulkChargeOrderIds,
  bulkChargeProgressSchema,
  chargeResultSchema,
  MAX_BULK_CHARGE_ORDERS,
} from './orchestration-billing.js';
import { deliveryDateField, skippedOrderSchema } from './orchestration-order-changes.js';
import { workflowId } from './workflow-id.js';
import { deliverySlots } from './subscription.js';

/**
 * The staff API's actions on payments and boxes (issue 31 items 5 and 6; docs/staff.md "Acting on
 * boxes and the plan"): retry a failed payment (one box, or many from the failed payments queue),
 * move every box to come to another day, change one box's address. Each runs the customer app's
 * workflow and is recorded in the audit log with the reason. Kept apart from staff.ts, whose
 * contract spreads these in.
 */

/** What a write did: the audit row it left (null only if the log could not be reached). */
export const recorded = { audit: auditEventSchema.nullable() };

/** A customer's box, named with the customer the page shows (another customer's box: 404). */
export const customerOrderParams = z.object({
  customerId: uuid('customerId'),
  orderId: uuid('orderId'),
});

/** A customer's subscription, named likewise. */
export const customerSubscriptionParams = z.object({
  customerId: uuid('customerId'),
  subscriptionId: uuid('subscriptionId'),
});

/** A bulk retry as the failed payments page follows it. */
export const bulkRetrySchema = z
  .object({
    workflowId: z.string(),
    status: z.string().describe('The run as the engine reports it (PENDING while it runs)'),
    finished: z.boolean().describe('Every box has its outcome'),
    progress: bulkChargeProgressSchema
      .nullable()
      .describe('null only in the moment before the run published its first progress'),
  })
  .meta({ id: 'StaffBulkRetry' });
export type StaffBulkRetry = z.infer<typeof bulkRetrySchema>;

/** One box with everything about it, as its page in the back office shows it. */
export const orderDetailSchema = z
  .object({
    order: orderSchema,
    contents: z
      .array(
        lineItemSchema
          .pick({
            id: true,
            productId: true,
            productVariantId: true,
            animalId: true,
            planType: true,
            quantity: true,
            oneOff: true,
            price: true,
            discountedPrice: true,
          })
          .extend({ name: z.string().describe("The product's name") }),
      )
      .describe('Each line item with its product name and prices (cents, each)'),
    payments: z
      .array(paymentSchema)
      .nullable()
      .describe(
        'Every attempt for the box, newest first, with refunds (null without payments:read)',
      ),
    shipments: z.array(shipmentSchema).describe("The courier's shipments, with tracking"),
    events: z.array(orderEventSchema).describe("The order service's history, oldest first"),
    people: z
      .record(z.string(), z.string())
      .describe(
        'The names of the members of staff the events name as their author (`createdBy` `staff:<id>`), by that text',
      ),
    history: z
      .array(auditEventSchema)
      .nullable()
      .describe(
        'Who changed the box and why, newest first (the audit log; null without audit:read)',
      ),
  })
  .meta({ id: 'StaffOrderDetail' });
export type StaffOrderDetail = z.infer<typeof orderDetailSchema>;

/** The endpoints, spread into the staff contract (`reason`: the staff API's required reason). */
export const boxActionEndpoints = <R extends z.ZodType<string>>(base: string, reason: R) =>
  ({
    orderDetail: {
      method: 'GET',
      path: `${base}/customers/:customerId/orders/:orderId`,
      summary:
        'One box: lines and prices, delivery, payment attempts and refunds, shipment, history',
      description:
        "Another customer's box is a 404. Payments need payments:read and the audit history audit:read; without them they are null.",
      params: customerOrderParams,
      response: orderDetailSchema,
      errors: [400, 404, 502],
      access: 'staff',
      permission: 'orders:read',
    },
    retryPayment: {
      method: 'POST',
      path: `${base}/customers/:customerId/orders/:orderId/retry-payment`,
      summary: "Charge a box whose payment failed now, with the customer's default card",
      description:
        "The customer app's retry (manual-charge-order): a box already paid is answered already_paid and nothing is charged; a box skipped, cancelled or too late to make is a 409 saying so. The run's id is made of the box and its version as read: a repeated request (a double click) joins the same run, and the charge itself is one per attempt (charge-once), so money moves once. A decline is answered (outcome declined, the card provider's words) and recorded.",
      params: customerOrderParams,
      body: z.object({ reason }).strict(),
      response: z.object({ charge: chargeResultSchema, order: orderSchema, ...recorded }),
      errors: [400, 404, 409, 502],
      access: 'staff',
      permission: 'payments:charge',
    },
    bulkRetryPayments: {
      method: 'POST',
      path: `${base}/payment-retries`,
      summary: 'Retry several failed payments at once (the failed payments queue), with a reason',
      description: `One run (bulk-manual-charge) charges each box through its own manual-charge-order on the billing queue, at the card provider's rate. Answers 202 at once; follow it at GET /payment-retries/{workflowId}. At most ${MAX_BULK_CHARGE_ORDERS} boxes. Send an \`Idempotency-Key\` header (one per bulk retry the person means): the same key again answers the same run, never a second one.`,
      body: z
        .object({
          orderIds: bulkChargeOrderIds,
          reason,
        })
        .strict(),
      status: 202,
      response: z.object({ retry: bulkRetrySchema, ...recorded }),
      errors: [400, 502],
      access: 'staff',
      permission: 'payments:charge',
    },
    bulkRetryProgress: {
      method: 'GET',
      path: `${base}/payment-retries/:workflowId`,
      summary: 'How a bulk retry stands: each box waiting, charged, declined, paid or failed',
      params: z.object({ workflowId }),
      response: bulkRetrySchema,
      errors: [400, 404, 502],
      access: 'staff',
      permission: 'payments:read',
    },
    moveFutureBoxes: {
      method: 'POST',
      path: `${base}/customers/:customerId/orders/:orderId/move-future`,
      summary: 'Move this box and every later one to another day and slot, with a reason',
      description:
        "The customer app's workflow (update-order-delivery-info with applyToFutureOrders): this box to the date and slot, each later one to the same weekday at the plan's cadence from it. Later boxes past their cut-off or being made stay as they are and are listed in skippedOrders. A day the courier does not deliver to the box's address is a 400 naming the next dates.",
      params: customerOrderParams,
      body: z
        .object({
          deliveryDate: deliveryDateField,
          deliverySlotId: z.enum(deliverySlots, { error: 'deliverySlotId must be AM or PM' }),
          reason,
        })
        .strict(),
      response: z.object({
        orders: z.array(orderSchema).describe('Every box moved, as it now is'),
        skippedOrders: z.array(skippedOrderSchema),
        ...recorded,
      }),
      errors: [400, 404, 409, 502],
      access: 'staff',
      permission: 'orders:write',
    },
    boxExtras: {
      method: 'GET',
      path: `${base}/extras`,
      summary: 'The treats and supplements a box may take as one-off extras, with their prices',
      response: z.array(
        z.object({
          productVariantId: z.uuid(),
          name: z.string(),
          productType: z.string(),
          price: z.number().int().describe('Cents, each'),
        }),
      ),
      errors: [502],
      access: 'staff',
      permission: 'orders:read',
    },
    addBoxExtra: {
      method: 'POST',
      path: `${base}/customers/:customerId/orders/:orderId/extras`,
      summary: 'Add a one-off extra (a treat or supplement) to one box, repriced, with a reason',
      description:
        "The customer app's workflow (add-one-off-extra): more of one the box has adds to its quantity. Not a treat or supplement for sale: 400; a box past its cut-off or being made: 409.",
      params: customerOrderParams,
      body: z
        .object({
          productVariantId: uuid('productVariantId'),
          quantity: z
            .number({ error: 'quantity must be a whole number from 1 to 50' })
            .int({ error: 'quantity must be a whole number from 1 to 50' })
            .min(1, { error: 'quantity must be a whole number from 1 to 50' })
            .max(50, { error: 'quantity must be a whole number from 1 to 50' }),
          reason,
        })
        .strict(),
      response: z.object({
        order: orderSchema,
        orderLineItemId: z.uuid().nullable(),
        ...recorded,
      }),
      errors: [400, 404, 409, 502],
      access: 'staff',
      permission: 'orders:write',
    },
    removeBoxExtra: {
      method: 'POST',
      path: `${base}/customers/:customerId/orders/:orderId/extras/:orderLineItemId/remove`,
      summary: 'Remove a one-off extra from one box, repriced, with a reason',
      description:
        "The customer app's workflow (delete-one-off-extra). A line that is not one of the box's one-off extras (a meal, a plan's extra): 404.",
      params: customerOrderParams.extend({ orderLineItemId: uuid('orderLineItemId') }),
      body: z.object({ reason }).strict(),
      response: z.object({ order: orderSchema, ...recorded }),
      errors: [400, 404, 409, 502],
      access: 'staff',
      permission: 'orders:write',
    },
    changeBoxAddress: {
      method: 'POST',
      path: `${base}/customers/:customerId/orders/:orderId/address`,
      summary: "Change one box's delivery address, with a reason",
      description:
        "The courier's serviceability check first (an address it does not reach is a 400 and nothing changes), then the customer app's workflow (update-order-delivery-info) for this box only: the default address and the other boxes stay as they are. A box past its cut-off or being made is a 409.",
      params: customerOrderParams,
      body: addressInput.omit({ countryCode: true, companyName: true }).extend({ reason }).strict(),
      response: z.object({ order: orderSchema, ...recorded }),
      errors: [400, 404, 409, 502],
      access: 'staff',
      permission: 'orders:write',
    },
  }) as const;
