import { conflict, notFound } from '@pawfresh/kit';
import type { CancellationReason, PaymentIntent } from '@pawfresh/contracts/payment';
import { findCustomer, findLiveMethod } from '../db/customer-store.js';
import { findPaymentOfIntent, updatePayment, type PaymentRow } from '../db/payment-store.js';
import type { ProviderIntent } from '../provider/payment-provider.js';
import { providerKey } from '../rules/idempotency-keys.js';
import { canMovePaymentStatus } from '../rules/payment-status.js';
import { mayBeOurMethodId } from '../rules/payment-methods.js';
import type { PaymentContext } from './context.js';
import { requireCustomer, requireMethod } from './customers.js';
import { idempotent, idempotentIfKeyed, type CallerKey } from './idempotency.js';
import {
  attemptPayment,
  capturePayment,
  declined,
  movePayment,
  recordPendingPayment,
  type PaymentRequest,
} from './payment-moves.js';
import { withProvider } from './provider-errors.js';

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

/** Confirms an intent with one of the customer's cards: 422 when it is declined or needs action. */
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
    if (!canMovePaymentStatus(payment.status, 'processing')) {
      throw conflict(
        `Payment intent ${intentId} cannot be confirmed: its payment is ${payment.status}`,
        { status: payment.status },
      );
    }
    // Claimed under the payment's lock: of two confirms at once, the second is refused here.
    await movePayment(ctx, payment.id, 'processing', { paymentMethodId: method.id }, true);
    const settled = await attemptPayment(
      ctx,
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
    const { row, intent } = await capturePayment(
      ctx,
      payment.id,
      body.amount,
      providerKey('intent-capture', caller.key),
    );
    return toIntent(intent, row);
  });
}

/**
 * Releases an authorised intent that will not be captured (a checkout that failed after the card
 * was confirmed): the provider lets the hold go and the payment expires. Once per Idempotency-Key;
 * an intent cancelled already is answered as it is; a captured one is refused (refund it).
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
    if (payment.status === 'processed') {
      throw conflict(
        `Payment intent ${intentId} is captured: it cannot be cancelled; refund payment ${payment.id} instead`,
        { status: payment.status },
      );
    }
    if (payment.captureStartedAt) {
      throw conflict(`Payment intent ${intentId} is being captured: it cannot be cancelled now`, {
        status: payment.status,
      });
    }
    const intent = await withProvider(() =>
      ctx.provider.cancelPaymentIntent({
        intentId,
        reason: body.cancellationReason,
        idempotencyKey: providerKey('intent-cancel', caller.key),
      }),
    );
    const row =
      payment.status === 'expired' ? payment : await movePayment(ctx, payment.id, 'expired');
    return toIntent(intent, row);
  });
}
