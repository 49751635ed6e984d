import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgSchema,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from '@pawfresh/db/pg-core';
import { sql } from '@pawfresh/db/orm';
import { instant, timestamps } from '@pawfresh/db';
import {
  captureMethods,
  paymentProviders,
  paymentStatuses,
  referenceTypes,
  refundStatuses,
} from '@pawfresh/contracts/payment';

export const paymentDb = pgSchema('payment');

export const paymentStatusEnum = paymentDb.enum('payment_status', paymentStatuses);
export const referenceTypeEnum = paymentDb.enum('reference_type', referenceTypes);
export const providerEnum = paymentDb.enum('provider', paymentProviders);
export const captureMethodEnum = paymentDb.enum('capture_method', captureMethods);
export const refundStatusEnum = paymentDb.enum('refund_status', refundStatuses);

export const customers = paymentDb.table(
  'customers',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    provider: providerEnum('provider').notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    migratedAt: instant('migrated_at'),
    migratedBy: text('migrated_by'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('customers_user').on(t.userId),
    uniqueIndex('customers_provider_customer').on(t.provider, t.providerCustomerId),
  ],
);

/** Never a card number: what the provider tokenised, and what a person needs to recognise it. */
export const paymentMethods = paymentDb.table(
  'payment_methods',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    provider: providerEnum('provider').notNull(),
    providerPaymentMethodId: text('provider_payment_method_id').notNull(),
    brand: text('brand').notNull(),
    last4Digits: text('last4_digits').notNull(),
    expiryMonth: integer('expiry_month').notNull(),
    expiryYear: integer('expiry_year').notNull(),
    isDefault: boolean('is_default').notNull(),
    createdAt: instant('created_at').notNull(),
    /** Removed methods stay, so past payments still say which card they used. */
    removedAt: instant('removed_at'),
  },
  (t) => [
    index('payment_methods_customer_idx').on(t.customerId),
    // At most one default per customer, whatever two requests do at once.
    uniqueIndex('payment_methods_one_default')
      .on(t.customerId)
      .where(sql`${t.isDefault} and ${t.removedAt} is null`),
    check('payment_methods_last4', sql`${t.last4Digits} ~ '^[0-9]{4}$'`),
  ],
);

export const payments = paymentDb.table(
  'payments',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    userId: uuid('user_id').notNull(),
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id),
    status: paymentStatusEnum('status').notNull(),
    amount: integer('amount').notNull(),
    amountCaptured: integer('amount_captured').notNull().default(0),
    /** Refunds not failed, pending ones included: what is reserved is never refunded twice. */
    amountRefunded: integer('amount_refunded').notNull().default(0),
    captureMethod: captureMethodEnum('capture_method').notNull(),
    provider: providerEnum('provider').notNull(),
    providerPaymentIntentId: text('provider_payment_intent_id'),
    providerChargeId: text('provider_charge_id'),
    failureCode: text('failure_code'),
    failureReason: text('failure_reason'),
    description: text('description').notNull(),
    referenceId: uuid('reference_id').notNull(),
    referenceType: referenceTypeEnum('reference_type').notNull(),
    createdBy: text('created_by').notNull(),
    /** `charge:<Idempotency-Key>`: a retried charge finds its first attempt instead of a new row. */
    requestKey: text('request_key'),
    /**
     * The call to the provider under way on this payment (`capture:<key>`, `cancel:<key>`,
     * `confirm:<key>`): set before the provider hears of it and cleared when its answer is
     * recorded, so two calls never race. A call whose idempotency claim is gone (its process died)
     * is resolved by asking the provider (flows/provider-truth.ts), never left to block the payment.
     */
    callKey: text('call_key'),
    callStartedAt: instant('call_started_at'),
    ...timestamps(),
  },
  (t) => [
    index('payments_customer_idx').on(t.customerId),
    index('payments_reference_idx').on(t.referenceType, t.referenceId),
    // The staff home dashboard's charges of the week (db/stats-store.ts).
    index('payments_created_at').on(t.createdAt),
    uniqueIndex('payments_provider_intent').on(t.provider, t.providerPaymentIntentId),
    uniqueIndex('payments_request_key').on(t.requestKey),
    check('payments_amount', sql`${t.amount} > 0 and ${t.amount} <= 2147483647`),
    check('payments_amount_captured', sql`${t.amountCaptured} >= 0`),
    check(
      'payments_refund_within_capture',
      sql`${t.amountRefunded} >= 0 and ${t.amountRefunded} <= ${t.amountCaptured}`,
    ),
    check('payments_capture_within_amount', sql`${t.amountCaptured} <= ${t.amount}`),
  ],
);

