import { createServiceClient, type ServiceClient, type ServiceRuntime } from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import { pricingContract } from '@pawfresh/contracts/pricing';

/** The services the cart calls, through their contracts: pricing, to check promotion codes. */
export interface Collaborators {
  pricing: ServiceClient<typeof pricingContract>;
}

export function collaborators(runtime: ServiceRuntime<DatabaseConnection>): Collaborators {
  return {
    pricing: createServiceClient(pricingContract, {
      baseUrl: runtime.serviceUrl('pricing'),
      token: runtime.serviceToken,
      fetch: runtime.fetch,
    }),
  };
}
