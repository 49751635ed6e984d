import { badRequest } from '@pawfresh/kit';
import type { CardDetails, PaymentProviderName } from '@pawfresh/contracts/payment';
import type { NewCard } from '../provider/payment-provider.js';

/** Sandbox mode takes card details; a real provider takes the id its own card form made. */
export function newCard(
  provider: PaymentProviderName,
  input: { card?: CardDetails | undefined; token?: string | undefined },
  tokenField: string,
): NewCard {
  if (input.card && input.token) {
    throw badRequest(`Send either card or ${tokenField}, not both`);
  }
  if (provider === 'sandbox') {
    if (!input.card) {
      throw badRequest(
        'card is required: the sandbox provider takes card details {number, expMonth, expYear, cvc}',
      );
    }
    return { kind: 'card', card: input.card };
  }
  if (!input.token) {
    throw badRequest(
      `${tokenField} is required: card details never come through this service when a card provider is configured`,
    );
  }
  return { kind: 'token', token: input.token };
}

/** Whether a customer id in a path is ours (a uuid) rather than the provider's. */
export const isOurCustomerId = (id: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** Whether a payment method id sent to confirm may be ours; it may be the provider's either way. */
export const mayBeOurMethodId = (id: string) => /^[0-9a-f-]{36}$/i.test(id);

/** A new card is the default when asked to be, or when the customer has no default yet. */
export const isDefaultOnAdd = (setDefault: boolean, others: readonly { isDefault: boolean }[]) =>
  setDefault || !others.some((m) => m.isDefault);

/**
 * The card that becomes the default when one is removed: removing the default card must not leave
 * a customer with cards but none to charge. `rest` is newest first; none when a default remains.
 */
export const defaultAfterRemoval = <M extends { isDefault: boolean }>(
  rest: readonly M[],
): M | undefined => (rest.some((m) => m.isDefault) ? undefined : rest[0]);
