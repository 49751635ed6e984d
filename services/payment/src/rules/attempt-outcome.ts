import type { PaymentStatus } from '@pawfresh/contracts/payment';
import type { ProviderFailure, ProviderIntent } from '../provider/payment-provider.js';

export const authenticationMessage =
  'This card needs the customer to authenticate the payment (3-D Secure): ask them to pay on session or use another card.';

/** What an attempt's outcome at the provider means for our payment. */
export interface AttemptOutcome {
  status: PaymentStatus;
  changes: {
    providerPaymentIntentId: string;
    providerChargeId: string | null;
    amountCaptured?: number;
    failureCode?: string | null;
    failureReason?: string | null;
  };
  /** The card was declined or needs the customer: the caller says so with its own status. */
  failure?: ProviderFailure;
}

/** The provider's answer to an attempt (charge or confirm) on a processing payment. */
export function attemptOutcome(intent: ProviderIntent): AttemptOutcome {
  const base = { providerPaymentIntentId: intent.id, providerChargeId: intent.chargeId };
  const cleared = { failureCode: null, failureReason: null };
  switch (intent.status) {
    case 'succeeded':
      return {
        status: 'processed',
        changes: { ...base, amountCaptured: intent.amountReceived, ...cleared },
      };
    case 'requires_capture':
    case 'processing':
      return { status: 'processing', changes: { ...base, ...cleared } };
    case 'requires_action': {
      const failure = { code: 'authentication_required', message: authenticationMessage };
      return {
        status: 'attempt_failed',
        changes: { ...base, failureCode: failure.code, failureReason: failure.message },
        failure,
      };
    }
    case 'canceled':
      return { status: 'expired', changes: base };
    default: {
      const failure = intent.lastError ?? {
        code: 'card_declined',
        message: 'Your card was declined.',
      };
      return {
        status: 'attempt_failed',
        changes: {
          ...base,
          failureCode: failure.declineCode ?? failure.code,
          failureReason: failure.message,
        },
        failure,
      };
    }
  }
}

/**
 * What an intent's state at the provider means for our payment when we ask after the fact (a
 * call whose answer was lost, reconciliation, a webhook): the attempt's outcome, or `null` while
 * the intent still waits for a card or a confirmation (nothing was tried on it).
 */
export function providerTruth(intent: ProviderIntent): AttemptOutcome | null {
  const untried =
    (intent.status === 'requires_payment_method' || intent.status === 'requires_confirmation') &&
    !intent.lastError;
  return untried ? null : attemptOutcome(intent);
}
