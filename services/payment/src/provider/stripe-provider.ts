import Stripe from 'stripe';
import type { ServiceRuntime } from '@pawfresh/kit';
import { intentStatuses, type IntentStatus } from '@pawfresh/contracts/payment';
import {
  ProviderRateLimited,
  ProviderRefusal,
  ProviderUnavailable,
  type PaymentProvider,
  type ProviderIntent,
  type ProviderPaymentMethod,
} from './payment-provider.js';

export interface StripeSettings {
  secretKey: string;
  /** Where the API is: Stripe's own unless told (tests point it at a local fake). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

const toMethod = (pm: Stripe.PaymentMethod): ProviderPaymentMethod => ({
  providerPaymentMethodId: pm.id,
  brand: pm.card?.brand ?? 'unknown',
  last4Digits: pm.card?.last4 ?? '0000',
  expiryMonth: pm.card?.exp_month ?? 1,
  expiryYear: pm.card?.exp_year ?? 2000,
});

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** A status Stripe adds later is treated as still with the provider. */
const knownStatus = (status: string): IntentStatus =>
  (intentStatuses as readonly string[]).includes(status) ? (status as IntentStatus) : 'processing';

const toIntent = (pi: Stripe.PaymentIntent): ProviderIntent => ({
  id: pi.id,
  status: knownStatus(pi.status),
  amount: pi.amount,
  amountCapturable: pi.amount_capturable,
  amountReceived: pi.amount_received,
  captureMethod: pi.capture_method === 'manual' ? 'manual' : 'automatic',
  providerPaymentMethodId: idOf(pi.payment_method),
  chargeId: idOf(pi.latest_charge),
  lastError: pi.last_payment_error
    ? {
        code: pi.last_payment_error.code ?? 'card_declined',
        declineCode: pi.last_payment_error.decline_code,
        message: pi.last_payment_error.message ?? 'Your card was declined.',
      }
    : null,
  amountRefunded:
    pi.latest_charge && typeof pi.latest_charge === 'object' ? pi.latest_charge.amount_refunded : 0,
  metadata: { ...pi.metadata },
  createdAt: new Date(pi.created * 1000),
});

/**
 * The Stripe adapter: Stripe's words for declines are kept (they are written for customers);
 * everything else Stripe says stays in the log, and callers see a refusal or "unavailable".
 */
export function stripeProvider(
  settings: StripeSettings,
  log: Pick<ServiceRuntime['log'], 'warn'>,
): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(settings.api ?? {}),
  });

  /** Maps Stripe's errors; a card error with its intent is an answer, not a failure. */
  async function call<T>(
    what: string,
    run: () => Promise<T>,
    onCardError?: (pi: Stripe.PaymentIntent) => T,
  ): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (err instanceof ProviderRefusal) throw err;
      if (err instanceof Stripe.errors.StripeCardError) {
        if (onCardError && err.payment_intent) return onCardError(err.payment_intent);
        throw new ProviderRefusal('card_declined', err.message, {
          code: err.code ?? 'card_declined',
          declineCode: err.decline_code,
          message: err.message,
        });
      }
      // 429: too many requests, or the object locked by another request. Nothing was done.
      if (err instanceof Stripe.errors.StripeRateLimitError) {
        log.warn({ what, code: err.code, requestId: err.requestId }, 'Stripe limited a request');
        throw new ProviderRateLimited(
          err.code === 'lock_timeout' ? 'lock_timeout' : 'rate_limit',
          err.message,
        );
      }
      if (err instanceof Stripe.errors.StripeInvalidRequestError) {
        log.warn({ what, code: err.code, requestId: err.requestId }, 'Stripe refused a request');
        if (err.code === 'resource_missing') throw new ProviderRefusal('not_found', err.message);
        throw new ProviderRefusal('invalid_request', err.message);
      }
      log.warn({ what, err }, 'Stripe could not be reached or failed');
      throw new ProviderUnavailable(`Stripe ${what} failed`);
    }
  }

  const intent = (pi: Stripe.PaymentIntent) => toIntent(pi);

  return {
    name: 'stripe',

    createCustomer: ({ userId, idempotencyKey }) =>
      call('create customer', async () => {
        const customer = await stripe.customers.create(
          { metadata: { userId } },
          { idempotencyKey },
        );
        return customer.id;
      }),

    findCustomer: (id) =>
      call('find customer', async () => {
        let customer: Stripe.Customer | Stripe.DeletedCustomer;
        try {
          customer = await stripe.customers.retrieve(id);
        } catch (err) {
          if (
            err instanceof Stripe.errors.StripeInvalidRequestError &&
            err.code === 'resource_missing'
          ) {
            return null;
          }
          throw err;
        }
        if (customer.deleted) return null;
        const methods = await stripe.paymentMethods.list({
          customer: id,
          type: 'card',
          limit: 100,
        });
        return {
          paymentMethods: methods.data.map(toMethod),
          defaultPaymentMethodId: idOf(customer.invoice_settings?.default_payment_method),
        };
      }),

    attachPaymentMethod: (customer, card) =>
      call('attach payment method', async () => {
        if (card.kind !== 'token') {
          throw new ProviderRefusal(
            'invalid_request',
            'Card details never go to Stripe through this service: send a payment method id',
          );
        }
        if (card.token.startsWith('pm_')) {
          return toMethod(await stripe.paymentMethods.attach(card.token, { customer }));
        }
        // A legacy token or source (tok_…, src_…) becomes a card on the customer.
        const made = await stripe.paymentMethods.create({
          type: 'card',
          card: { token: card.token },
        });
        return toMethod(await stripe.paymentMethods.attach(made.id, { customer }));
      }),

    detachPaymentMethod: async (id) => {
      await call('detach payment method', () => stripe.paymentMethods.detach(id));
    },

    setDefaultPaymentMethod: async (customer, method) => {
      await call('set default payment method', () =>
        stripe.customers.update(customer, { invoice_settings: { default_payment_method: method } }),
      );
    },

    createPaymentIntent: (input) =>
      call(
        'create payment intent',
        async () =>
          intent(
            await stripe.paymentIntents.create(
              {
                amount: input.amount,
                currency: 'aud',
                customer: input.providerCustomerId,
                capture_method: input.captureMethod,
                description: input.description,
                metadata: input.metadata,
                ...(input.providerPaymentMethodId
                  ? { payment_method: input.providerPaymentMethodId }
                  : {}),
                ...(input.confirm ? { confirm: true, off_session: true } : {}),
              },
              { idempotencyKey: input.idempotencyKey },
            ),
          ),
        intent,
      ),

    confirmPaymentIntent: (input) =>
      call(
        'confirm payment intent',
        async () =>
          intent(
            await stripe.paymentIntents.confirm(
              input.intentId,
              { payment_method: input.providerPaymentMethodId },
              { idempotencyKey: input.idempotencyKey },
            ),
          ),
        intent,
      ),

    capturePaymentIntent: (input) =>
      call('capture payment intent', async () =>
        intent(
          await stripe.paymentIntents.capture(
            input.intentId,
            input.amount === undefined ? {} : { amount_to_capture: input.amount },
            { idempotencyKey: input.idempotencyKey },
          ),
        ),
      ),

    cancelPaymentIntent: (input) =>
      call('cancel payment intent', async () => {
        const current = await stripe.paymentIntents.retrieve(input.intentId);
        // Cancelled already (a retry after an answer that was lost): answered as it is.
        if (current.status === 'canceled') return intent(current);
        return intent(
          await stripe.paymentIntents.cancel(
            input.intentId,
            input.reason ? { cancellation_reason: input.reason } : {},
            { idempotencyKey: input.idempotencyKey },
          ),
        );
      }),

    retrievePaymentIntent: (intentId) =>
      call('retrieve payment intent', async () =>
        intent(await stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] })),
      ),

    listPaymentIntents: ({ from, to, after, limit }) =>
      call('list payment intents', async () => {
        const page = await stripe.paymentIntents.list({
          created: { gte: Math.floor(from.getTime() / 1000), lt: Math.ceil(to.getTime() / 1000) },
          limit,
          expand: ['data.latest_charge'],
          ...(after ? { starting_after: after } : {}),
        });
        return { intents: page.data.map(intent), hasMore: page.has_more };
      }),

    createRefund: (input) =>
      call('create refund', async () => {
        const refund = await stripe.refunds.create(
          { payment_intent: input.intentId, amount: input.amount, metadata: input.metadata },
          { idempotencyKey: input.idempotencyKey },
        );
        return { id: refund.id, amount: refund.amount };
      }),
  };
}
