import { z } from 'zod';
import { instantPeriodQuery } from './stats.js';
import { defineContract } from './define.js';
import { cents, instant, MAX_CENTS, paginated, uuid } from './fields.js';

/** services.md §4: payment status and reference types. Allowed moves: docs/payments.md. */
export const paymentStatuses = [
  'pending',
  'processing',
  'attempt_failed',
  'processed',
  'expired',
] as const;
export const referenceTypes = ['order', 'order_line_item'] as const;
export const paymentProviders = ['sandbox', 'stripe'] as const;
export const captureMethods = ['automatic', 'manual'] as const;
export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;
/** The provider's own intent states (Stripe's words), as the provider routes report them. */
export const intentStatuses = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
] as const;

export const paymentStatus = z.enum(paymentStatuses);
export const referenceType = z.enum(referenceTypes);
export const paymentProvider = z.enum(paymentProviders);
export const captureMethod = z.enum(captureMethods);
export const refundStatus = z.enum(refundStatuses);
export const intentStatus = z.enum(intentStatuses);

export type PaymentStatus = z.infer<typeof paymentStatus>;
export type ReferenceType = z.infer<typeof referenceType>;
export type PaymentProviderName = z.infer<typeof paymentProvider>;
export type CaptureMethod = z.infer<typeof captureMethod>;
export type RefundStatus = z.infer<typeof refundStatus>;
export type IntentStatus = z.infer<typeof intentStatus>;

export { MAX_CENTS };
/** A charge or refund amount: a whole number of cents, more than nothing (services.md §5). */
const amount = z
  .number({ error: 'Amount must be a whole number of cents' })
  .int({ error: 'Amount must be a whole number of cents' })
  .gt(0, { error: 'Amount must be greater than 0' })
  .max(MAX_CENTS, { error: `Amount must be at most ${MAX_CENTS} cents` });

const requiredText = (field: string, max: number, why: string) =>
  z
    .string({ error: `${field} is required: ${why}` })
    .trim()
    .min(1, { error: `${field} is required: ${why}` })
    .max(max);

/** Who asked for it (a staff user's id or e-mail, or the calling workflow): services.md §6. */
const createdBy = requiredText('createdBy', 100, 'say who asked for it');
/** Why the money moves, as staff and customers will read it on statements and in the back office. */
const description = requiredText('description', 500, 'say why the money moves');

/** What a payment or refund is for (services.md §3 "Payments", §4 reference type). */
export const referenceSchema = z
  .object({ referenceId: uuid('referenceId'), referenceType })
  .meta({ id: 'PaymentReference' });
export type PaymentReference = z.infer<typeof referenceSchema>;

/** A provider's own id (`pm_…`, `cus_…`, `pi_…`): letters, digits and underscores. */
const providerId = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .regex(/^[A-Za-z0-9_]{3,255}$/, {
      error: `${field} must be a card provider id (letters, digits and underscores)`,
    });

/**
 * Card details, accepted only by the sandbox provider (which tokenises them at once and keeps
 * brand, last 4 digits and expiry). A real provider never sends full card numbers through us.
 */
export const cardDetailsSchema = z
  .object({
    number: z
      .string({ error: 'card.number is required' })
      .transform((s) => s.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{12,19}$/, { error: 'card.number must be 12 to 19 digits' })),
    expMonth: z.number().int().min(1).max(12),
    expYear: z.number().int().min(2000).max(2100),
    cvc: z.string().regex(/^\d{3,4}$/, { error: 'card.cvc must be 3 or 4 digits' }),
  })
  .strict()
  .meta({ id: 'CardDetails' });
export type CardDetails = z.infer<typeof cardDetailsSchema>;

// ---------------------------------------------------------------------------------------------
// Customers and payment methods
// ---------------------------------------------------------------------------------------------

/** customer-app.md §3 "Payment method"; services.md §3 "Customer payment method". */
export const paymentMethodSchema = z
  .object({
    id: z.uuid(),
    brand: z.string(),
    expiryMonth: z.number().int(),
    expiryYear: z.number().int(),
    last4Digits: z.string(),
    default: z.boolean(),
    provider: paymentProvider,
    providerPaymentMethodId: z.string(),
    createdAt: instant,
  })
  .meta({ id: 'PaymentMethod' });
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const paymentCustomerSchema = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    provider: paymentProvider,
    providerCustomerId: z.string(),
    /** Set when the customer came from the legacy system (POST /migration). */
    migratedAt: instant.nullable(),
    defaultPaymentMethodId: z.uuid().nullable(),
    paymentMethods: z.array(paymentMethodSchema),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'PaymentCustomer' });
