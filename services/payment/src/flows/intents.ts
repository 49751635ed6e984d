import { conflict, notFound } from '@pawfresh/kit';
import type { CancellationReason, PaymentIntent } from '@pawfresh/contracts/payment';
import { findCustomer, findLiveMethod } from '../db/customer-store.js';
import { findPaymentOfIntent, updatePayment, type PaymentRow } from '../db/payment-store.js';
import { ProviderRefusal, type ProviderIntent } from '../provider/payment-provider.js';
import { providerKey } from '../rules/idempotency-keys.js';
import { canMovePaymentStatus } from '../rules/payment-status.js';
import { mayBeOurMethodId } from '../rules/payment-methods.js';
import type { PaymentContext } from './context.js';
import { requireCustomer, requireMethod } from './customers.js';
import { idempotent, idempotentIfKeyed, type CallerKey } from './idempotency.js';
import { capturePayment } from './capture.js';
import {
  attemptPayment,
  declined,
  movePayment,
  recordedFailure,
  recordPendingPayment,
  type PaymentRequest,
} from './payment-moves.js';
import { providerProblem, withProvider } from './provider-errors.js';
import { recordProviderTruth } from './provider-truth.js';
import { startCall } from './calls.js';

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

async function paymentOfIntent(ctx: PaymentContext, intentId: string): Promise<PaymentRow> {
  const row = await findPaymentOfIntent(ctx.db, ctx.provider.name, intentId);
  if (!row) throw notFound(`Payment intent ${intentId} not found`);
  return row;
}

export interface IntentInput extends PaymentRequest {
  userId: string;
  paymentMethodId?: string | undefined;
}

/** Starts a payment the customer confirms later (on session); a key is optional here. */
export async function createIntent(
  ctx: PaymentContext,
  caller: CallerKey | undefined,
  body: IntentInput,
): Promise<PaymentIntent> {
  return idempotentIfKeyed(ctx, { scope: 'intent', caller, request: body }, async () => {
    const customer = await requireCustomer(ctx, body.userId);
    const method = body.paymentMethodId
      ? await requireMethod(ctx, customer, body.paymentMethodId)
      : undefined;
    const payment = await recordPendingPayment(ctx, customer, method?.id ?? null, body);
    const intent = await withProvider(() =>
      ctx.provider.createPaymentIntent({
        providerCustomerId: customer.providerCustomerId,
        amount: body.amount,
        captureMethod: body.captureMethod,
        providerPaymentMethodId: method?.providerPaymentMethodId ?? null,
        confirm: false,
        description: body.description,
        metadata: { paymentId: payment.id },
        idempotencyKey: providerKey('intent', caller?.key ?? payment.id),
      }),
    );
    const row = await updatePayment(
      ctx.db,
      payment.id,
      { providerPaymentIntentId: intent.id },
      ctx.clock.now(),
    );
    return toIntent(intent, row);
  });
}

/**
 * Confirms an intent with one of the customer's cards: 422 when it is declined or needs action.
 * The confirm is marked on the payment (its call key) under the payment's lock before the provider
 * hears of it, so of two confirms at once the second is refused; a re-run of the same key after a
 * crash resumes it (the provider answers the same key alike) or answers what it recorded.
 */
export async function confirmIntent(
  ctx: PaymentContext,
  caller: CallerKey,
  intentId: string,
  body: { paymentMethod: string },
): Promise<PaymentIntent> {
  const request = { params: { intentId }, body };
  return idempotent(ctx, { scope: 'confirm', caller, request }, async () => {
    const payment = await paymentOfIntent(ctx, intentId);
    const customer = await findCustomer(ctx.db, payment.customerId);
    if (!customer) throw new Error(`Payment ${payment.id} has no customer`);
    const method = await findLiveMethod(
      ctx.db,
      customer.id,
      body.paymentMethod,
      mayBeOurMethodId(body.paymentMethod) ? 'either' : 'providers',
    );
    if (!method) {
      throw notFound(`Payment method ${body.paymentMethod} not found for user ${customer.userId}`);
    }
    const callKey = `confirm:${caller.key}`;
    const started = await startCall(ctx, payment.id, callKey, (row) => {
      if (!canMovePaymentStatus(row.status, 'processing')) {
        throw conflict(
          `Payment intent ${intentId} cannot be confirmed: its payment is ${row.status}`,
          { status: row.status },
        );
      }
      return { status: 'processing', paymentMethodId: method.id };
    });
    if (!started.callStartedAt) {
      // Answered and recorded before a crash: the same answer again, from the provider's intent.
      const intent = await withProvider(() => ctx.provider.retrievePaymentIntent(intentId));
      const failure = recordedFailure(started);
      if (failure) {
        throw declined(
          422,
          { row: started, failure },
          { intentId: intent.id, intentStatus: intent.status },
        );
      }
      return toIntent(intent, started);
    }
    const settled = await attemptPayment(
      ctx,
      'confirm',
      payment.id,
      () => 'provider_refused',
      () =>
        ctx.provider.confirmPaymentIntent({
          intentId,
          providerPaymentMethodId: method.providerPaymentMethodId,
          idempotencyKey: providerKey('confirm', caller.key),
        }),
    );
    if (settled.failure) {
      throw declined(
        422,
        { ...settled, failure: settled.failure },
        { intentId: settled.intent.id, intentStatus: settled.intent.status },
      );
    }
    return toIntent(settled.intent, settled.row);
  });
}