export const refunds = paymentDb.table(
  'refunds',
  {
    id: uuid('id').primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    amount: integer('amount').notNull(),
    status: refundStatusEnum('status').notNull(),
    description: text('description').notNull(),
    providerRefundId: text('provider_refund_id'),
    failureReason: text('failure_reason'),
    referenceId: uuid('reference_id'),
    referenceType: referenceTypeEnum('reference_type'),
    createdBy: text('created_by').notNull(),
    /** `refund:<Idempotency-Key>`: a refund re-run after a crash finds its first row. */
    requestKey: text('request_key'),
    ...timestamps(),
  },
  (t) => [
    index('refunds_payment_idx').on(t.paymentId),
    uniqueIndex('refunds_request_key').on(t.requestKey),
    index('refunds_reference_idx').on(t.referenceType, t.referenceId),
    index('refunds_created_at').on(t.createdAt),
    check('refunds_amount', sql`${t.amount} > 0 and ${t.amount} <= 2147483647`),
  ],
);

/**
 * One row per (operation, Idempotency-Key): claimed before the work starts (the primary key makes
 * a concurrent duplicate wait or see the claim), then holding the answer that every replay gets.
 */
export const idempotencyKeys = paymentDb.table(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still working. */
    responseStatus: integer('response_status'),
    /** The answer as sent (text, not jsonb: a replay must keep the first answer's key order). */
    responseBody: text('response_body'),
    createdAt: instant('created_at').notNull(),
    completedAt: instant('completed_at'),
    /**
     * Who works on it (`<process name>#<boot id>`) and until when, while the first request is
     * still working: renewed while the work runs, so a claim whose process died is taken over
     * (docs/payments.md "Idempotency").
     */
    holder: text('holder'),
    leaseExpiresAt: instant('lease_expires_at'),
    /** How often the work was taken over from a holder that was gone. */
    takeovers: integer('takeovers').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * The card provider's events received (Stripe's webhooks; the sandbox's own): one row per event
 * id, so an event delivered again is applied once. Applying an event reads the object's state at
 * the provider afresh, so events may come in any order.
 */
export const providerEvents = paymentDb.table(
  'provider_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** The intent (or charge, dispute) the event is about. */
    objectId: text('object_id').notNull(),
    receivedAt: instant('received_at').notNull(),
    appliedAt: instant('applied_at'),
    /** What applying it did, in words for staff ("payment … processed", "dispute opened …"). */
    outcome: text('outcome'),
  },
  (t) => [index('provider_events_received_idx').on(t.receivedAt)],
);

// ---------------------------------------------------------------------------------------------
// The sandbox card processor's own books (what a real provider would keep on its side).
// ---------------------------------------------------------------------------------------------

export const sandboxCustomers = paymentDb.table('sandbox_customers', {
  id: text('id').primaryKey(),
  defaultPaymentMethodId: text('default_payment_method_id'),
  createdAt: instant('created_at').notNull(),
});

export const sandboxPaymentMethods = paymentDb.table('sandbox_payment_methods', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').references(() => sandboxCustomers.id),
  brand: text('brand').notNull(),
  last4Digits: text('last4_digits').notNull(),
  expiryMonth: integer('expiry_month').notNull(),
  expiryYear: integer('expiry_year').notNull(),
  /** How the test card behaves when charged (provider/test-cards.ts), never its number. */
  behaviour: text('behaviour').notNull(),
  createdAt: instant('created_at').notNull(),
});

