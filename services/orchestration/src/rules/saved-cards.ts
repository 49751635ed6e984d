import type { CardDetails } from '@pawfresh/contracts/payment';

/** A saved card as the payment-method workflow needs it. */
export interface SavedCard {
  id: string;
  last4Digits: string;
  expiryMonth: number;
  expiryYear: number;
  providerPaymentMethodId: string;
  default: boolean;
}

/**
 * Whether a saved card (one this run did not see before it began) is the card being saved: the
 * same provider PaymentMethod, or (sandbox) the same last 4 digits and expiry.
 */
export function newCardOf(
  card: Pick<SavedCard, 'last4Digits' | 'expiryMonth' | 'expiryYear' | 'providerPaymentMethodId'>,
  details: CardDetails | undefined,
  providerPaymentMethodId: string | undefined,
): boolean {
  if (providerPaymentMethodId !== undefined) {
    return card.providerPaymentMethodId === providerPaymentMethodId;
  }
  if (!details) return false;
  return (
    card.last4Digits === details.number.slice(-4) &&
    card.expiryMonth === details.expMonth &&
    card.expiryYear === details.expYear
  );
}
