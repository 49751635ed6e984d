import { conflict } from '@pawfresh/kit';
import { findPayment, updatePayment, type PaymentRow } from '../db/payment-store.js';
import { ProviderRefusal, type ProviderIntent } from '../provider/payment-provider.js';
import { requireCapturable } from '../rules/captures.js';
import type { PaymentContext } from './context.js';
import { movePayment, paymentNotFound } from './payment-moves.js';
import { providerProblem, withProvider } from './provider-errors.js';
import { settleAbandonedCall } from './provider-truth.js';

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
  const { db, clock, provider } = ctx;
  let payment: PaymentRow | undefined;
  for (let settled = false; !payment; settled = true) {
    const found = await db.transaction(async (tx) => {
      const row = await findPayment(tx, paymentId, true);
      if (!row) throw paymentNotFound(paymentId);
      if (row.callKey === call.callKey && (row.callStartedAt || row.status === 'processed')) {
        return { kind: 'mine' as const, row };
      }
      if (row.callStartedAt) return { kind: 'other' as const, row };
      requireCapturable(row, amount);
      return {
        kind: 'mine' as const,
        row: await updatePayment(tx, row.id, {
          callKey: call.callKey,
          callStartedAt: clock.now(),
        }),
      };
    });
    if (found.kind === 'mine') payment = found.row;
    else if (settled) throw conflict(`Payment ${paymentId} is already being captured`);
    else await settleAbandonedCall(ctx, found.row, () => alreadyCapturing(paymentId));
  }
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

const alreadyCapturing = (paymentId: string) =>
  conflict(`Payment ${paymentId} is already being captured`);
