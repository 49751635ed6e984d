import { z } from 'zod';
import { defineContract } from './define.js';
import {
  cents,
  instant,
  offsetField,
  pageLimit,
  pageOffset,
  paginated,
  promotionCodeOf,
  uuid,
} from './fields.js';
import { workflowId } from './workflow-id.js';
import { discountIntervals, promotionTypes } from './pricing.js';
import { cadenceInWeeks, generatedFeedingPlanSchema, planSchema } from './subscription.js';
import { checkoutInput, checkoutResultSchema } from './orchestration-checkout.js';
import {
  billingRunSchema,
  chargeDueOrdersInput,
  generateInvoiceInput,
  invoiceSchema,
  manualChargeOrderInput,
  manualChargeSchema,
  bulkManualChargeInput,
  bulkChargeProgressSchema,
  reconcilePaymentsInput,
  reconcilePaymentsSchema,
  resetSchedulesInput,
  schedulesSchema,
} from './orchestration-billing.js';
import { subscriptionChangeEndpoints } from './orchestration-subscription-changes.js';
import { orderChangeEndpoints } from './orchestration-order-changes.js';
import { fulfilmentEndpoints } from './orchestration-fulfilment.js';
import {
  bulkProgressSchema,
  bulkMigrateInput,
  migrateInput,
  migrateResultSchema,
  revertMigrateResultSchema,
} from './orchestration-migration.js';
import {
  generateOrdersInput,
  generateOrdersResultSchema,
  generationProgressSchema,
} from './orchestration-generate-orders.js';
import {
  createAccountScenarioInput,
  createTestAccountInput,
  testAccountSchema,
} from './orchestration-accounts.js';

export { workflowId };

/** A catalogue plan by id or slug, as `GET /plans/{id}` of the subscription service takes it. */
const planIdentifier = z
  .string({ error: 'planId must be a valid UUID or a valid plan slug' })
  .refine(
    (v) => z.uuid().safeParse(v).success || /^[a-z0-9]+(-[a-z0-9]+)*$/.test(v),
    'planId must be a valid UUID or a valid plan slug',
  )
  .refine((v) => v.length <= 100, 'planId must be a valid UUID or a valid plan slug');

// ---------------------------------------------------------------------------------------------
// get-feeding-plan-pricing
// ---------------------------------------------------------------------------------------------

export const feedingPlanPricingInput = z
  .object({
    animalId: uuid('animalId').describe('The dog the plan feeds (dogs service)'),
    planId: planIdentifier.describe('The catalogue plan (full bowl, half bowl…): id or slug'),
    productIds: z
      .array(uuid('productIds[]'), { error: 'productIds must be a list of meal product ids' })
      .max(7, { error: 'A feeding plan has at most 7 meals' })
      .optional()
      .describe("The meals, in equal shares; left out or empty: the dog's chosen meals"),
    cadenceInWeeks: cadenceInWeeks.default(2),
    promotionCode: promotionCodeOf('promotionCode', 'promotionCode must be a promotion code')
      .optional()
      .describe(
        'A code the customer holds: the first box is also priced under it (docs/pricing.md "A code on a plan\'s price")',
      ),
    workflowId: workflowId.optional(),
  })
  .strict();
export type FeedingPlanPricingInput = z.output<typeof feedingPlanPricingInput>;

export const feedingPlanPromotionSchema = z
  .object({
    code: z.string().describe('As sent'),
    totalPrice: cents.describe("The first box's plan before the discount, cents"),
    discountTotal: cents.describe('Taken off the first box by the code, cents'),
    discountedTotalPrice: cents.describe('The first box under the code, cents'),
    discountedPricePerPouch: cents.nullable().describe('The first box under the code, per pouch'),
  })
  .meta({ id: 'FeedingPlanPromotion' });

export const feedingPlanPricingSchema = z
  .object({
    workflowId: z.string(),
    animalId: z.uuid(),
    plan: planSchema,
    feedingPlan: generatedFeedingPlanSchema,
    promotion: feedingPlanPromotionSchema
      .nullable()
      .describe('The first box priced under the promotionCode sent (null: none sent)'),
  })
  .meta({ id: 'FeedingPlanPricing' });
export type FeedingPlanPricing = z.infer<typeof feedingPlanPricingSchema>;

// ---------------------------------------------------------------------------------------------
// get-inflated-cart
// ---------------------------------------------------------------------------------------------

export const inflatedCartInput = z
  .object({ cartId: uuid('cartId'), workflowId: workflowId.optional() })
  .strict();
export type InflatedCartInput = z.output<typeof inflatedCartInput>;

