import type { FastifyReply, FastifyRequest } from 'fastify';
import { rawBodyOf, type Handlers } from '@pawfresh/kit';
import type { paymentContract } from '@pawfresh/contracts/payment';
import {
  captureAuthorisedPayment,
  chargeCustomer,
  getPayment,
  latestPayments,
  listPaymentsPage,
} from './flows/charges.js';
import type { PaymentContext } from './flows/context.js';
import {
  addSource,
  deletePaymentMethod,
  getCustomer,
  listPaymentMethods,
  savePaymentMethod,
  setDefaultPaymentMethod,
} from './flows/customers.js';
import type { CallerKey } from './flows/idempotency.js';
import {
  cancelIntent,
  captureIntent,
  confirmIntent,
  createIntent,
  getIntent,
} from './flows/intents.js';
import { receiveProviderEvent } from './flows/provider-events.js';
import { reconcile } from './flows/reconciliation.js';
import { importCustomer, revertMigration } from './flows/migration.js';
import { getRefund, listRefundsPage, refundPayment } from './flows/refunds.js';
import { IDEMPOTENCY_HEADER, idempotencyKeyOf } from './rules/idempotency-keys.js';
import { paymentsOfPeriod } from './flows/stats.js';

/** The caller's Idempotency-Key (a 400 without one when `required`); replays say so in a header. */
function callerKey(request: FastifyRequest, reply: FastifyReply, required: true): CallerKey;
function callerKey(
  request: FastifyRequest,
  reply: FastifyReply,
  required: false,
): CallerKey | undefined;
function callerKey(
  request: FastifyRequest,
  reply: FastifyReply,
  required: boolean,
): CallerKey | undefined {
  const key = idempotencyKeyOf(request.headers[IDEMPOTENCY_HEADER], required);
  return key === undefined
    ? undefined
    : { key, onReplay: () => void reply.header('idempotent-replayed', 'true') };
}

export function paymentServiceHandlers(ctx: PaymentContext): Handlers<typeof paymentContract> {
  return {
    getCustomer: ({ params }) => getCustomer(ctx, params.userId),
    listPaymentMethods: ({ params }) => listPaymentMethods(ctx, params.userId),
    createPaymentMethod: ({ body }) => savePaymentMethod(ctx, body),
    createSource: ({ params, body }) => addSource(ctx, params.customerId, body),
    setDefaultPaymentMethod: ({ params }) =>
      setDefaultPaymentMethod(ctx, params.userId, params.paymentMethodId),
    deletePaymentMethod: ({ params }) =>
      deletePaymentMethod(ctx, params.userId, params.paymentMethodId),

    charge: async ({ params, body }, request, reply) =>
      chargeCustomer(ctx, callerKey(request, reply, true), params.userId, body),
    getPayment: ({ params }) => getPayment(ctx, params.paymentId),
    listPayments: ({ query }) => listPaymentsPage(ctx, query),
    latestPayments: ({ body }) => latestPayments(ctx, body),
    paymentStats: ({ query }) => paymentsOfPeriod(ctx, query),
    listCustomerPayments: ({ params, query }) =>
      listPaymentsPage(ctx, { ...query, userId: params.userId }),
    reconcile: ({ body }) => reconcile(ctx, body),
    capturePayment: async ({ body }, request, reply) =>
      captureAuthorisedPayment(ctx, callerKey(request, reply, true), body),

    createRefund: async ({ params, body }, request, reply) =>
      refundPayment(ctx, callerKey(request, reply, true), params.paymentId, body),
    getRefund: ({ params }) => getRefund(ctx, params.refundId),
    listRefunds: ({ query }) => listRefundsPage(ctx, query),

    createPaymentIntent: async ({ body }, request, reply) =>
      createIntent(ctx, callerKey(request, reply, false), body),
    getPaymentIntent: ({ params }) => getIntent(ctx, params.intentId),
    confirmPaymentIntent: async ({ params, body }, request, reply) =>
      confirmIntent(ctx, callerKey(request, reply, true), params.intentId, body),
    capturePaymentIntent: async ({ params, body }, request, reply) =>
      captureIntent(ctx, callerKey(request, reply, true), params.intentId, body),
    cancelPaymentIntent: async ({ params, body }, request, reply) =>
      cancelIntent(ctx, callerKey(request, reply, true), params.intentId, body),

    receiveProviderEvent: async ({ body }, request) =>
      receiveProviderEvent(
        ctx,
        {
          rawBody: rawBodyOf(request),
          signature: request.headers['stripe-signature'] as string | undefined,
        },
        body,
      ),

    migrateCustomer: ({ body }) => importCustomer(ctx, body),
    revertMigration: ({ params }) => revertMigration(ctx, params.userId),
  };
}
