import type { PaymentStatus } from '@pawfresh/contracts/payment';
import type { ProviderIntent } from '../provider/payment-provider.js';
import type { AttemptOutcome } from './attempt-outcome.js';

/** Reconciliation looks this far back by default (docs/payments.md "Reconciliation"). */
export const RECONCILIATION_WINDOW_DAYS = 3;
/**
 * An intent or call younger than this is left alone: its own request may still be recording it.
 * Longer than a claim's lease, so a call it judges is one whose process is gone.
 */
export const SETTLED_AFTER_MS = 5 * 60_000;
/** Answered idempotency keys are kept this long: a caller may retry within it (dunning ~2 weeks). */
export const KEY_LIFETIME_DAYS = 35;

/**
 * Whether our payment says something other than the provider's intent: another status, another
 * amount taken, or the intent not named on it.
 */
export function differsFromProvider(
  payment: {
    status: PaymentStatus;
    amountCaptured: number;
    providerPaymentIntentId: string | null;
  },
  intent: Pick<ProviderIntent, 'id' | 'amountReceived'>,
  truth: AttemptOutcome | null,
): boolean {
  if (payment.providerPaymentIntentId !== intent.id) return true;
  if (!truth) return false;
  return truth.status !== payment.status || intent.amountReceived !== payment.amountCaptured;
}