export type PaymentCustomer = z.infer<typeof paymentCustomerSchema>;

const newMethodFields = {
  /** Sandbox only: the card itself. */
  card: cardDetailsSchema.optional(),
  /** Real provider only: a payment method the provider's own page created (`pm_…`). */
  paymentMethodId: providerId('paymentMethodId').optional(),
  /** Make it the default (the first method always is). */
  setDefault: z.boolean().default(false),
};

export const createPaymentMethodInput = z
  .object({ userId: uuid('userId'), ...newMethodFields })
  .strict();
export type CreatePaymentMethodInput = z.input<typeof createPaymentMethodInput>;

export const createSourceInput = z
  .object({
    card: cardDetailsSchema.optional(),
    /** Real provider only: a token or source (`tok_…`, `src_…`, `pm_…`). */
    source: providerId('source').optional(),
    setDefault: z.boolean().default(false),
  })
  .strict();

// ---------------------------------------------------------------------------------------------
// Payments and refunds
// ---------------------------------------------------------------------------------------------

export const refundSchema = z
  .object({
    id: z.uuid(),
    paymentId: z.uuid(),
    amount: cents,
    status: refundStatus,
    description: z.string(),
    providerRefundId: z.string().nullable(),
    createdBy: z.string(),
    references: referenceSchema.nullable(),
    failureReason: z.string().nullable(),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'Refund' });
export type Refund = z.infer<typeof refundSchema>;

export const paymentSchema = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    customerId: z.uuid(),
    status: paymentStatus,
    amount: cents,
    /** Taken from the card: 0 until captured; may be less than amount for a partial capture. */
    amountCaptured: cents,
    /** Refunded or being refunded (refunds not failed). */
    amountRefunded: cents,
    currencyCode: z.literal('AUD'),
    captureMethod,
    description: z.string(),
    reference: referenceSchema,
    paymentMethodId: z.uuid().nullable(),
    provider: paymentProvider,
    providerPaymentIntentId: z.string().nullable(),
    providerChargeId: z.string().nullable(),
    /** The card provider's reason for the last failed attempt ("Your card was declined."). */
    failureReason: z.string().nullable(),
    failureCode: z.string().nullable(),
    createdBy: z.string(),
    createdAt: instant,
    updatedAt: instant,
    refunds: z.array(refundSchema),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof paymentSchema>;

export const chargeInput = z
  .object({
    amount,
    /** One of the customer's payment methods; the default one when omitted. */
    paymentMethodId: uuid('paymentMethodId').optional(),
    /** `manual` only authorises: capture later with POST /payments/capture. */
    captureMethod: captureMethod.default('automatic'),
    description,
    reference: referenceSchema,
    createdBy,
  })
  .strict();
export type ChargeInput = z.input<typeof chargeInput>;

export const captureInput = z
  .object({
    paymentId: uuid('paymentId'),
    /** At most what was authorised; the whole of it when omitted (the rest is released). */
    amount: amount.optional(),
    createdBy,
  })
  .strict();

export const refundInput = z
  .object({
    amount,
    description,
    /** The order or line item the money goes back for; the payment's own when omitted. */
    references: referenceSchema.optional(),
    createdBy,
  })
  .strict();
export type RefundInput = z.input<typeof refundInput>;

/** services.md §5 / §9: a list's count positive, max 100 (refunds, payments). */
const pageFields = {
  count: z.coerce
    .number({ error: 'count must be a number' })
    .int({ error: 'count must be a whole number' })
    .positive({ error: 'count must be a positive number' })
    .max(100, { error: 'count must be at most 100' })
    .default(20),
  offset: z.coerce.number().int().min(0).max(MAX_CENTS).default(0),
};

export const refundListQuery = z
  .object({
    ...pageFields,
    referenceType: referenceType.optional(),
    referenceId: uuid('referenceId').optional(),
  })
  .strict();

