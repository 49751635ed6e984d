import { conflict } from '@pawfresh/kit';
import { updatePayment, type PaymentRow } from '../db/payment-store.js';
import { ProviderRefusal, type ProviderIntent } from '../provider/payment-provider.js';
import { requireCapturable } from '../rules/captures.js';
import type { PaymentContext } from './context.js';
import { startCall } from './calls.js';
import { movePayment } from './payment-moves.js';
import { providerProblem, withProvider } from './provider-errors.js';

/**
 * Captures an authorised payment: marked as being captured under its row lock (so two captures
 * never both reach the provider), captured there with the caller's key, then processed. A capture
 * re-run with the same call key after a crash resumes: it answers what it recorded, or sends the
 * provider the same key again. Another call left in flight by a process that is gone is settled
 * first by asking the provider (provider-truth.ts).
 */
export async function capturePayment(
  ctx: PaymentContext,
  paymentId: string,
  amount: number | undefined,
  call: { callKey: string; providerKey: string },
): Promise<{ row: PaymentRow; intent: ProviderIntent }> {
  const { db, provider } = ctx;
  const payment = await startCall(
    ctx,
    paymentId,
    call.callKey,
    (row) => {
      requireCapturable(row, amount);
      return {};
    },
    () => conflict(`Payment ${paymentId} is already being captured`),
  );
  if (payment.status === 'processed') {
    // Recorded before a crash (or by the provider's event meanwhile): the call is over, and the
    // provider's intent says the same.
    const row = payment.callStartedAt
      ? await updatePayment(db, payment.id, { callStartedAt: null })
      : payment;
    const intentId = row.providerPaymentIntentId ?? '';
    return { row, intent: await withProvider(() => provider.retrievePaymentIntent(intentId)) };
  }
  let intent: ProviderIntent;
  ctx.fault('capture', 'before-provider');
  try {
    intent = await provider.capturePaymentIntent({
      intentId: payment.providerPaymentIntentId ?? '',
      amount,
      idempotencyKey: call.providerKey,
    });
  } catch (err) {
    // Refused: nothing was captured. Not answered: it may have been, so the call stays for the
    // same key to resume (or for the provider to be asked).
    if (err instanceof ProviderRefusal) {
      await updatePayment(db, payment.id, { callStartedAt: null });
    }
    throw providerProblem(err);
  }
  ctx.fault('capture', 'after-provider');
  const row = await movePayment(ctx, payment.id, 'processed', {
    amountCaptured: intent.amountReceived,
    providerChargeId: intent.chargeId ?? payment.providerChargeId,
    callStartedAt: null,
  });
  ctx.fault('capture', 'after-record');
  return { row, intent };
}