export const inflatedCartProductSchema = z
  .object({
    id: z.uuid().describe('The cart product'),
    subscriptionId: z.uuid().nullable(),
    bundleId: z.uuid().nullable(),
    productVariantId: z.uuid(),
    productId: z.uuid(),
    sku: z.string(),
    variantName: z.string(),
    quantity: z.number().int().positive(),
    unitPrice: cents.describe("The variant's price, cents"),
    totalPrice: cents.describe('unitPrice × quantity, before discounts'),
    discountedTotalPrice: cents,
  })
  .meta({ id: 'InflatedCartProduct' });

export const inflatedCartPlanSchema = z
  .object({
    id: z.uuid().describe('The cart feeding plan'),
    subscriptionId: z.uuid(),
    animalId: z.uuid(),
    orderLimit: z.number().positive().nullable(),
    productIds: z.array(z.uuid()).describe('The meals chosen in the cart (none: the dog’s own)'),
    plan: planSchema,
    feedingPlan: generatedFeedingPlanSchema,
  })
  .meta({ id: 'InflatedCartPlan' });

export const inflatedCartPromotionSchema = z
  .object({
    code: z.string().describe('As the cart holds it'),
    promotionId: z.uuid(),
    type: z.enum(promotionTypes),
    discountId: z.uuid(),
    name: z.string().describe("The discount's name"),
    description: z.string().nullable(),
    interval: z.enum(discountIntervals),
    ordersDiscounted: z
      .number()
      .int()
      .nullable()
      .describe('How many orders from the first the discount can reach; null: every order'),
  })
  .meta({ id: 'InflatedCartPromotion' });

export const inflatedCartSchema = z
  .object({
    workflowId: z.string(),
    cartId: z.uuid(),
    userId: z.uuid(),
    createdAt: instant,
    products: z
      .array(inflatedCartProductSchema)
      .describe('Every product of the cart: loose, in bundles and in subscriptions'),
    plans: z
      .array(inflatedCartPlanSchema)
      .describe("Every feeding plan of the cart's subscriptions"),
    promotion: inflatedCartPromotionSchema
      .nullable()
      .describe("The cart's promotion code, applied to the prices (null: none)"),
    prices: z.object({
      productsTotal: cents.describe('The products, discounted, cents'),
      plansTotal: cents.describe('The feeding plans for one order, discounted, cents'),
      discountTotal: cents.describe('Taken off by the promotion code, cents'),
      total: cents.describe('What the first order costs: what checkout charges'),
    }),
  })
  .meta({ id: 'InflatedCart' });
export type InflatedCart = z.infer<typeof inflatedCartSchema>;
export type InflatedCartProduct = z.infer<typeof inflatedCartProductSchema>;
export type InflatedCartPlan = z.infer<typeof inflatedCartPlanSchema>;

// ---------------------------------------------------------------------------------------------
// Runs
// ---------------------------------------------------------------------------------------------

export const workflowRunStatuses = [
  'PENDING',
  'ENQUEUED',
  'SUCCESS',
  'ERROR',
  'CANCELLED',
  'MAX_RECOVERY_ATTEMPTS_EXCEEDED',
] as const;

const runError = z
  .object({
    statusCode: z.number().int().describe('The HTTP status the failure answers'),
    message: z.string(),
  })
  .meta({ id: 'WorkflowRunError' });

/** The statuses a run may be filtered by: the engine's, and `failed` for both ways to fail. */
export const FAILED_RUN_STATUSES = ['ERROR', 'MAX_RECOVERY_ATTEMPTS_EXCEEDED'] as const;

/**
 * Workflows that move money (a charge, a card hold, a refund): never cancelled. Stopped between
 * its call to the card provider and the record of it, a run would leave a charge or a hold
 * half-recorded, with nothing left to finish it; each ends on its own instead — charged, declined,
 * or undone by its compensation (docs/workflows.md "Resuming and cancelling runs").
 */
export const NEVER_CANCELLED: readonly string[] = [
  'checkout',
  'charge-due-orders',
  'bill-order',
  'charge-order',
  'manual-charge-order',
  // The back office's bulk retry: its boxes' charges go on without it, and its progress with it.
  'bulk-manual-charge',
  'reconcile-payments',
];
/**
 * One customer's import or revert: stopped midway it would leave the customer half-imported, so it
 * is not cancelled while it runs or waits in the queue; it ends on its own (migrated, or in error
 * with what it made undone). Cancelling its bulk run gives back the customers not started yet.
 */
export const NOT_CANCELLED_WHILE_RUNNING: readonly string[] = ['migrate', 'revert-migrate'];
export const runStatusFilters = [...workflowRunStatuses, 'failed'] as const;
export type RunStatusFilter = (typeof runStatusFilters)[number];

