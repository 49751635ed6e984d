import { notFound, orNotFound, passRefusals, upstream } from '@pawfresh/kit';
import type { CardDetails, PaymentMethod } from '@pawfresh/contracts/payment';
import { newCardOf, type SavedCard } from '../../rules/saved-cards.js';
import { saga } from '../../engine/saga.js';
import type { WorkflowContext } from '../context.js';

export interface PaymentMethodChange {
  userId: string;
  paymentMethodId?: string | undefined;
  card?: CardDetails | undefined;
  providerPaymentMethodId?: string | undefined;
  makeDefault: boolean;
}

export interface PaymentMethodAnswer {
  paymentMethod: PaymentMethod;
  previousDefaultPaymentMethodId: string | null;
}

const CARD_NOT_FOUND = 'Card not found';

/**
 * update-customer-payment-method: a new card saved (sandbox: the card; Stripe: a PaymentMethod
 * id), or one of the saved ones, made the default. Saving runs once even across a crash: the
 * cards read first tell a card this run saved from one it must save. A saga: a failure after
 * saving removes the new card and gives the default back.
 */
export const updateCustomerPaymentMethod =
  ({ services, step }: WorkflowContext) =>
  async (input: PaymentMethodChange): Promise<PaymentMethodAnswer> => {
    const { userId } = input;
    const listCards = async (): Promise<SavedCard[]> => {
      const cards = await upstream('Reading the saved cards', () =>
        orNotFound(services.payment.listPaymentMethods({ params: { userId } })),
      );
      return (cards ?? []).map((c) => ({
        id: c.id,
        last4Digits: c.last4Digits,
        expiryMonth: c.expiryMonth,
        expiryYear: c.expiryYear,
        providerPaymentMethodId: c.providerPaymentMethodId,
        default: c.default,
      }));
    };
    const before = await step('read-cards', listCards);
    const previousDefault = before.find((c) => c.default)?.id ?? null;

    return saga(step, 'the change of card', async (s) => {
      let saved: PaymentMethod | undefined;
      let chosenId: string;
      if (input.paymentMethodId !== undefined) {
        if (!before.some((c) => c.id === input.paymentMethodId)) throw notFound(CARD_NOT_FOUND);
        chosenId = input.paymentMethodId;
      } else {
        saved = await s.step(
          'save-card',
          async () => {
            const now = await upstream('Reading the saved cards', () =>
              orNotFound(services.payment.listPaymentMethods({ params: { userId } })),
            );
            const known = new Set(before.map((c) => c.id));
            const already = (now ?? []).find(
              (c) => !known.has(c.id) && newCardOf(c, input.card, input.providerPaymentMethodId),
            );
            if (already) return already;
            return passRefusals('Saving the card', () =>
              services.payment.createPaymentMethod({
                body: {
                  userId,
                  ...(input.card ? { card: input.card } : {}),
                  ...(input.providerPaymentMethodId
                    ? { paymentMethodId: input.providerPaymentMethodId }
                    : {}),
                  setDefault: false,
                },
              }),
            );
          },
          // The new card removed, and the default the customer had given back.
          {
            name: 'compensate-remove-card',
            run: async (added) => {
              await orNotFound(
                services.payment.deletePaymentMethod({
                  params: { userId, paymentMethodId: added.id },
                }),
              );
              const left = await services.payment.listPaymentMethods({ params: { userId } });
              const isDefault = left.find((c) => c.default)?.id ?? null;
              if (previousDefault && isDefault !== previousDefault) {
                await services.payment.setDefaultPaymentMethod({
                  params: { userId, paymentMethodId: previousDefault },
                });
              }
            },
          },
        );
        chosenId = saved.id;
      }
      if (!input.makeDefault) {
        const card =
          saved ??
          (await s.step('read-card', async () => {
            const cards = await upstream('Reading the saved cards', () =>
              services.payment.listPaymentMethods({ params: { userId } }),
            );
            return cards.find((c) => c.id === chosenId)!;
          }));
        return { paymentMethod: card, previousDefaultPaymentMethodId: previousDefault };
      }
      const card = await s.step('make-default', () =>
        passRefusals(
          'Choosing the default card',
          () =>
            services.payment.setDefaultPaymentMethod({
              params: { userId, paymentMethodId: chosenId },
            }),
          { 404: CARD_NOT_FOUND },
        ),
      );
      return { paymentMethod: card, previousDefaultPaymentMethodId: previousDefault };
    });
  };
