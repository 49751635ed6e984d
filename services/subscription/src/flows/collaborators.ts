import { createServiceClient, type ServiceClient, type ServiceRuntime } from '@pawfresh/kit';
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
