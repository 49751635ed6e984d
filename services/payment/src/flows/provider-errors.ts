import { HttpError, badRequest, notFound } from '@pawfresh/kit';
import { ProviderRefusal, ProviderUnavailable } from '../provider/payment-provider.js';

/** A 502 that says what to do; the provider's internals stay in the log. */
export const providerDown = () =>
  new HttpError(
    502,
    'The card provider could not be reached. Try again with the same Idempotency-Key: the payment cannot be taken twice.',
    { type: 'provider_unavailable' },
  );

/** Turns a provider's refusal into the caller's status; anything else passes through. */
export function providerProblem(err: unknown): unknown {
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