export const refundPageSchema = paginated(refundSchema, 'RefundPage');

/** A page of payments, newest first: a customer's, or those for one order or line item. */
export const paymentListQuery = z
  .object({
    ...pageFields,
    userId: uuid('userId').optional(),
    referenceType: referenceType.optional(),
    referenceId: uuid('referenceId').optional(),
  })
  .strict();
export type PaymentListQuery = z.infer<typeof paymentListQuery>;

/** The most ids one ask for the latest payments takes: a page of a staff list. */
export const MAX_LATEST_PAYMENT_REFERENCES = 100;

export const latestPaymentsInput = z
  .object({
    referenceType,
    referenceIds: z
      .array(uuid('referenceIds'), { error: 'referenceIds must be a list of UUIDs' })
      .min(1, { error: 'referenceIds must name at least one order or line item' })
      .max(MAX_LATEST_PAYMENT_REFERENCES, {
        error: `referenceIds takes at most ${MAX_LATEST_PAYMENT_REFERENCES} ids at once`,
      }),
  })
  .strict();
export type LatestPaymentsInput = z.infer<typeof latestPaymentsInput>;

export const latestPaymentsSchema = z
  .object({ data: z.array(paymentSchema) })
  .meta({ id: 'LatestPayments' });
export type LatestPayments = z.infer<typeof latestPaymentsSchema>;

export const paymentPageSchema = paginated(paymentSchema, 'PaymentPage');
export type PaymentPage = z.infer<typeof paymentPageSchema>;

// ---------------------------------------------------------------------------------------------
// Reconciliation: the provider's books against ours
// ---------------------------------------------------------------------------------------------

/** What a difference between the provider and our records was, and what was done about it. */
export const reconciliationKinds = [
  /** The provider moved money (or released it) and our payment did not say so: recorded now. */
  'recorded',
  /** An intent of ours with money at the provider but no payment here: given back. */
  'refunded',
  /** A refund the provider never answered, sent again under its key and recorded. */
  'refund_recorded',
  /** Our record cannot follow the provider (money taken on an expired payment): for staff. */
  'unresolved',
] as const;

export const reconciliationFindingSchema = z
  .object({
    kind: z.enum(reconciliationKinds),
    intentId: z.string().nullable(),
    paymentId: z.uuid().nullable(),
    reference: referenceSchema.nullable(),
    /** Cents the difference was about (received, released or refunded). */
    amount: cents,
    before: z.string(),
    after: z.string(),
  })
  .meta({ id: 'ReconciliationFinding' });
export type ReconciliationFinding = z.infer<typeof reconciliationFindingSchema>;

export const reconcileInput = z
  .object({
    /** The window of intents made at the provider: the last 3 days by default. */
    from: instant.optional(),
    to: instant.optional(),
    createdBy,
  })
  .strict();

export const reconciliationReportSchema = z
  .object({
    from: instant,
    to: instant,
    /** Intents the provider listed in the window, and payments of ours checked against them. */
    intentsChecked: z.number().int().min(0),
    paymentsChecked: z.number().int().min(0),
    differences: z.number().int().min(0),
    findings: z.array(reconciliationFindingSchema),
    /** Answered idempotency keys older than their lifetime, removed. */
    keysRemoved: z.number().int().min(0),
  })
  .meta({ id: 'ReconciliationReport' });
export type ReconciliationReport = z.infer<typeof reconciliationReportSchema>;

// ---------------------------------------------------------------------------------------------
// Card provider routes (payment intents)
// ---------------------------------------------------------------------------------------------

export const paymentIntentSchema = z
  .object({
    id: z.string(),
    paymentId: z.uuid(),
    status: intentStatus,
    amount: cents,
    amountCapturable: cents,
    amountReceived: cents,
    currencyCode: z.literal('AUD'),
    captureMethod,
    paymentMethodId: z.uuid().nullable(),
    paymentStatus,
    lastPaymentError: z.object({ code: z.string(), message: z.string() }).nullable(),
  })
  .meta({ id: 'PaymentIntent' });
export type PaymentIntent = z.infer<typeof paymentIntentSchema>;

