import { createServiceClient, type ServiceClient, type ServiceRuntime } from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import { cartContract } from '@pawfresh/contracts/cart';
import { dogsContract } from '@pawfresh/contracts/dogs';
import { pricingContract } from '@pawfresh/contracts/pricing';
import { productContract } from '@pawfresh/contracts/product';
import { subscriptionContract } from '@pawfresh/contracts/subscription';
import { orderContract } from '@pawfresh/contracts/order';
import { identityContract } from '@pawfresh/contracts/identity';
import { paymentContract } from '@pawfresh/contracts/payment';
import { courierContract } from '@pawfresh/contracts/courier';
import { fulfilmentContract } from '@pawfresh/contracts/fulfilment';
import { legacyContract } from '@pawfresh/contracts/legacy';

/** The services the workflows call, through their contracts and nothing else. */
export interface Collaborators {
  cart: ServiceClient<typeof cartContract>;
  product: ServiceClient<typeof productContract>;
  pricing: ServiceClient<typeof pricingContract>;
  subscription: ServiceClient<typeof subscriptionContract>;
  dogs: ServiceClient<typeof dogsContract>;
  order: ServiceClient<typeof orderContract>;
  legacy: ServiceClient<typeof legacyContract>;
  identity: ServiceClient<typeof identityContract>;
  payment: ServiceClient<typeof paymentContract>;
  courier: ServiceClient<typeof courierContract>;
  fulfilment: ServiceClient<typeof fulfilmentContract>;
}

export const COLLABORATORS = [
  'cart',
  'product',
  'pricing',
  'subscription',
  'dogs',
  'order',
  'legacy',
  'identity',
  'payment',
  'courier',
  'fulfilment',
] as const;

/**
 * The clients. `onClosing` hears when an in-process call is refused because this process is
 * closing (Fastify refuses `inject` then), which says nothing about the service called.
 *
 * A service reached in this process is trusted to keep its contract: its answer was checked
 * against the very same response schema by its serializer just before it was sent, so the client
 * does not check it a second time (order generation's bulk answers: thousands of orders and
 * prices per call). A service reached over the network is checked as before. Either way the
 * service checks what it is sent: its edge is the same for every caller.
 */
export function collaborators(
  runtime: ServiceRuntime<DatabaseConnection>,
  onClosing: () => void,
): Collaborators {
  const send = runtime.fetch ?? fetch;
  const watched = async (url: string, init: RequestInit) => {
    try {
      return await send(url, init);
    } catch (err) {
      if ((err as { code?: unknown }).code === 'FST_ERR_REOPENED_CLOSE_SERVER') onClosing();
      throw err;
    }
  };
  const options = (service: string) => ({
    baseUrl: runtime.serviceUrl(service),
    token: runtime.serviceToken,
    fetch: watched,
  });
  return {
    cart: createServiceClient(cartContract, options('cart')),
    product: createServiceClient(productContract, options('product')),
    pricing: createServiceClient(pricingContract, options('pricing')),
    subscription: createServiceClient(subscriptionContract, options('subscription')),
    dogs: createServiceClient(dogsContract, options('dogs')),
    order: createServiceClient(orderContract, options('order')),
    legacy: createServiceClient(legacyContract, options('legacy')),
    identity: createServiceClient(identityContract, options('identity')),
    payment: createServiceClient(paymentContract, options('payment')),
    courier: createServiceClient(courierContract, options('courier')),
    fulfilment: createServiceClient(fulfilmentContract, options('fulfilment')),
  };
}
