import { z } from 'zod';
import { calendarDate, cents, instant, uuid } from './fields.js';
import { paymentStatus } from './order.js';
import { reconciliationReportSchema } from './payment.js';
import { workflowId } from './workflow-id.js';

/**
 * Billing and dunning workflows of the orchestration service (docs/dunning.md): the daily billing
 * run, charging one order, and a manual charge of a failed order.
 */

/** What the billing run did with one order (docs/dunning.md "The steps"). */
export const dunningActions = ['charge', 'move-delivery', 'skip', 'none'] as const;
export type DunningAction = (typeof dunningActions)[number];

/** How a charge ended. */
export const chargeOutcomes = ['charged', 'declined', 'already_paid'] as const;
export type ChargeOutcome = (typeof chargeOutcomes)[number];

export const chargeResultSchema = z
  .object({
    orderId: z.uuid(),
    orderNumber: z.number().int(),
    outcome: z.enum(chargeOutcomes),
    paymentStatus: paymentStatus.describe("The order's payment status after the charge"),
    amount: cents.describe('Cents charged or tried'),
    attempt: z.number().int().describe('1 for the first try; the Idempotency-Key names it'),
    paymentId: z.uuid().nullable().describe("The payment service's payment (declines are kept)"),
    failureReason: z.string().nullable().describe("The card provider's words, for a decline"),
    nextAttemptDate: calendarDate
      .nullable()
      .describe('When the billing run tries again (declined); null when no retry is left'),
  })
  .meta({ id: 'ChargeResult' });
export type ChargeResult = z.infer<typeof chargeResultSchema>;

// ---------------------------------------------------------------------------------------------
// charge-due-orders (the daily billing run; also on demand)
// ---------------------------------------------------------------------------------------------

export const chargeDueOrdersInput = z
  .object({
    date: calendarDate
      .optional()
      .describe("The billing day to run (default: today in Australia/Perth, the last zone's day)"),
    workflowId: workflowId
      .optional()
      .describe('Default charge-due-orders:<date>: one run per billing day'),
  })
  .strict();
export type ChargeDueOrdersInput = z.output<typeof chargeDueOrdersInput>;

export const billedOrderSchema = z
  .object({
    orderId: z.uuid(),
    action: z.enum(dunningActions).nullable().describe('null: the order could not be read'),
    paymentStatus: paymentStatus.nullable(),
    deliveryDate: calendarDate
      .nullable()
      .describe('After the step (a moved delivery shows its new date)'),
    charge: chargeResultSchema.nullable(),
    error: z
      .object({ statusCode: z.number().int(), message: z.string() })
      .nullable()
      .describe('This order could not be billed now (another service down): the next run retries'),
  })
  .meta({ id: 'BilledOrder' });
export type BilledOrder = z.infer<typeof billedOrderSchema>;

export const billingRunSchema = z
  .object({
    workflowId: z.string(),
    date: calendarDate,
    orders: z.array(billedOrderSchema),
  })
  .meta({ id: 'BillingRun' });
export type BillingRun = z.infer<typeof billingRunSchema>;

// ---------------------------------------------------------------------------------------------
// manual-charge-order
// ---------------------------------------------------------------------------------------------

export const manualChargeOrderInput = z
  .object({
    orderId: uuid('orderId'),
    userId: uuid('userId')
      .optional()
      .describe("The customer asking: another customer's order is a 404 and nothing is charged"),
    createdBy: z
      .string({ error: 'createdBy must be text' })
      .trim()
      .min(1, { error: 'createdBy is required' })
      .max(100, { error: 'createdBy must be 100 characters or less' })
      .optional()
      .describe('Who asked (staff e-mail, customer:<id>); recorded on the order events'),
    workflowId: workflowId.optional(),
  })
  .strict();
export type ManualChargeOrderInput = z.output<typeof manualChargeOrderInput>;

export const manualChargeSchema = chargeResultSchema
  .extend({ workflowId: z.string() })
  .meta({ id: 'ManualCharge' });
export type ManualCharge = z.infer<typeof manualChargeSchema>;

// ---------------------------------------------------------------------------------------------
// bulk-manual-charge (the back office's bulk retry of failed payments; docs/staff.md)
// ---------------------------------------------------------------------------------------------

/** The most boxes one bulk retry takes: a page of the failed payments queue. */
export const MAX_BULK_CHARGE_ORDERS = 100;

/** The boxes of a bulk retry: one to a page of the queue, each once. */
export const bulkChargeOrderIds = z
  .array(uuid('orderIds'), { error: 'orderIds must be a list of order ids' })
  .min(1, { error: 'orderIds: choose at least one box to retry' })
  .max(MAX_BULK_CHARGE_ORDERS, {
    error: `orderIds: at most ${MAX_BULK_CHARGE_ORDERS} boxes at once`,
  })
  .refine((ids) => new Set(ids).size === ids.length, {
    error: 'orderIds: each box may appear once',
  });