export const createIntentInput = z
  .object({
    userId: uuid('userId'),
    amount,
    paymentMethodId: uuid('paymentMethodId').optional(),
    captureMethod: captureMethod.default('automatic'),
    description,
    reference: referenceSchema,
    createdBy,
  })
  .strict();

/** `paymentMethod`: one of the customer's saved methods, by our id or the provider's. */
export const confirmIntentInput = z
  .object({
    paymentMethod: z
      .string({ error: 'paymentMethod is required' })
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,255}$/, {
        error: 'paymentMethod must be a payment method id',
      }),
  })
  .strict();

export const captureIntentInput = z
  .object({ amount: amount.optional(), createdBy: createdBy.optional() })
  .strict();

/** Stripe's reasons for cancelling a payment intent. */
export const cancellationReasons = [
  'abandoned',
  'duplicate',
  'fraudulent',
  'requested_by_customer',
] as const;

export type CancellationReason = (typeof cancellationReasons)[number];

export const cancelIntentInput = z
  .object({
    cancellationReason: z
      .enum(cancellationReasons, {
        error: `cancellationReason must be one of ${cancellationReasons.join(', ')}`,
      })
      .optional(),
    createdBy: createdBy.optional(),
  })
  .strict();

/**
 * A card provider's event (Stripe's webhook payload; the sandbox sends the same shape). Only what
 * is read is checked: Stripe adds fields over time.
 */
export const providerEventInput = z.looseObject({
  id: z.string().trim().min(1).max(255),
  type: z.string().trim().min(1).max(255),
  data: z.looseObject({
    object: z.looseObject({
      id: z.string().trim().min(1).max(255).nullable(),
      object: z.string().max(100),
      payment_intent: z.string().max(255).nullable().optional(),
      metadata: z.record(z.string(), z.string()).optional(),
    }),
  }),
});

export const providerEventReceiptSchema = z
  .object({
    received: z.literal(true),
    /** False when this event was applied before (a redelivery). */
    applied: z.boolean(),
    outcome: z.string().nullable(),
  })
  .meta({ id: 'ProviderEventReceipt' });

// ---------------------------------------------------------------------------------------------
// Migration
// ---------------------------------------------------------------------------------------------

export const migrationInput = z
  .object({
    userId: uuid('userId'),
    /** The customer's id at the card provider in the legacy system (`cus_…`). */
    providerCustomerId: providerId('providerCustomerId'),
    createdBy,
  })
  .strict();

const userParams = z.object({ userId: uuid('userId') });
const intentParams = z.object({ intentId: providerId('intentId') });

/** The `Idempotency-Key` header, for the OpenAPI document (checked by the handlers). */
const idempotent =
  'Send an `Idempotency-Key` header (1 to 255 characters): the same key with the same body answers the first result again, with a different body 409.';

