import { z } from 'zod';
import { ConfigError, loadConfig, processName } from '@pawfresh/kit';
import { WORKFLOW_VERSION } from './engine/version.js';
import { isValidAbn } from './rules/invoice.js';

/** What the orchestration service reads from the environment besides the process settings. */
export interface OrchestrationSettings {
  /**
   * Each workflow step waits this long before it runs, so a crash test can kill the process with
   * a step in flight. 0 (the default) everywhere but in those tests; refused in production.
   */
  stepDelayMs: number;
  /** When the daily billing run starts (cron, Australia/Perth wall clock): docs/dunning.md. */
  billingRunCron: string;
  /**
   * When the daily reconciliation of payments with the card provider starts (cron, Australia/Perth
   * wall clock): after the billing run. docs/payments.md "Reconciliation".
   */
  reconcilePaymentsCron: string;
  /** The seller on tax invoices (docs/invoices.md). */
  invoiceSeller: { name: string; abn: string; address: string };
  /**
   * This process's id among the processes sharing the database (DBOS's executor id): the kit's
   * processName — WORKFLOW_EXECUTOR_ID, else unique per process on PostgreSQL, `local` embedded.
   * At start a process recovers its own id's workflows; a live one recovers a dead one's.
   */
  executorId: string;
  /**
   * The workflows' version (DBOS's application version): a process recovers only runs of its own
   * version, so it changes only on purpose, when a workflow changes in a way a run in flight could
   * not replay (docs/workflows.md "Changing a workflow"). WORKFLOW_APPLICATION_VERSION, else the
   * release's WORKFLOW_VERSION (engine/version.ts).
   */
  applicationVersion: string;
  /** How often a live process looks for the workflows of processes that died (milliseconds). */
  recoveryIntervalMs: number;
  /** How far ahead orders are generated (weeks of deliveries). Default 12. */
  orderHorizonWeeks: number;
  /** When the daily order generation runs (cron, Australia/Sydney time). Default 02:00. */
  generateOrdersCron: string;
  /** Subscriptions whose orders are generated at once, per process. Default 4. */
  generateOrdersConcurrency: number;
  /**
   * Whether this process runs the scheduled workflows (the billing run, the daily order
   * generation): `WORKFLOW_SCHEDULES` on or off; default on in production only, so a development
   * or demo server never bills or generates on its own (docs/workflows.md "Schedules").
   */
  schedulesOn: boolean;
  /**
   * The card provider's rate limit (PAYMENT_RATE_LIMIT_PER_SECOND, default 25: Stripe's per
   * endpoint): the billing run's bill-order runs start at most this many a second across every
   * process sharing the database (docs/dunning.md "Rate limit").
   */
  paymentRateLimitPerSecond: number;
}

