import type { QueryClient } from '@tanstack/react-query';

import { getMeQueryOptions } from '../features/account/api/get-me';
import { getDefaultAddressQueryOptions } from '../features/addresses/api/get-default-address';
import { getDogsQueryOptions } from '../features/dogs/api/get-dogs';
import { getOrdersQueryOptions } from '../features/orders/api/get-orders';
import { getPaymentMethodsQueryOptions } from '../features/payments/api/payment-methods';
import { getProductsQueryOptions } from '../features/products/api/get-products';
import { getSubscriptionsQueryOptions } from '../features/subscriptions/api/get-subscriptions';
import { ApiError } from '../lib/api-client';
import { dropEarlyData } from '../lib/auth/early-refresh';

/**
 * The first signed-in navigation preloads everything the pages show (customer-app.md §2): orders,
 * dogs, products, the account (profile, default address and saved cards) and the subscriptions, so
 * /deliveries, where signing in lands, opens without another round trip (a failed payment's card
 * included), and so do the account and dogs pages (their plan). A failed load is only logged (§8);
 * the page that needs it tries again.
 * On a page load, index.html has usually started these calls already (`EARLY_DATA_PATHS`,
 * lib/auth/early-refresh.ts): the preload takes their answers, and what it did not take is dropped.
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
    queryClient.fetchQuery(getSubscriptionsQueryOptions()).then(undefined, warn('subscriptions')),
  ]);
  dropEarlyData();
}