export const paymentContract = defineContract({
  service: 'payment',
  title: 'Payment service',
  description:
    'Payment customers, payment methods, charges, captures and refunds through a card provider (the built-in sandbox by default, Stripe when configured). Money is integer cents AUD.',
  version: '1.0.0',
  endpoints: {
    getCustomer: {
      method: 'GET',
      path: '/customers/:userId',
      summary: "A user's payment customer with their payment methods",
      params: userParams,
      response: paymentCustomerSchema,
      errors: [400, 404],
    },
    listPaymentMethods: {
      method: 'GET',
      path: '/customers/:userId/payments-methods',
      summary: "A user's payment methods, the default first",
      params: userParams,
      response: z.array(paymentMethodSchema),
      errors: [400, 404],
    },
    createPaymentMethod: {
      method: 'POST',
      path: '/customers/create-payment-method',
      summary: 'Save a payment method (creating the payment customer on first use)',
      description:
        'Sandbox: send `card` {number, expMonth, expYear, cvc}; only brand, last 4 digits and expiry are kept. Stripe: send `paymentMethodId` (`pm_…`).',
      status: 201,
      body: createPaymentMethodInput,
      response: paymentMethodSchema,
      errors: [400, 402, 404],
    },
    setDefaultPaymentMethod: {
      method: 'POST',
      path: '/customers/:userId/payment-methods/:paymentMethodId/set-default',
      summary: 'Make a payment method the default one',
      params: z.object({ userId: uuid('userId'), paymentMethodId: uuid('paymentMethodId') }),
      response: paymentMethodSchema,
      errors: [400, 404],
    },
    deletePaymentMethod: {
      method: 'DELETE',
      path: '/customers/:userId/payment-method/:paymentMethodId',
      summary: 'Remove a payment method (the newest other one becomes the default)',
      params: z.object({ userId: uuid('userId'), paymentMethodId: uuid('paymentMethodId') }),
      status: 204,
      response: z.void(),
      errors: [400, 404],
    },
    charge: {
      method: 'POST',
      path: '/customers/:userId/payments',
      summary: 'Charge a customer (off session)',
      description: `${idempotent} A declined card answers 402 with the provider's reason; the failed attempt is kept.`,
      params: userParams,
      body: chargeInput,
      status: 201,
      response: paymentSchema,
      errors: [400, 402, 404, 409, 502, 503],
    },
    getPayment: {
      method: 'GET',
      path: '/payments/:paymentId',
      summary: 'A payment with its refunds',
      params: z.object({ paymentId: uuid('paymentId') }),
      response: paymentSchema,
      errors: [400, 404],
    },
    listPayments: {
      method: 'GET',
      path: '/payments',
      summary: "Payments, newest first, with their refunds: a customer's, or an order's",
      description:
        'Filter by `userId` (one customer), `referenceType` and `referenceId` (one order or line item). Declined attempts are listed too.',
      query: paymentListQuery,
      response: paymentPageSchema,
      errors: [400],
    },
    paymentStats: {
      method: 'GET',
      path: '/payments/stats',
      summary:
        'Charges and refunds made in a period: attempts, failed ones, amounts charged and refunded',
      description:
        'For the staff home dashboard. Attempts are payments created in the period that reached an outcome (processed or attempt_failed); `charged` is what the processed ones captured, `refunded` the refunds that succeeded in the period (cents).',
      query: instantPeriodQuery,
      response: z.object({
        attempts: z.number().int(),
        failedAttempts: z.number().int(),
        charged: z.number().int().describe('Cents'),
        refunded: z.number().int().describe('Cents'),
      }),
      errors: [400],
    },
    latestPayments: {
      method: 'POST',
      path: '/payments/latest',
      summary: 'The latest payment of each of these orders (or line items), with its refunds',
      description: `At most ${MAX_LATEST_PAYMENT_REFERENCES} ids. One payment per id that has any (declined attempts included), in no particular order; an id with none is left out. For lists that show each order's latest attempt (the staff's failed payments queue).`,
      body: latestPaymentsInput,
      response: latestPaymentsSchema,
      errors: [400],
    },
    listCustomerPayments: {
      method: 'GET',
      path: '/customers/:userId/payments',
      summary: "One customer's payments, newest first, with their refunds",
      description:
        "Only this customer's payments, whatever the query says: for the customer API, which passes the signed-in customer.",
      params: userParams,
      query: paymentListQuery.omit({ userId: true }),
      response: paymentPageSchema,
      errors: [400],
    },
    reconcile: {
      method: 'POST',
      path: '/reconciliation',
      summary:
        "Compare the card provider's intents with our payments over a window, and settle each difference",
      description:
        'Each intent the provider made in the window is checked against its payment here: what the provider did is recorded; money taken with no payment here is given back; refunds left pending are sent again under their key. Also run daily by the orchestration service (docs/payments.md "Reconciliation").',
      body: reconcileInput,
      response: reconciliationReportSchema,
      errors: [400, 502, 503],
    },
    capturePayment: {
      method: 'POST',
      path: '/payments/capture',
      summary: 'Capture an authorised payment',
      description: idempotent,
      body: captureInput,
      response: paymentSchema,
      errors: [400, 404, 409, 502, 503],
    },
    createRefund: {
      method: 'POST',
      path: '/payments/:paymentId/refunds',
      summary: 'Refund part or all of a captured payment',
      description: `${idempotent} More than is left to refund is a 409.`,
      params: z.object({ paymentId: uuid('paymentId') }),
      body: refundInput,
      status: 201,
      response: refundSchema,
      errors: [400, 404, 409, 502, 503],
    },
    getRefund: {
      method: 'GET',
      path: '/refunds/:refundId',
      summary: 'A refund',
      params: z.object({ refundId: uuid('refundId') }),
      response: refundSchema,
      errors: [400, 404],
    },
    listRefunds: {
      method: 'GET',
      path: '/refunds',
      summary: 'Refunds, newest first, by what they were for',
      query: refundListQuery,
      response: refundPageSchema,
      errors: [400],
    },
    createPaymentIntent: {
      method: 'POST',
      path: '/providers/stripe/payment-intents',
      summary: 'Start a card payment to be confirmed by the customer',
      description:
        'An optional `Idempotency-Key` header makes a retried creation answer the first intent.',
      body: createIntentInput,
      status: 201,
      response: paymentIntentSchema,
      errors: [400, 404, 409, 502, 503],
    },
    getPaymentIntent: {
      method: 'GET',
      path: '/providers/stripe/payment-intents/:intentId',
      summary: 'A payment intent as the card provider has it now, with its payment as recorded',
      description:
        "The provider is asked, and what it says is recorded first: a call whose answer was lost (a crash) becomes the payment's record here.",
      params: intentParams,
      response: paymentIntentSchema,
      errors: [400, 404, 502, 503],
    },
    confirmPaymentIntent: {
      method: 'POST',
      path: '/providers/stripe/payment-intents/:intentId/confirm',
      summary: 'Confirm a payment intent with a saved payment method',
      description: `${idempotent} 422 when the card needs the customer to authenticate or is declined.`,
      params: intentParams,
      body: confirmIntentInput,
      response: paymentIntentSchema,
      errors: [400, 404, 409, 422, 502, 503],
    },
    capturePaymentIntent: {
      method: 'POST',
      path: '/providers/stripe/payment-intents/:intentId/capture',
      summary: 'Capture an authorised payment intent',
      description: idempotent,
      params: intentParams,
      body: captureIntentInput,
      response: paymentIntentSchema,
      errors: [400, 404, 409, 502, 503],
    },
    cancelPaymentIntent: {
      method: 'POST',
      path: '/providers/stripe/payment-intents/:intentId/cancel',
      summary: 'Release a payment intent that will not be captured (its payment expires)',
      description: `${idempotent} A captured intent cannot be cancelled (409): refund its payment. An intent cancelled already is answered as it is.`,
      params: intentParams,
      body: cancelIntentInput,
      response: paymentIntentSchema,
      errors: [400, 404, 409, 502, 503],
    },
    receiveProviderEvent: {
      method: 'POST',
      path: '/providers/stripe/webhooks',
      summary:
        "The card provider's events (payment_intent.*, charge.refunded, charge.dispute.created)",
      description:
        'Called by the card provider, not by services: the `Stripe-Signature` header must be a valid signature of the exact body with the webhook secret (STRIPE_WEBHOOK_SECRET; the sandbox signs its own). Each event is applied once, in any order: the object is read afresh from the provider and recorded (docs/payments.md "Webhooks").',
      access: 'public',
      body: providerEventInput,
      response: providerEventReceiptSchema,
      errors: [400, 502, 503],
    },
    createSource: {
      method: 'POST',
      path: '/customer/:customerId/create-source',
      summary: 'Add a card to a payment customer, by our id or the provider customer id',
      params: z.object({
        customerId: z.string().regex(/^[A-Za-z0-9_-]{3,255}$/, {
          error: 'customerId must be a payment customer id or a card provider customer id',
        }),
      }),
      body: createSourceInput,
      status: 201,
      response: paymentMethodSchema,
      errors: [400, 402, 404],
    },
    migrateCustomer: {
      method: 'POST',
      path: '/migration',
      summary: 'Import a legacy customer who already has a card provider customer',
      description:
        'Answers the existing customer again when the same user was already imported with the same provider customer.',
      body: migrationInput,
      status: 201,
      response: paymentCustomerSchema,
      errors: [400, 404, 409, 502, 503],
    },
    revertMigration: {
      method: 'DELETE',
      path: '/migration/:userId',
      summary: 'Undo an import (only while the customer has no payments)',
      params: userParams,
      status: 204,
      response: z.void(),
      errors: [400, 404, 409],
    },
  },
});