const envSchema = z.object({
  WORKFLOW_STEP_DELAY_MS: z.coerce
    .number({ error: 'WORKFLOW_STEP_DELAY_MS must be a whole number of milliseconds' })
    .int({ error: 'WORKFLOW_STEP_DELAY_MS must be a whole number of milliseconds' })
    .min(0, { error: 'WORKFLOW_STEP_DELAY_MS must be a whole number of milliseconds' })
    .max(60_000, { error: 'WORKFLOW_STEP_DELAY_MS must be at most 60000 (a minute)' })
    .default(0),
  BILLING_RUN_CRON: z
    .string()
    .trim()
    .regex(/^(\S+\s+){4}\S+$/, {
      error: 'BILLING_RUN_CRON must be a cron schedule of 5 fields, such as "0 6 * * *"',
    })
    .default('0 6 * * *'),
  RECONCILE_PAYMENTS_CRON: z
    .string()
    .trim()
    .regex(/^(\S+\s+){4}\S+$/, {
      error: 'RECONCILE_PAYMENTS_CRON must be a cron schedule of 5 fields, such as "0 7 * * *"',
    })
    .default('0 7 * * *'),
  INVOICE_BUSINESS_NAME: z.string().trim().min(1).max(120).default('Pawfresh Pty Ltd'),
  INVOICE_ABN: z
    .string()
    .trim()
    .refine(isValidAbn, {
      error: 'INVOICE_ABN must be an Australian Business Number (11 digits, valid checksum)',
    })
    .default('51 824 753 556'),
  INVOICE_ADDRESS: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .default('12 Example Street, Richmond VIC 3121'),
  WORKFLOW_APPLICATION_VERSION: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,60}$/, {
      error:
        'WORKFLOW_APPLICATION_VERSION must be 1 to 60 letters, digits, dots, underscores or dashes',
    })
    .default(WORKFLOW_VERSION),
  WORKFLOW_RECOVERY_INTERVAL_MS: z.coerce
    .number({ error: 'WORKFLOW_RECOVERY_INTERVAL_MS must be a whole number from 200 to 60000' })
    .int({ error: 'WORKFLOW_RECOVERY_INTERVAL_MS must be a whole number from 200 to 60000' })
    .min(200, { error: 'WORKFLOW_RECOVERY_INTERVAL_MS must be a whole number from 200 to 60000' })
    .max(60_000, {
      error: 'WORKFLOW_RECOVERY_INTERVAL_MS must be a whole number from 200 to 60000',
    })
    .default(10_000),
  ORDER_HORIZON_WEEKS: z.coerce
    .number()
    .int({ error: 'ORDER_HORIZON_WEEKS must be a whole number of weeks from 1 to 52' })
    .min(1, { error: 'ORDER_HORIZON_WEEKS must be a whole number of weeks from 1 to 52' })
    .max(52, { error: 'ORDER_HORIZON_WEEKS must be a whole number of weeks from 1 to 52' })
    .default(12),
  GENERATE_ORDERS_CRON: z
    .string()
    .regex(/^\S+( \S+){4,5}$/, {
      error: 'GENERATE_ORDERS_CRON must be a cron expression of 5 or 6 fields',
    })
    .default('0 2 * * *'),
  GENERATE_ORDERS_CONCURRENCY: z.coerce
    .number()
    .int({ error: 'GENERATE_ORDERS_CONCURRENCY must be a whole number from 1 to 64' })
    .min(1, { error: 'GENERATE_ORDERS_CONCURRENCY must be a whole number from 1 to 64' })
    .max(64, { error: 'GENERATE_ORDERS_CONCURRENCY must be a whole number from 1 to 64' })
    .default(4),
  PAYMENT_RATE_LIMIT_PER_SECOND: z.coerce
    .number({ error: 'PAYMENT_RATE_LIMIT_PER_SECOND must be a whole number from 1 to 10000' })
    .int({ error: 'PAYMENT_RATE_LIMIT_PER_SECOND must be a whole number from 1 to 10000' })
    .min(1, { error: 'PAYMENT_RATE_LIMIT_PER_SECOND must be a whole number from 1 to 10000' })
    .max(10_000, { error: 'PAYMENT_RATE_LIMIT_PER_SECOND must be a whole number from 1 to 10000' })
    .default(25),
  WORKFLOW_SCHEDULES: z
    .enum(['on', 'off'], { error: 'WORKFLOW_SCHEDULES must be on or off' })
    .optional(),
});

export function readOrchestrationSettings(
  environment: 'development' | 'test' | 'production',
  env: Record<string, string | undefined> = process.env,
): OrchestrationSettings {
  const parsed = loadConfig(envSchema, env);
  if (environment === 'production' && parsed.WORKFLOW_STEP_DELAY_MS > 0) {
    throw new ConfigError([
      'WORKFLOW_STEP_DELAY_MS slows every workflow step for crash tests: it is refused in production',
    ]);
  }
  return {
    stepDelayMs: parsed.WORKFLOW_STEP_DELAY_MS,
    billingRunCron: parsed.BILLING_RUN_CRON,
    reconcilePaymentsCron: parsed.RECONCILE_PAYMENTS_CRON,
    invoiceSeller: {
      name: parsed.INVOICE_BUSINESS_NAME,
      abn: parsed.INVOICE_ABN,
      address: parsed.INVOICE_ADDRESS,
    },
    executorId: processName(env),
    applicationVersion: parsed.WORKFLOW_APPLICATION_VERSION,
    recoveryIntervalMs: parsed.WORKFLOW_RECOVERY_INTERVAL_MS,
    orderHorizonWeeks: parsed.ORDER_HORIZON_WEEKS,
    generateOrdersCron: parsed.GENERATE_ORDERS_CRON,
    generateOrdersConcurrency: parsed.GENERATE_ORDERS_CONCURRENCY,
    schedulesOn:
      (parsed.WORKFLOW_SCHEDULES ?? (environment === 'production' ? 'on' : 'off')) === 'on',
    paymentRateLimitPerSecond: parsed.PAYMENT_RATE_LIMIT_PER_SECOND,
  };
}
