import { HttpError, badRequest, notFound } from '@pawfresh/kit';
import {
  ProviderRateLimited,
  ProviderRefusal,
  ProviderUnavailable,
} from '../provider/payment-provider.js';

/** A 502 that says what to do; the provider's internals stay in the log. */
export const providerDown = () =>
  new HttpError(
    502,
    'The card provider could not be reached. Try again with the same Idempotency-Key: the payment cannot be taken twice.',
    { type: 'provider_unavailable' },
  );

/**
 * The provider answered 429 (too many requests): a 503 the caller may retry with the same key
 * after a pause. A 5xx, so the key is released (nothing was done) rather than kept.
 */
export const providerBusy = () =>
  new HttpError(
    503,
    'The card provider is busy (too many requests just now). Try again shortly with the same Idempotency-Key: the payment cannot be taken twice.',
    { type: 'rate_limited' },
  );

/** Turns a provider's refusal into the caller's status; anything else passes through. */
export function providerProblem(err: unknown): unknown {
  if (err instanceof ProviderRateLimited) return providerBusy();
  if (err instanceof ProviderUnavailable) return providerDown();
  if (err instanceof ProviderRefusal) {
    switch (err.reason) {
      case 'not_found':
        return notFound(err.message);
      case 'card_declined':
        return new HttpError(402, err.message, {
          type: 'card_declined',
          details: err.failure,
        });
      default:
        return badRequest(err.message);
    }
  }
  return err;
}

/** Calls the provider, answering its refusals in the service envelope. */
export async function withProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw providerProblem(err);
  }
}
