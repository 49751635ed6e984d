import type { HttpError } from '@pawfresh/kit';
import { isKeyWorkedOn } from '../db/idempotency-store.js';
import { findPayment, updatePayment, type PaymentRow } from '../db/payment-store.js';
import type { ProviderIntent } from '../provider/payment-provider.js';
import { providerTruth } from '../rules/attempt-outcome.js';
import { claimOfCall } from '../rules/idempotency-keys.js';
import { movesToward } from '../rules/payment-status.js';
import type { PaymentContext } from './context.js';
import { paymentNotFound } from './payment-moves.js';
import { withProvider } from './provider-errors.js';

/** A payment as the provider's books left it, and what could not be made to agree. */
export interface Truth {
  row: PaymentRow;
  intent: ProviderIntent | null;
  /** Set when our record cannot follow the provider (e.g. money taken on an expired payment). */
  difference?: string;
}

/**
 * Asks the provider what happened to a payment's intent and records it, ending any call in flight
 * on it: the one way a lost answer (a crash inside a call, a webhook, reconciliation) becomes our
 * record. A payment whose intent the provider never named (a charge whose first answer was lost)
 * is left for its own key to resume: the provider answers that key with the same intent.
 */
export async function recordProviderTruth(
  ctx: PaymentContext,
  paymentId: string,
  /** `endCall: false` (webhooks): a call in flight stays its caller's to end. */
  { endCall = true }: { endCall?: boolean } = {},
): Promise<Truth> {
  const ended = endCall ? { callStartedAt: null } : {};
  const before = await findPayment(ctx.db, paymentId);
  if (!before) throw paymentNotFound(paymentId);
  const intentId = before.providerPaymentIntentId;
  if (!intentId) return { row: before, intent: null };
  const intent = await withProvider(() => ctx.provider.retrievePaymentIntent(intentId));
  return ctx.db.transaction(async (tx) => {
    const current = await findPayment(tx, paymentId, true);
    if (!current) throw paymentNotFound(paymentId);
    const truth = providerTruth(intent);
    const now = ctx.clock.now();
    if (!truth) {
      const row = await updatePayment(tx, paymentId, { ...ended }, now);
      return { row, intent };
    }
    const path = movesToward(current.status, truth.status);
    if (!path) {
      const difference = `Payment ${paymentId} is ${current.status} here but ${intent.status} at the card provider (${intent.amountReceived} cents received)`;
      ctx.log.error({ paymentId, intentId, difference }, 'Payment and card provider disagree');
      const row = await updatePayment(tx, paymentId, { ...ended });
      return { row, intent, difference };
    }
    let row = current;
    for (const status of path) {
      row = await updatePayment(tx, paymentId, { ...truth.changes, status, ...ended }, now);
    }
    if (path.length === 0) {
      row = await updatePayment(tx, paymentId, { ...truth.changes, ...ended }, now);
    }
    return { row, intent };
  });
}

/**
 * Another call left on a payment: while its request is still worked on, `whenWorkedOn` is the
 * answer (it is really under way); when its process is gone, the provider is asked what it did
 * and that is recorded, so no dead call blocks capture or cancel for good.
 */
export async function settleAbandonedCall(
  ctx: PaymentContext,
  row: PaymentRow,
  whenWorkedOn: () => HttpError,
): Promise<PaymentRow> {
  if (!row.callStartedAt || !row.callKey) return row;
  if (await isKeyWorkedOn(ctx.db, claimOfCall(row.callKey), ctx.claims)) throw whenWorkedOn();
  ctx.log.warn(
    { paymentId: row.id, call: row.callKey },
    'A call to the card provider was left unanswered by a process that is gone: asking the provider',
  );
  return (await recordProviderTruth(ctx, row.id)).row;
}
