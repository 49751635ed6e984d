import { notFound, orNotFound } from '@pawfresh/kit';
import type { CustomerPaymentMethod } from '@pawfresh/contracts/account';
import { toCustomerCard } from '../rules/customer-views.js';
import { relay } from '../upstream-errors.js';
import type { AccountContext } from './context.js';

export const NO_SAVED_CARD = 'No saved card yet';
export const CARD_NOT_FOUND = 'Card not found';

/** The customer's saved cards; a customer who never saved one has none (not an error). */
export async function savedCards(
  ctx: AccountContext,
  userId: string,
): Promise<CustomerPaymentMethod[]> {
  const cards = await orNotFound(ctx.payment.listPaymentMethods({ params: { userId } }));
  return (cards ?? []).map(toCustomerCard);
}

export async function defaultCard(
  ctx: AccountContext,
  userId: string,
): Promise<CustomerPaymentMethod> {
  const card = (await savedCards(ctx, userId)).find((c) => c.default);
  if (!card) throw notFound(NO_SAVED_CARD);
  return card;
}

/** Another customer's card, or none: the same 404 either way. */
export async function chooseDefaultCard(
  ctx: AccountContext,
  userId: string,
  paymentMethodId: string,
): Promise<CustomerPaymentMethod> {
  const card = await orNotFound(
    relay(ctx.payment.setDefaultPaymentMethod({ params: { userId, paymentMethodId } }), [400]),
    CARD_NOT_FOUND,
  );
  return toCustomerCard(card);
}
