import {
  HttpError,
  ServiceCallError,
  createServiceClient,
  type ServiceClient,
} from '@pawfresh/kit';
import type { ServiceRuntime } from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import { dogsContract } from '@pawfresh/contracts/dogs';
import { pricingContract } from '@pawfresh/contracts/pricing';
import { productContract } from '@pawfresh/contracts/product';

/** The services this one calls, through their contracts. */
export interface Collaborators {
  product: ServiceClient<typeof productContract>;
  pricing: ServiceClient<typeof pricingContract>;
  dogs: ServiceClient<typeof dogsContract>;
}

export function collaborators(runtime: ServiceRuntime<DatabaseConnection>): Collaborators {
  const options = (service: string) => ({
    baseUrl: runtime.serviceUrl(service),
    token: runtime.serviceToken,
    fetch: runtime.fetch,
  });
  return {
    product: createServiceClient(productContract, options('product')),
    pricing: createServiceClient(pricingContract, options('pricing')),
    dogs: createServiceClient(dogsContract, options('dogs')),
  };
}

/**
 * Runs a call to another service; when it fails on that service's side (or does not answer), the
 * caller gets a 502 that says what could not be done, and the details go to the log. Statuses
 * listed in `passOn` are the caller's own problem and are handled by the caller.
 */
export async function upstream<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ServiceCallError && (err.status === 0 || err.status >= 500)) {
      throw new HttpError(502, `${what} is not possible just now; try again in a minute`, {
        type: 'upstream',
      });
    }
    throw err;
  }
}
