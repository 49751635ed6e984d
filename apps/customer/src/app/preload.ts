import type { QueryClient } from '@tanstack/react-query';

import { getMeQueryOptions } from '../features/account/api/get-me';
import { getDefaultAddressQueryOptions } from '../features/addresses/api/get-default-address';
import { getDogsQueryOptions } from '../features/dogs/api/get-dogs';
import { getOrdersQueryOptions } from '../features/orders/api/get-orders';
import { getPaymentMethodsQueryOptions } from '../features/payments/api/payment-methods';
import { getProductsQueryOptions } from '../features/products/api/get-products';
import { ApiError } from '../lib/api-client';

/**
 * The first signed-in navigation preloads everything the pages show (customer-app.md §2): orders,
 * dogs, products and the account (profile, default address and saved cards), so /deliveries, where
 * signing in lands, opens without another round trip (a failed payment's card included), and so
 * does the account page. Subscriptions join when their calls exist. A failed load is only logged (§8); the page that needs it tries again.
 */
export async function preloadAccountData(queryClient: QueryClient): Promise<void> {
  const warn = (what: string) => (error: unknown) => {
    if (error instanceof ApiError && error.sessionExpired) return;
    console.warn(`Error preloading ${what}`, error);
  };
  await Promise.all([
    queryClient.fetchQuery(getOrdersQueryOptions()).then(undefined, warn('orders')),
    queryClient.fetchQuery(getDogsQueryOptions()).then(undefined, warn('dogs')),
    queryClient.fetchQuery(getProductsQueryOptions()).then(undefined, warn('products')),
    queryClient.fetchQuery(getMeQueryOptions()).then(undefined, warn('profile')),
    queryClient
      .fetchQuery(getDefaultAddressQueryOptions())
      .then(undefined, warn('default address')),
    queryClient
      .fetchQuery(getPaymentMethodsQueryOptions())
      .then(undefined, warn('payment methods')),
  ]);
}