/** Captures an authorised intent, once per Idempotency-Key. */
export async function captureIntent(
  ctx: PaymentContext,
  caller: CallerKey,
  intentId: string,
  body: { amount?: number | undefined; createdBy?: string | undefined },
): Promise<PaymentIntent> {
  const request = { params: { intentId }, body };
  return idempotent(ctx, { scope: 'intent-capture', caller, request }, async () => {
    const payment = await paymentOfIntent(ctx, intentId);
    const { row, intent } = await capturePayment(ctx, payment.id, body.amount, {
      callKey: `intent-capture:${caller.key}`,
      providerKey: providerKey('intent-capture', caller.key),
    });
    return toIntent(intent, row);
  });
}

/**
 * Releases an authorised intent that will not be captured (a checkout that failed after the card
 * was confirmed): the provider lets the hold go and the payment expires. Once per Idempotency-Key;
 * an intent cancelled already is answered as it is; a captured one is refused (refund it). The
 * release counts only when the provider says the intent is cancelled. A capture left in flight by
 * a process that is gone is settled first by asking the provider, so a hold is never kept for good.
 */
export async function cancelIntent(
  ctx: PaymentContext,
  caller: CallerKey,
  intentId: string,
  body: { cancellationReason?: CancellationReason | undefined; createdBy?: string | undefined },
): Promise<PaymentIntent> {
  const request = { params: { intentId }, body };
  return idempotent(ctx, { scope: 'intent-cancel', caller, request }, async () => {
    const payment = await paymentOfIntent(ctx, intentId);
    const captured = (row: PaymentRow) =>
      conflict(
        `Payment intent ${intentId} is captured: it cannot be cancelled; refund payment ${row.id} instead`,
        { status: row.status },
      );
    const started = await startCall(ctx, payment.id, `intent-cancel:${caller.key}`, (row) => {
      if (row.status === 'processed') throw captured(row);
      return {};
    });
    if (started.status === 'processed') {
      // Captured after all (recorded meanwhile from the provider): this call ends here.
      await updatePayment(ctx.db, started.id, { callStartedAt: null });
      throw captured(started);
    }
    ctx.fault('cancel', 'before-provider');
    let intent: ProviderIntent;
    try {
      intent = await ctx.provider.cancelPaymentIntent({
        intentId,
        reason: body.cancellationReason,
        idempotencyKey: providerKey('intent-cancel', caller.key),
      });
    } catch (err) {
      if (!(err instanceof ProviderRefusal)) throw providerProblem(err);
      // Refused: the provider's intent says why (captured after all: refund it instead).
      const truth = await recordProviderTruth(ctx, payment.id);
      if (truth.row.status === 'processed') throw captured(truth.row);
      throw providerProblem(err);
    }
    ctx.fault('cancel', 'after-provider');
    if (intent.status !== 'canceled') {
      await recordProviderTruth(ctx, payment.id);
      throw conflict(
        `Payment intent ${intentId} is ${intent.status} at the card provider: it was not cancelled`,
      );
    }
    const row = await movePayment(ctx, payment.id, 'expired', { callStartedAt: null });
    ctx.fault('cancel', 'after-record');
    return toIntent(intent, row);
  });
}

/**
 * An intent as the provider has it now, with its payment: what the provider says is recorded
 * first (provider-truth.ts), so a caller that lost an answer reads the truth here.
 */
export async function getIntent(ctx: PaymentContext, intentId: string): Promise<PaymentIntent> {
  const payment = await paymentOfIntent(ctx, intentId);
  const { row, intent } = await recordProviderTruth(ctx, payment.id);
  return toIntent(
    intent ?? (await withProvider(() => ctx.provider.retrievePaymentIntent(intentId))),
    row,
  );
}