export const sandboxPaymentIntents = paymentDb.table('sandbox_payment_intents', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  paymentMethodId: text('payment_method_id'),
  amount: integer('amount').notNull(),
  amountCapturable: integer('amount_capturable').notNull(),
  amountReceived: integer('amount_received').notNull(),
  amountRefunded: integer('amount_refunded').notNull(),
  captureMethod: captureMethodEnum('capture_method').notNull(),
  status: text('status').notNull(),
  chargeId: text('charge_id'),
  lastErrorCode: text('last_error_code'),
  lastErrorDeclineCode: text('last_error_decline_code'),
  lastErrorMessage: text('last_error_message'),
  /** What the caller attached (our payment's id, what it is for), as a JSON object of strings. */
  metadata: text('metadata').notNull().default('{}'),
  ...timestamps(),
});

export const sandboxRefunds = paymentDb.table('sandbox_refunds', {
  id: text('id').primaryKey(),
  paymentIntentId: text('payment_intent_id')
    .notNull()
    .references(() => sandboxPaymentIntents.id),
  amount: integer('amount').notNull(),
  createdAt: instant('created_at').notNull(),
});

/**
 * The events the sandbox emits, as Stripe's webhooks would be (the payload as sent, signed when
 * delivered); `deliveredAt` once the payment service's webhook route took it.
 */
export const sandboxEvents = paymentDb.table(
  'sandbox_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    payload: text('payload').notNull(),
    createdAt: instant('created_at').notNull(),
    deliveredAt: instant('delivered_at'),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    index('sandbox_events_undelivered_idx')
      .on(t.createdAt)
      .where(sql`${t.deliveredAt} is null`),
  ],
);

/** The sandbox honours idempotency keys like a real provider: same key, same object. */
export const sandboxIdempotency = paymentDb.table(
  'sandbox_idempotency',
  {
    key: text('key').notNull(),
    operation: text('operation').notNull(),
    objectId: text('object_id').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.operation, t.key] })],
);

/**
 * The sandbox's rate limiter (SANDBOX_RATE_LIMIT_PER_SECOND): a token bucket per kind of request
 * (`read`, `write`, as Stripe limits reads and writes apart), shared by every process on the
 * database. `tokens` as left at `refilledAt` (the database's clock); `admitted` and `rejected`
 * count the requests let through and answered 429, so a test can read how many were refused.
 */
export const sandboxRateLimits = paymentDb.table('sandbox_rate_limits', {
  bucket: text('bucket').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  refilledAt: instant('refilled_at').notNull(),
  admitted: bigint('admitted', { mode: 'number' }).notNull().default(0),
  rejected: bigint('rejected', { mode: 'number' }).notNull().default(0),
  lastAdmitted: boolean('last_admitted').notNull().default(true),
});

/**
 * The sandbox's outage switch (the fault suite; docs/payments.md "The sandbox's outages"): while
 * `until` is ahead of the database's clock, every call to the sandbox fails as a card provider's
 * outage does. `error`: refused before anything is done (Stripe's 500 `api_error`); `timeout`: done,
 * then the answer lost after `delay_ms` (a request that timed out after the provider acted). One
 * row, `id` 'provider', shared by every process on the database.
 */
export const sandboxOutages = paymentDb.table(
  'sandbox_outages',
  {
    id: text('id').primaryKey(),
    mode: text('mode').notNull(),
    until: instant('until').notNull(),
    delayMs: integer('delay_ms').notNull().default(0),
  },
  (t) => [
    check('sandbox_outages_mode', sql`${t.mode} in ('error', 'timeout')`),
    check('sandbox_outages_delay', sql`${t.delayMs} >= 0`),
  ],
);

export const schema = {
  customers,
  paymentMethods,
  payments,
  refunds,
  idempotencyKeys,
  sandboxCustomers,
  sandboxPaymentMethods,
  sandboxPaymentIntents,
  sandboxRefunds,
  sandboxIdempotency,
  providerEvents,
  sandboxEvents,
  sandboxRateLimits,
  sandboxOutages,
};
export type PaymentSchema = typeof schema;