/** How long a run took, in milliseconds, from its creation to its end (null: not ended). */
const durationMs = z
  .number()
  .int()
  .nullable()
  .describe('From its creation to its end, in milliseconds; null while it has not ended');

/** A value a run took or answered, as JSON; a long one is cut (`{truncated, preview}`). */
const runValue = z
  .unknown()
  .describe(
    'As JSON; one longer than 4,000 characters is answered as {truncated: true, preview} with its start',
  );

/** One run as the runs list shows it (no steps, input or error: those are on the run itself). */
export const workflowRunSummarySchema = z
  .object({
    workflowId: z.string(),
    workflowName: z.string(),
    status: z.enum(workflowRunStatuses),
    createdAt: instant,
    updatedAt: instant.nullable(),
    completedAt: instant.nullable(),
    durationMs,
    recoveryAttempts: z.number().int().describe('Times it was started, including recoveries'),
    parentWorkflowId: z.string().nullable(),
  })
  .meta({ id: 'WorkflowRunSummary' });
export type WorkflowRunSummary = z.infer<typeof workflowRunSummarySchema>;

/** Counted up to this many: past it the list says "at least" (the engine keeps every run). */
export const RUN_COUNT_CAP = 1000;

export const runListQuery = z
  .object({
    name: z
      .string({ error: 'name must be a workflow name' })
      .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, {
        error: 'name must be a workflow name: lower-case letters, digits and dashes',
      })
      .optional()
      .describe('Only runs of this workflow (checkout, charge-due-orders, …)'),
    status: z
      .enum(runStatusFilters, {
        error: `status must be one of ${runStatusFilters.join(', ')}`,
      })
      .optional()
      .describe('Only runs in this status; failed: ERROR or MAX_RECOVERY_ATTEMPTS_EXCEEDED'),
    offset: pageOffset,
    limit: pageLimit(20),
  })
  .strict();
export type RunListQuery = z.output<typeof runListQuery>;

export const workflowRunPageSchema = paginated(workflowRunSummarySchema, 'WorkflowRunPage', {
  totalIsAtLeast: z
    .boolean()
    .describe(`true when there are more than ${RUN_COUNT_CAP} runs: total is then a floor`),
});
export type WorkflowRunPage = z.infer<typeof workflowRunPageSchema>;

/**
 * A run's steps are shown this many at a time: a bulk run checkpoints two steps a customer (5,000
 * customers: 10,000 steps), and reading them all on every look at its progress cost more than the
 * work it watched.
 */
export const RUN_STEPS_SHOWN = 100;

/** Which of a run's steps to show (`GET /workflows/runs/{id}`): from `stepsOffset`, at most `stepsLimit`. */
export const runStepsQuery = z
  .object({
    stepsOffset: offsetField('stepsOffset').describe(
      'The position of the first step shown (from 0)',
    ),
    stepsLimit: pageLimit(RUN_STEPS_SHOWN, 1, 'stepsLimit').describe(
      `How many steps to show at most (1–100, default ${RUN_STEPS_SHOWN})`,
    ),
  })
  .strict();
export type RunStepsQuery = z.output<typeof runStepsQuery>;

export const workflowRunSchema = workflowRunSummarySchema
  .extend({
    input: runValue.describe('What the run was started with'),
    error: runError.nullable(),
    steps: z.array(
      z.object({
        stepId: z.number().int().describe('Position in the workflow, from 0'),
        name: z.string(),
        status: z.enum(['completed', 'failed']),
        output: runValue.describe('What the step answered (null when it failed)'),
        error: runError.nullable(),
        childWorkflowId: z.string().nullable(),
        startedAt: instant.nullable(),
        completedAt: instant.nullable(),
        durationMs,
      }),
    ),
    stepsOffset: z.number().int().describe('The position of the first step shown'),
    moreSteps: z
      .boolean()
      .describe(
        'true when the run has steps after those shown: ask again with a larger stepsOffset',
      ),
    progress: bulkProgressSchema
      .optional()
      .describe('A bulk migration: its customers by status so far, and their errors'),
    generationProgress: generationProgressSchema
      .optional()
      .describe('An order generation of every subscription: its counts so far'),
    chargeProgress: bulkChargeProgressSchema
      .optional()
      .describe('A bulk retry of failed payments: each box so far, and why one failed'),
  })
  .meta({ id: 'WorkflowRun' });
export type WorkflowRun = z.infer<typeof workflowRunSchema>;

// ---------------------------------------------------------------------------------------------
// The contract (services.md §7 "Orchestration"; base path /workflows)
// ---------------------------------------------------------------------------------------------

