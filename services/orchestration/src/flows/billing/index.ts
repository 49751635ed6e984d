import type {
  BulkChargeProgress,
  BulkManualChargeInput,
  BilledOrder,
  BillingRun,
  ChargeResult,
  InvoiceFile,
  PaymentReconciliation,
} from '@pawfresh/contracts/orchestration-billing';
import type { Seller } from '../../rules/invoice.js';
import { generateInvoice } from './generate-invoice.js';
import type { TestAccount } from '@pawfresh/contracts/orchestration-accounts';
import { createAccount, type CreateAccountInput } from '../accounts/create-account.js';
import type { Engine, Workflow } from '../../engine/engine.js';
import { childWorkflow } from '../../engine/children.js';
import {
  registerScheduled,
  type ConfiguredSchedule,
  type ScheduledWorkflow,
} from '../../engine/schedules.js';
import { BILLING_RUN_TIME_ZONE, localDate } from '../../rules/dunning.js';
import { billOrder, type BillOrderInput } from './bill-order.js';
import { chargeDueOrders } from './charge-due-orders.js';
import { chargeOrder, type ChargeOrderInput } from './charge-order.js';
import type { BillingContext } from './context.js';
import { manualChargeOrder } from './manual-charge-order.js';
import { bulkManualCharge } from './bulk-manual-charge.js';
import { reconcilePayments } from './reconcile-payments.js';

export interface BillingWorkflows {
  chargeOrder: Workflow<ChargeOrderInput, ChargeResult>;
  billOrder: Workflow<BillOrderInput, Omit<BilledOrder, 'error'>>;
  chargeDueOrders: Workflow<{ date: string }, Omit<BillingRun, 'workflowId'>>;
  manualChargeOrder: Workflow<
    { orderId: string; userId?: string; createdBy?: string },
    ChargeResult
  >;
  bulkManualCharge: Workflow<
    Omit<BulkManualChargeInput, 'workflowId'>,
    { progress: BulkChargeProgress }
  >;
  createTestAccount: Workflow<CreateAccountInput, Omit<TestAccount, 'workflowId'>>;
  createAccount: Workflow<CreateAccountInput, Omit<TestAccount, 'workflowId'>>;
  generateInvoice: Workflow<{ orderId: string; userId?: string }, InvoiceFile>;
  reconcilePayments: Workflow<
    { from?: string; to?: string },
    Omit<PaymentReconciliation, 'workflowId'>
  >;
  /** The schedules this service keeps (reset-temporal-schedules puts them back). */
  schedules: ConfiguredSchedule[];
}

/** The billing run's default id: one run per billing day. */
export const billingRunId = (date: string) => `charge-due-orders:${date}`;

/**
 * The queue the billing run's bill-order runs wait on: they start at most the card provider's
 * rate limit a second, across every process sharing the database (docs/dunning.md "Rate limit").
 */
export const BILLING_QUEUE = 'billing';

export function registerBillingWorkflows(
  engine: Engine,
  ctx: BillingContext,
  settings: {
    billingRunCron: string;
    reconcilePaymentsCron: string;
    invoiceSeller: Seller;
    paymentRateLimitPerSecond: number;
  },
): BillingWorkflows {
  const charge = engine.register('charge-order', chargeOrder(ctx));
  const bill = engine.register('bill-order', billOrder(ctx, charge));
  const queue = engine.rateLimitedQueue(BILLING_QUEUE, settings.paymentRateLimitPerSecond);
  const run = engine.register(
    'charge-due-orders',
    chargeDueOrders(ctx, (input, id) => engine.enqueue(bill, input, id, queue)),
  );
  // The schedule starts the run for the day it fired on (06:00 in Perth: every zone's same day).
  const daily: ScheduledWorkflow = registerScheduled('billing-schedule', async (scheduledDate) => {
    const date = localDate(scheduledDate, BILLING_RUN_TIME_ZONE);
    await childWorkflow(run, { date }, billingRunId(date));
  });
  const reconcile = engine.register('reconcile-payments', reconcilePayments(ctx));
  const dailyReconcile: ScheduledWorkflow = registerScheduled(
    'reconcile-payments-schedule',
    async (scheduledDate) => {
      await childWorkflow(
        reconcile,
        {},
        `reconcile-payments:${localDate(scheduledDate, BILLING_RUN_TIME_ZONE)}`,
      );
    },
  );
  const manual = engine.register('manual-charge-order', manualChargeOrder(ctx, charge));
  return {
    chargeOrder: charge,
    reconcilePayments: reconcile,
    billOrder: bill,
    chargeDueOrders: run,
    manualChargeOrder: manual,
    // The back office's bulk retry: each box on the billing queue, at the provider's rate.
    bulkManualCharge: engine.register(
      'bulk-manual-charge',
      bulkManualCharge(ctx, (input, id) => engine.enqueue(manual, input, id, queue)),
    ),
    createTestAccount: engine.register('create-test-account', createAccount(ctx)),
    createAccount: engine.register('create-account-scenario', createAccount(ctx)),
    generateInvoice: engine.register(
      'generate-invoice',
      generateInvoice(ctx, settings.invoiceSeller),
    ),
    schedules: [
      {
        scheduleName: 'billing-run',
        workflow: daily,
        schedule: settings.billingRunCron,
        cronTimezone: BILLING_RUN_TIME_ZONE,
      },
      {
        scheduleName: 'reconcile-payments',
        workflow: dailyReconcile,
        schedule: settings.reconcilePaymentsCron,
        cronTimezone: BILLING_RUN_TIME_ZONE,
      },
    ],
  };
}
