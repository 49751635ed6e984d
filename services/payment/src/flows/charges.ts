import { conflict } from '@pawfresh/kit';
import type {
  LatestPayments,
  LatestPaymentsInput,
  Payment,
  PaymentPage,
} from '@pawfresh/contracts/payment';
import { liveMethods } from '../db/customer-store.js';
import {
  findPaymentByRequestKey,
  latestPaymentsOf,
  listPayments,
  toPayment,
  toPayments,
  type PaymentQuery,
  type PaymentRow,
} from '../db/payment-store.js';
import { providerKey } from '../rules/idempotency-keys.js';
import { capturePayment } from './capture.js';
import type { PaymentContext } from './context.js';
import { requireCustomer, requireMethod } from './customers.js';
import { idempotent, type CallerKey } from './idempotency.js';
import {
  attemptPayment,
  declined,
  movePayment,
  recordedFailure,
  recordPendingPayment,
  requirePayment,
  type PaymentRequest,
} from './payment-moves.js';

export interface ChargeInput extends PaymentRequest {
  paymentMethodId?: string | undefined;
}

/**
 * Charges a user's card (the default unless one is named) off session, once per Idempotency-Key:
 * 201 with the payment, or a 402 with the card's reason, the failed attempt kept.
 *
 * Resumable at every instant: the payment is recorded (processing, with the key) before the
 * provider hears of it; a re-run with the key finds that row and answers what it recorded, or asks
 * the provider again with the same provider key (the provider answers its first intent, never a
 * second charge), or reads the intent the provider named.
 */
export async function chargeCustomer(
  ctx: PaymentContext,
  caller: CallerKey,
  userId: string,
  body: ChargeInput,
): Promise<Payment> {
  const request = { params: { userId }, body };
  return idempotent(ctx, { scope: 'charge', caller, request }, async () => {
    const customer = await requireCustomer(ctx, userId);
    const method = body.paymentMethodId
      ? await requireMethod(ctx, customer, body.paymentMethodId)
      : (await liveMethods(ctx.db, customer.id)).find((m) => m.isDefault);
    if (!method) {
      throw conflict(
        `User ${userId} has no default payment method: save one or send paymentMethodId`,
      );
    }
    const requestKey = `charge:${caller.key}`;
    let payment: PaymentRow | undefined = await findPaymentByRequestKey(ctx.db, requestKey);
    if (payment && payment.status !== 'processing' && payment.status !== 'pending') {
      // Answered by the provider and recorded before a crash: the same answer again.
      const failure = recordedFailure(payment);
      if (failure) throw declined(402, { row: payment, failure });
      return toPayment(ctx.db, payment);
    }
    if (!payment) {
      const inserted = await recordPendingPayment(ctx, customer, method.id, body, requestKey);
      // Recorded as with the provider before it is: a crash in between leaves a trace to resume.
      payment = await movePayment(ctx, inserted.id, 'processing');
    } else if (payment.status === 'pending') {
      payment = await movePayment(ctx, payment.id, 'processing');
    }
    const { id, amount, captureMethod, description, referenceId, referenceType } = payment;
    const intentId = payment.providerPaymentIntentId;
    const settled = await attemptPayment(
      ctx,
      'charge',
      id,
      (err) => err.failure?.declineCode ?? err.reason,
      () =>
        intentId
          ? // The provider named its intent already (an authorisation, or still processing).
            ctx.provider.retrievePaymentIntent(intentId)
          : ctx.provider.createPaymentIntent({
              providerCustomerId: customer.providerCustomerId,
              amount,
              captureMethod,
              providerPaymentMethodId: method.providerPaymentMethodId,
              confirm: true,
              description,
              metadata: { paymentId: id, referenceId, referenceType },
              idempotencyKey: providerKey('charge', caller.key),
            }),
    );
    if (settled.failure) throw declined(402, { ...settled, failure: settled.failure });
    return toPayment(ctx.db, settled.row);
  });
}

export async function getPayment(ctx: PaymentContext, paymentId: string): Promise<Payment> {
  return toPayment(ctx.db, await requirePayment(ctx, paymentId));
}

/** A page of payments, newest first, with their refunds (a customer's, or an order's). */
export async function listPaymentsPage(
  ctx: PaymentContext,
  query: PaymentQuery,
): Promise<PaymentPage> {
  const { rows, total } = await listPayments(ctx.db, query);
  return {
    data: await toPayments(ctx.db, rows),
    meta: { total, offset: query.offset, limit: query.count },
  };
}

/** The latest payment of each of these orders (or line items), with its refunds. */
export async function latestPayments(
  ctx: PaymentContext,
  input: LatestPaymentsInput,
): Promise<LatestPayments> {
  const rows = await latestPaymentsOf(ctx.db, input.referenceType, input.referenceIds);
  return { data: await toPayments(ctx.db, rows) };
}

/** Captures an authorised payment (all of it, or `amount`), once per Idempotency-Key. */
export async function captureAuthorisedPayment(
  ctx: PaymentContext,
  caller: CallerKey,
  body: { paymentId: string; amount?: number | undefined; createdBy: string },
): Promise<Payment> {
  return idempotent(ctx, { scope: 'capture', caller, request: body }, async () => {
    const { row } = await capturePayment(ctx, body.paymentId, body.amount, {
      callKey: `capture:${caller.key}`,
      providerKey: providerKey('capture', caller.key),
    });
    return toPayment(ctx.db, row);
  });
}