export const bulkManualChargeInput = z
  .object({
    orderIds: bulkChargeOrderIds,
    createdBy: z
      .string({ error: 'createdBy must be text' })
      .trim()
      .min(1, { error: 'createdBy is required' })
      .max(100, { error: 'createdBy must be 100 characters or less' })
      .describe('Who asked (staff:<userId>); recorded on the order events'),
    workflowId: workflowId.optional(),
  })
  .strict();
export type BulkManualChargeInput = z.output<typeof bulkManualChargeInput>;

/** Where one box of a bulk retry stands: waiting, or how its charge ended. */
export const bulkChargeStatuses = [
  'waiting',
  'charged',
  'declined',
  'already_paid',
  'failed',
] as const;
export type BulkChargeStatus = (typeof bulkChargeStatuses)[number];

export const bulkChargeProgressSchema = z
  .object({
    total: z.number().int().describe('Boxes this run took on'),
    done: z.number().int().describe('Boxes finished, whatever the outcome'),
    left: z.number().int().describe('Boxes still waiting for their charge'),
    charged: z.number().int(),
    declined: z.number().int().describe('The card was declined: the box stays failed'),
    alreadyPaid: z.number().int().describe('Paid meanwhile: nothing charged'),
    failed: z
      .number()
      .int()
      .describe('Refused (skipped, cancelled, too late to make) or not possible just now'),
    orders: z.array(
      z.object({
        orderId: z.uuid(),
        status: z.enum(bulkChargeStatuses),
        message: z
          .string()
          .nullable()
          .describe("Why it was declined (the card provider's words) or refused"),
      }),
    ),
  })
  .meta({ id: 'BulkChargeProgress' });
export type BulkChargeProgress = z.infer<typeof bulkChargeProgressSchema>;

// ---------------------------------------------------------------------------------------------
// reset-temporal-schedules
// ---------------------------------------------------------------------------------------------

export const resetSchedulesInput = z.object({ workflowId: workflowId.optional() }).strict();

export const schedulesSchema = z
  .object({
    schedules: z.array(
      z.object({
        scheduleName: z.string(),
        workflowName: z.string(),
        schedule: z.string().describe('Cron (minute hour day month weekday)'),
        cronTimezone: z.string().nullable(),
        status: z.string(),
      }),
    ),
    removed: z.array(z.string()).describe('Schedules that were not configured, now deleted'),
  })
  .meta({ id: 'WorkflowSchedules' });
export type WorkflowSchedules = z.infer<typeof schedulesSchema>;

// ---------------------------------------------------------------------------------------------
// generate-invoice (docs/invoices.md)
// ---------------------------------------------------------------------------------------------

export const generateInvoiceInput = z
  .object({
    orderId: uuid('orderId'),
    userId: uuid('userId')
      .optional()
      .describe("The customer asking: another customer's order is a 404"),
    workflowId: workflowId.optional(),
  })
  .strict();
export type GenerateInvoiceInput = z.output<typeof generateInvoiceInput>;

export const invoiceFileSchema = z
  .object({
    orderId: z.uuid(),
    invoiceNumber: z.string().describe('INV-<order number>, one invoice per paid order'),
    invoiceDate: calendarDate.describe('The day the payment was taken (depot time)'),
    fileName: z.string(),
    total: cents.describe('Cents, GST included'),
    gst: cents.describe('The GST included in total: total / 11, rounded to the cent'),
    pdfContent: z.string().describe('The PDF, base64'),
  })
  .meta({ id: 'InvoiceFile' });
export type InvoiceFile = z.infer<typeof invoiceFileSchema>;

export const invoiceSchema = invoiceFileSchema
  .extend({ workflowId: z.string() })
  .meta({ id: 'Invoice' });

// ---------------------------------------------------------------------------------------------
// reconcile-payments (daily after the billing run; also on demand): docs/payments.md
// ---------------------------------------------------------------------------------------------

export const reconcilePaymentsInput = z
  .object({
    from: instant
      .optional()
      .describe("Intents made at the provider from (default: 3 days before 'to')"),
    to: instant.optional().describe('Up to (default: now)'),
    workflowId: workflowId.optional(),
  })
  .strict();

export const reconcilePaymentsSchema = z
  .object({
    workflowId: z.string(),
    report: reconciliationReportSchema,
    ordersPaid: z
      .array(z.object({ orderId: z.uuid(), orderNumber: z.number().int() }))
      .describe(
        'Orders whose payment the provider took while the order did not say so: marked paid',
      ),
  })
  .meta({ id: 'PaymentReconciliation' });
export type PaymentReconciliation = z.infer<typeof reconcilePaymentsSchema>;
