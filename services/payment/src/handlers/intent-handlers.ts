import { and, eq, isNull, or } from '@pawfresh/db/orm';
import { conflict, notFound, type Handlers } from '@pawfresh/kit';
import type { PaymentIntent, paymentContract } from '@pawfresh/contracts/payment';
import { customers, paymentMethods, payments } from '../db/schema.js';
import type { PaymentRow } from '../db/views.js';
import { ProviderRefusal, type ProviderIntent } from '../provider/payment-provider.js';
import { canMovePaymentStatus } from '../rules/payment-status.js';
import { idempotencyKeyOf, idempotent, providerKey } from './idempotency.js';
import { providerProblem, withProvider } from './provider-errors.js';
import { requireCustomer, requireMethod } from './customer-handlers.js';
import {
  capturePayment,
  declined,
  insertPendingPayment,
  movePayment,
  settleAttempt,
} from './payment-flow.js';
import type { PaymentDeps } from './deps.js';

type IntentHandlers = Pick<
  Handlers<typeof paymentContract>,
  'createPaymentIntent' | 'confirmPaymentIntent' | 'capturePaymentIntent'
>;

const toIntent = (intent: ProviderIntent, payment: PaymentRow): PaymentIntent => ({
  id: intent.id,
  paymentId: payment.id,
  status: intent.status,
  amount: intent.amount,
  amountCapturable: intent.amountCapturable,
  amountReceived: intent.amountReceived,
  currencyCode: 'AUD',
  captureMethod: intent.captureMethod,
  paymentMethodId: payment.paymentMethodId,
  paymentStatus: payment.status,
  lastPaymentError: intent.lastError
    ? {
        code: intent.lastError.declineCode ?? intent.lastError.code,
        message: intent.lastError.message,
      }
    : null,
});

export function intentHandlers(deps: PaymentDeps): IntentHandlers {
  const { db, clock, provider } = deps;

  async function paymentOfIntent(intentId: string): Promise<PaymentRow> {
    const [row] = await db
      .select()
      .from(payments)
      .where(
        and(eq(payments.provider, provider.name), eq(payments.providerPaymentIntentId, intentId)),
      );
    if (!row) throw notFound(`Payment intent ${intentId} not found`);
    return row;
  }

  return {
    createPaymentIntent: async ({ body }, request, reply) => {
      const key = idempotencyKeyOf(request, false);
      const create = async () => {
        const customer = await requireCustomer(deps, body.userId);
        const method = body.paymentMethodId
          ? await requireMethod(deps, customer, body.paymentMethodId)
          : undefined;
        const payment = await insertPendingPayment(deps, {
          customer,
          paymentMethodId: method?.id ?? null,
          amount: body.amount,
          captureMethod: body.captureMethod,
          description: body.description,
          reference: body.reference,
          createdBy: body.createdBy,
        });
        const intent = await withProvider(() =>
          provider.createPaymentIntent({
            providerCustomerId: customer.providerCustomerId,
            amount: body.amount,
            captureMethod: body.captureMethod,
            providerPaymentMethodId: method?.providerPaymentMethodId ?? null,
            confirm: false,
            description: body.description,
            metadata: { paymentId: payment.id },
            idempotencyKey: providerKey('intent', key ?? payment.id),
          }),
        );
        const [row] = await db
          .update(payments)
          .set({ providerPaymentIntentId: intent.id, updatedAt: clock.now() })
          .where(eq(payments.id, payment.id))
          .returning();
        return toIntent(intent, row ?? payment);
      };
      return key
        ? idempotent(db, clock, reply, { scope: 'intent', key, request: body }, create)
        : create();
    },

    confirmPaymentIntent: async ({ params, body }, request, reply) => {
      const key = idempotencyKeyOf(request, true);
      return idempotent(
        db,
        clock,
        reply,
        { scope: 'confirm', key, request: { params, body } },
        async () => {
          const payment = await paymentOfIntent(params.intentId);
          const [customer] = await db
            .select()
            .from(customers)
            .where(eq(customers.id, payment.customerId));
          if (!customer) throw new Error(`Payment ${payment.id} has no customer`);
          const isOurId = /^[0-9a-f-]{36}$/i.test(body.paymentMethod);
          const [method] = await db
            .select()
            .from(paymentMethods)
            .where(
              and(
                eq(paymentMethods.customerId, customer.id),
                isNull(paymentMethods.removedAt),
                isOurId
                  ? or(
                      eq(paymentMethods.id, body.paymentMethod),
                      eq(paymentMethods.providerPaymentMethodId, body.paymentMethod),
                    )
                  : eq(paymentMethods.providerPaymentMethodId, body.paymentMethod),
              ),
            );
          if (!method)
            throw notFound(
              `Payment method ${body.paymentMethod} not found for user ${customer.userId}`,
            );
          if (!canMovePaymentStatus(payment.status, 'processing')) {
            throw conflict(
              `Payment intent ${params.intentId} cannot be confirmed: its payment is ${payment.status}`,
              { status: payment.status },
            );
          }
          const processing = await movePayment(db, clock.now(), payment.id, 'processing', {
            paymentMethodId: method.id,
          });
          let intent: ProviderIntent;
          try {
            intent = await provider.confirmPaymentIntent({
              intentId: params.intentId,
              providerPaymentMethodId: method.providerPaymentMethodId,
              idempotencyKey: providerKey('confirm', key),
            });
          } catch (err) {
            if (err instanceof ProviderRefusal) {
              await movePayment(db, clock.now(), payment.id, 'attempt_failed', {
                failureCode: 'provider_refused',
                failureReason: err instanceof Error ? err.message : 'Refused by the card provider',
              });
            }
            throw providerProblem(err);
          }
          const settled = await settleAttempt(deps, processing, intent);
          if (settled.failure) {
            throw declined(
              422,
              { ...settled, failure: settled.failure },
              { intentId: intent.id, intentStatus: intent.status },
            );
          }
          return toIntent(intent, settled.row);
        },
      );
    },

    capturePaymentIntent: async ({ params, body }, request, reply) => {
      const key = idempotencyKeyOf(request, true);
      return idempotent(
        db,
        clock,
        reply,
        { scope: 'intent-capture', key, request: { params, body } },
        async () => {
          const payment = await paymentOfIntent(params.intentId);
          const { row, intent } = await capturePayment(
            deps,
            payment.id,
            body.amount,
            providerKey('intent-capture', key),
          );
          return toIntent(intent, row);
        },
      );
    },
  };
}