/** Resuming or cancelling a run: answered with the run as it now is, or a 409 saying why not. */
const steerRun = (verb: 'resume' | 'cancel', summary: string, description: string) => ({
  method: 'POST' as const,
  path: `/workflows/runs/:workflowId/${verb}`,
  summary,
  description,
  params: z.object({ workflowId }),
  response: workflowRunSchema,
  errors: [400, 404, 409, 500],
});

export const orchestrationContract = defineContract({
  service: 'orchestration',
  title: 'Orchestration service',
  description:
    'Durable workflows (DBOS Transact) that span services, each step checkpointed and calling the other services through their contracts; runs and their steps for staff.',
  version: '1.0.0',
  endpoints: {
    getInflatedCart: {
      method: 'POST',
      path: '/workflows/get-inflated-cart',
      summary: 'A cart with its products, feeding plans and prices',
      body: inflatedCartInput,
      response: inflatedCartSchema,
      errors: [400, 404, 500, 502, 503],
    },
    getFeedingPlanPricing: {
      method: 'POST',
      path: '/workflows/get-feeding-plan-pricing',
      summary: "A dog's feeding plan, sized and priced",
      body: feedingPlanPricingInput,
      response: feedingPlanPricingSchema,
      errors: [400, 404, 500, 502, 503],
    },
    checkout: {
      method: 'POST',
      path: '/workflows/checkout',
      summary: 'Turn a paid cart into a customer, a subscription and orders',
      description:
        'Inflates the cart, checks the address and slot, takes the payment intent, creates the customer, address, subscription and orders, and empties the cart; a failure after the payment undoes everything made (docs/workflows.md).',
      body: checkoutInput,
      response: checkoutResultSchema,
      errors: [400, 404, 409, 422, 500, 502, 503],
    },
    chargeDueOrders: {
      method: 'POST',
      path: '/workflows/charge-due-orders',
      summary: "The billing run: charge the day's orders and take failed ones a dunning step on",
      description:
        'Runs daily on a schedule; on demand for a day (one run per day: the default workflowId is charge-due-orders:<date>). docs/dunning.md.',
      body: chargeDueOrdersInput,
      response: billingRunSchema,
      errors: [400, 500, 502, 503],
    },
    reconcilePayments: {
      method: 'POST',
      path: '/workflows/reconcile-payments',
      summary:
        "Compare the card provider's books with our payments, settle each difference, and mark paid the orders whose money was taken",
      description:
        'Runs daily after the billing run (RECONCILE_PAYMENTS_CRON); on demand for a window. docs/payments.md "Reconciliation".',
      body: reconcilePaymentsInput,
      response: reconcilePaymentsSchema,
      errors: [400, 500, 502, 503],
    },
    manualChargeOrder: {
      method: 'POST',
      path: '/workflows/manual-charge-order',
      summary: 'Charge an order whose payment failed, now',
      body: manualChargeOrderInput,
      response: manualChargeSchema,
      errors: [400, 404, 409, 500, 502, 503],
    },
    bulkManualCharge: {
      method: 'POST',
      path: '/workflows/bulk-manual-charge',
      summary: 'Charge several failed orders now, one manual-charge-order each, through a queue',
      description:
        "Answers 202 at once with the run as it stands; follow it at GET /workflows/runs/{workflowId} (chargeProgress: each box waiting, charged, declined, already paid or failed, with why). Each box is charged by its own manual-charge-order run on the billing queue (the card provider's rate limit), so money moves once per box whatever else charges it. The same workflowId again answers that run, never a second one.",
      status: 202,
      body: bulkManualChargeInput,
      response: workflowRunSchema,
      errors: [400, 500],
    },
    generateInvoice: {
      method: 'POST',
      path: '/workflows/generate-invoice',
      summary: "A paid order's Australian tax invoice, as a PDF (base64 pdfContent)",
      description: 'docs/invoices.md. An order not paid yet: 409.',
      body: generateInvoiceInput,
      response: invoiceSchema,
      errors: [400, 404, 409, 500, 502, 503],
    },
    createTestAccount: {
      method: 'POST',
      path: '/workflows/create-test-account',
      summary:
        'A new test customer (not in production): user, address, card, dog, subscription, next box',
      description:
        'docs/workflows.md "Test accounts". Answers the e-mail and password to sign in with. Refused (403) when NODE_ENV=production.',
      body: createTestAccountInput,
      response: testAccountSchema,
      errors: [400, 403, 409, 500, 502, 503],
    },
    createAccountScenario: {
      method: 'POST',
      path: '/workflows/create-account-scenario',
      summary:
        'A new test customer in one of the test scenarios (services.md §4), not in production',
      description:
        'docs/workflows.md "Test accounts": the boxes stand where the scenario says relative to today. Refused (403) when NODE_ENV=production.',
      body: createAccountScenarioInput,
      response: testAccountSchema,
      errors: [400, 403, 409, 500, 502, 503],
    },
    resetTemporalSchedules: {
      method: 'POST',
      path: '/workflows/reset-temporal-schedules',
      summary: 'Reset the workflow schedules to the configured ones',
      body: resetSchedulesInput,
      response: schedulesSchema,
      errors: [400, 500, 503],
    },
    ...subscriptionChangeEndpoints,
    ...orderChangeEndpoints,
    ...fulfilmentEndpoints,
    migrate: {
      method: 'POST',
      path: '/workflows/migrate',
      summary: 'Move one legacy customer to the new system (docs/migration.md)',
      body: migrateInput,
      response: migrateResultSchema,
      errors: [400, 404, 409, 500, 502, 503],
    },
    revertMigrate: {
      method: 'POST',
      path: '/workflows/revert-migrate',
      summary: 'Undo the migration of one legacy customer: remove what migrate made',
      body: migrateInput,
      response: revertMigrateResultSchema,
      errors: [400, 404, 409, 500, 502, 503],
    },
    bulkMigrate: {
      method: 'POST',
      path: '/workflows/bulk-migrate',
      summary: "Migrate a cohort's unmigrated customers (at most cohortLimit) through a queue",
      description:
        "Answers 202 at once with the run as it stands (its workflowId, status and progress so far); follow it at GET /workflows/runs/{workflowId}, where its progress ends as the run's result. The same workflowId again answers that run, never a second one.",
      status: 202,
      body: bulkMigrateInput,
      response: workflowRunSchema,
      errors: [400, 500, 502, 503],
    },
    bulkRevertMigrate: {
      method: 'POST',
      path: '/workflows/bulk-revert-migrate',
      summary: "Revert a cohort's migrated customers (at most cohortLimit) through a queue",
      description:
        "Answers 202 at once with the run as it stands (its workflowId, status and progress so far); follow it at GET /workflows/runs/{workflowId}, where its progress ends as the run's result. The same workflowId again answers that run, never a second one.",
      status: 202,
      body: bulkMigrateInput,
      response: workflowRunSchema,
      errors: [400, 500, 502, 503],
    },
    generateOrders: {
      method: 'POST',
      path: '/workflows/generate-orders',
      summary: "Keep every active subscription's orders generated 12 weeks ahead (or one's)",
      description:
        'Runs daily on a schedule too. Paused subscriptions due back are resumed first; cancelled ones lose their pending orders. Each subscription is its own child workflow on a queue of bounded concurrency.',
      body: generateOrdersInput,
      response: generateOrdersResultSchema,
      errors: [400, 404, 500, 502, 503],
    },
    listRuns: {
      method: 'GET',
      path: '/workflows/runs',
      summary: 'Workflow runs, newest first, by workflow name and status, paged',
      description: `Each run's status as the engine reports it, its times and duration; its steps, input and error at GET /workflows/runs/{workflowId}. total counts at most ${RUN_COUNT_CAP} runs (totalIsAtLeast says when there are more).`,
      query: runListQuery,
      response: workflowRunPageSchema,
      errors: [400, 500],
    },
    getRun: {
      method: 'GET',
      path: '/workflows/runs/:workflowId',
      summary: "A workflow run's status, input, steps with their output, and error",
      description: `Steps in order, at most ${RUN_STEPS_SHOWN} at a time from stepsOffset (moreSteps says when there are more).`,
      params: z.object({ workflowId }),
      query: runStepsQuery,
      response: workflowRunSchema,
      errors: [400, 404, 500],
    },
    resumeRun: steerRun(
      'resume',
      'Resume a cancelled run, or one the engine gave up on, from its last checkpoint',
      'A cancelled run, or one that exceeded its recovery attempts, goes on from the step after its last completed one (DBOS resumeWorkflow); a read-only run that ended in an error (get-inflated-cart, get-feeding-plan-pricing) runs again from its failed step under the same id. A run still going, one that succeeded, or any other that ended in an error (it changes things; its undo steps may have run) is a 409 that says why (docs/workflows.md "Resuming and cancelling runs").',
    ),
    cancelRun: steerRun(
      'cancel',
      'Cancel a run that is still going (or that the engine gave up on)',
      'The run stops before its next step (DBOS cancelWorkflow) and can be resumed later. A run that has ended (succeeded, failed, cancelled) is a 409.',
    ),
  },
});
