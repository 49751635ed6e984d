import type { AccountContext } from '../flows/context.js';
import { chooseDefaultCard, defaultCard, savedCards } from '../flows/saved-cards.js';
import { customerId, type AccountHandlers } from './signed-in.js';

/** The customer's saved cards (the payment service keeps them; provider ids never show). */
export function cardRoutes(
  ctx: AccountContext,
): AccountHandlers<'getPaymentMethods' | 'getDefaultPaymentMethod' | 'setDefaultPaymentMethod'> {
  return {
    getPaymentMethods: async ({ auth }) => savedCards(ctx, customerId(auth)),

    getDefaultPaymentMethod: async ({ auth }) => defaultCard(ctx, customerId(auth)),

    setDefaultPaymentMethod: async ({ body, auth }) =>
      chooseDefaultCard(ctx, customerId(auth), body.paymentMethodId),
  };
}
