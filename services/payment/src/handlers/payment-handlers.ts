import { randomUUID } from 'node:crypto';
import { and, count, desc, eq } from '@pawfresh/db/orm';
import { conflict, notFound, type Handlers } from '@pawfresh/kit';
import type { paymentContract } from '@pawfresh/contracts/payment';
import { payments, refunds } from '../db/schema.js';
import { findPayment, liveMethods, toPayment, toRefund, type PaymentRow } from '../db/views.js';
import { formatCents, refundableCents } from '../rules/money.js';
import { idempotencyKeyOf, idempotent, providerKey } from './idempotency.js';
import { providerProblem } from './provider-errors.js';
import { ProviderRefusal } from '../provider/payment-provider.js';
import { requireCustomer, requireMethod } from './customer-handlers.js';
import {
  capturePayment,
  declined,
  insertPendingPayment,
  movePayment,
  paymentNotFound,
  settleAttempt,
} from './payment-flow.js';
import type { PaymentDeps } from './deps.js';

type PaymentHandlers = Pick<
  Handlers<typeof paymentContract>,
  'charge' | 'getPayment' | 'capturePayment' | 'createRefund' | 'getRefund' | 'listRefunds'
>;

export function paymentHandlers(deps: PaymentDeps): PaymentHandlers {
  const { db, clock, provider } = deps;
  return {
    charge: async ({ params, body }, request, reply) => {
      const key = idempotencyKeyOf(request, true);
      return idempotent(
        db,
        clock,
        reply,
        { scope: 'charge', key, request: { params, body } },
        async () => {
          const customer = await requireCustomer(deps, params.userId);
          const method = body.paymentMethodId
            ? await requireMethod(deps, customer, body.paymentMethodId)
            : (await liveMethods(db, customer.id)).find((m) => m.isDefault);
          if (!method) {
            throw conflict(
              `User ${params.userId} has no default payment method: save one or send paymentMethodId`,
            );
          }
          const requestKey = `charge:${key}`;
          // A retry after the provider did not answer finds its first attempt: one row per charge.
          const [earlier] = await db
            .select()
            .from(payments)
            .where(eq(payments.requestKey, requestKey));
          let payment: PaymentRow;
          if (earlier) {
            payment = earlier;
          } else {
            const inserted = await insertPendingPayment(deps, {
              customer,
              paymentMethodId: method.id,
              amount: body.amount,
              captureMethod: body.captureMethod,
              description: body.description,
              reference: body.reference,
              createdBy: body.createdBy,
              requestKey,
            });
            // Recorded as with the provider before it is: a crash in between leaves a trace to check.
            payment = await movePayment(db, clock.now(), inserted.id, 'processing');
          }
          let intent;
          try {
            intent = await provider.createPaymentIntent({
              providerCustomerId: customer.providerCustomerId,
              amount: payment.amount,
              captureMethod: payment.captureMethod,
              providerPaymentMethodId: method.providerPaymentMethodId,
              confirm: true,
              description: payment.description,
              metadata: {
                paymentId: payment.id,
                referenceId: payment.referenceId,
                referenceType: payment.referenceType,
              },
              idempotencyKey: providerKey('charge', key),
            });
          } catch (err) {
            if (err instanceof ProviderRefusal) {
              // The provider refused the request itself: this attempt is over.
              await movePayment(db, clock.now(), payment.id, 'attempt_failed', {
                failureCode: err.failure?.declineCode ?? err.reason,
                failureReason: err.message,
              });
            }
            throw providerProblem(err);
          }
          const settled = await settleAttempt(deps, payment, intent);
          if (settled.failure) throw declined(402, { ...settled, failure: settled.failure });
          return toPayment(db, settled.row);
        },
      );
    },

    getPayment: async ({ params }) => {
      const row = await findPayment(db, params.paymentId);
      if (!row) throw paymentNotFound(params.paymentId);
      return toPayment(db, row);
    },

    capturePayment: async ({ body }, request, reply) => {
      const key = idempotencyKeyOf(request, true);
      return idempotent(db, clock, reply, { scope: 'capture', key, request: body }, async () => {
        const { row } = await capturePayment(
          deps,
          body.paymentId,
          body.amount,
          providerKey('capture', key),
        );
        return toPayment(db, row);
      });
    },

    createRefund: async ({ params, body }, request, reply) => {
      const key = idempotencyKeyOf(request, true);
      return idempotent(
        db,
        clock,
        reply,
        { scope: 'refund', key, request: { params, body } },
        async () => {
          // Reserve the amount under the payment's row lock: two refunds at once can never
          // together return more than was captured.
          const { refund, payment } = await db.transaction(async (tx) => {
            const payment = await findPayment(tx, params.paymentId, true);
            if (!payment) throw paymentNotFound(params.paymentId);
            if (payment.status !== 'processed' || !payment.providerPaymentIntentId) {
              throw conflict(
                `Payment ${payment.id} is ${payment.status}: only a processed payment can be refunded`,
                { status: payment.status },
              );
            }
            const left = refundableCents(payment);
            if (body.amount > left) {
              throw conflict(
                left === 0
                  ? `Payment ${payment.id} has been refunded in full: nothing is left to refund`
                  : `Refund of ${formatCents(body.amount)} is more than the ${formatCents(left)} left to refund on payment ${payment.id}`,
                { refundable: left },
              );
            }
            const now = clock.now();
            const reference = body.references ?? {
              referenceId: payment.referenceId,
              referenceType: payment.referenceType,
            };
            const [refund] = await tx
              .insert(refunds)
              .values({
                id: randomUUID(),
                paymentId: payment.id,
                amount: body.amount,
                status: 'pending',
                description: body.description,
                referenceId: reference.referenceId,
                referenceType: reference.referenceType,
                createdBy: body.createdBy,
                createdAt: now,
                updatedAt: now,
              })
              .returning();
            await tx
              .update(payments)
              .set({ amountRefunded: payment.amountRefunded + body.amount, updatedAt: now })
              .where(eq(payments.id, payment.id));
            if (!refund) throw new Error('Inserting a refund returned no row');
            return { refund, payment };
          });
          try {
            const done = await provider.createRefund({
              intentId: payment.providerPaymentIntentId ?? '',
              amount: refund.amount,
              metadata: { refundId: refund.id, paymentId: payment.id },
              idempotencyKey: providerKey('refund', key),
            });
            const [row] = await db
              .update(refunds)
              .set({ status: 'succeeded', providerRefundId: done.id, updatedAt: clock.now() })
              .where(eq(refunds.id, refund.id))
              .returning();
            if (!row) throw new Error(`Refund ${refund.id} vanished`);
            return toRefund(row);
          } catch (err) {
            // Not refunded: the reservation is released and the attempt kept, failed, for the record.
            await db.transaction(async (tx) => {
              const current = await findPayment(tx, payment.id, true);
              await tx
                .update(refunds)
                .set({
                  status: 'failed',
                  failureReason:
                    err instanceof Error ? err.message : 'Refused by the card provider',
                  updatedAt: clock.now(),
                })
                .where(eq(refunds.id, refund.id));
              await tx
                .update(payments)
                .set({ amountRefunded: (current?.amountRefunded ?? refund.amount) - refund.amount })
                .where(eq(payments.id, payment.id));
            });
            throw providerProblem(err);
          }
        },
      );
    },

    getRefund: async ({ params }) => {
      const [row] = await db.select().from(refunds).where(eq(refunds.id, params.refundId));
      if (!row) throw notFound(`Refund ${params.refundId} not found`);
      return toRefund(row);
    },

    listRefunds: async ({ query }) => {
      const where = and(
        query.referenceType ? eq(refunds.referenceType, query.referenceType) : undefined,
        query.referenceId ? eq(refunds.referenceId, query.referenceId) : undefined,
      );
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(refunds)
          .where(where)
          .orderBy(desc(refunds.createdAt), desc(refunds.id))
          .offset(query.offset)
          .limit(query.count),
        db.select({ n: count() }).from(refunds).where(where),
      ]);
      return {
        data: rows.map(toRefund),
        meta: { total: counted?.n ?? 0, offset: query.offset, limit: query.count },
      };
    },
  };
}
