import { conflict } from '@pawfresh/kit';
import type { Payment } from '@pawfresh/contracts/payment';
import { liveMethods } from '../db/customer-store.js';
import { findPaymentByRequestKey, toPayment, type PaymentRow } from '../db/payment-store.js';
import { providerKey } from '../rules/idempotency-keys.js';
import type { PaymentContext } from './context.js';
import { requireCustomer, requireMethod } from './customers.js';
import { idempotent, type CallerKey } from './idempotency.js';
import {
  attemptPayment,
  capturePayment,
  declined,
  movePayment,
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
    // A retry after the provider did not answer finds its first attempt: one row per charge.
    let payment: PaymentRow | undefined = await findPaymentByRequestKey(ctx.db, requestKey);
    if (!payment) {
      const inserted = await recordPendingPayment(ctx, customer, method.id, body, requestKey);
      // Recorded as with the provider before it is: a crash in between leaves a trace to check.
      payment = await movePayment(ctx, inserted.id, 'processing');
    }
    const { id, amount, captureMethod, description, referenceId, referenceType } = payment;
    const settled = await attemptPayment(
      ctx,
      id,
      (err) => err.failure?.declineCode ?? err.reason,
      () =>
        ctx.provider.createPaymentIntent({
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

/** Captures an authorised payment (all of it, or `amount`), once per Idempotency-Key. */
export async function captureAuthorisedPayment(
  ctx: PaymentContext,
  caller: CallerKey,
  body: { paymentId: string; amount?: number | undefined; createdBy: string },
): Promise<Payment> {
  return idempotent(ctx, { scope: 'capture', caller, request: body }, async () => {
    const { row } = await capturePayment(
      ctx,
      body.paymentId,
      body.amount,
      providerKey('capture', caller.key),
    );
    return toPayment(ctx.db, row);
  });
}
