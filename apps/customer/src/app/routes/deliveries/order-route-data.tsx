import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams, type LoaderFunction } from 'react-router';

import { PageError } from '../../../components/errors/page-error';
import { PageLoading } from '../../../components/feedback/page-loading';
import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { EmptyState } from '../../../components/ui/empty-state';
import { paths } from '../../../config/paths';
import { getDogsQueryOptions, useDogs } from '../../../features/dogs/api/get-dogs';
import {
  getOrdersQueryOptions,
  useOrders,
  type Orders,
} from '../../../features/orders/api/get-orders';
import {
  getSubscriptionsQueryOptions,
  useSubscriptions,
} from '../../../features/subscriptions/api/get-subscriptions';
import type { Order } from '../../../features/orders/utils/order-format';
import { getProductsQueryOptions, useProducts } from '../../../features/products/api/get-products';
import { loadQuery } from '../../route-context';

type Needs = { subscriptions?: boolean; dogs?: boolean };

/**
 * An order's edit pages use what deliveries loaded (orders, products, dogs), fetching only what is
 * missing (customer-app.md §2: full-screen edit pages do not reload), and the subscriptions when
 * the page acts on them.
 */
export function orderEditLoader(queryClient: QueryClient, needs: Needs = {}): LoaderFunction {
  return async ({ context }) => {
    await Promise.all([
      loadQuery(queryClient, context, getOrdersQueryOptions(), { reload: false }),
      loadQuery(queryClient, context, getProductsQueryOptions(), { reload: false }),
      needs.dogs && loadQuery(queryClient, context, getDogsQueryOptions(), { reload: false }),
      needs.subscriptions &&
        loadQuery(queryClient, context, getSubscriptionsQueryOptions(), { reload: false }),
    ]);
    return null;
  };
}

/** Every order of GET /orders, failed first. */
export function allOrders(orders: Orders): Order[] {
  return [
    ...orders.failedOrders,
    ...orders.currentOrders,
    ...orders.futureOrders,
    ...orders.pastOrders,
  ];
}

type Query = { data?: unknown; isError: boolean; error: unknown; refetch: () => Promise<unknown> };

/**
 * The order of the route's `orderId` with the data the page needs, or the page in its loading,
 * error or not-found state: `ready` is null until everything is there.
 */
export function useOrderRoute(needs: Needs = {}) {
  const { orderId } = useParams();
  const orders = useOrders();
  const products = useProducts();
  const dogs = useDogs({ queryConfig: { enabled: Boolean(needs.dogs) } });
  const subscriptions = useSubscriptions({ enabled: Boolean(needs.subscriptions) });
  const queries: Query[] = [
    orders,
    products,
    ...(needs.dogs ? [dogs] : []),
    ...(needs.subscriptions ? [subscriptions] : []),
  ];
  const failed = queries.find((query) => query.isError && query.data === undefined);
  const loading = queries.some((query) => query.data === undefined);
  const order = orders.data ? allOrders(orders.data).find((o) => o.id === orderId) : undefined;

  let state: 'loading' | 'error' | 'not-found' | 'ready' = 'ready';
  if (failed) state = 'error';
  else if (loading) state = 'loading';
  else if (!order) state = 'not-found';

  /** The page's frame in the state it is in, or null when ready. */
  const frame = (title: string): ReactNode => {
    if (state === 'ready') return null;
    return (
      <FullScreenPage title={title} back={BACK_TO_DELIVERIES}>
        {state === 'error' ? (
          <PageError error={failed!.error} onRetry={() => failed!.refetch()} />
        ) : state === 'loading' ? (
          <PageLoading />
        ) : (
          <EmptyState title="We couldn’t find that box">
            It may have been delivered or removed. Your deliveries show every box you have.
          </EmptyState>
        )}
      </FullScreenPage>
    );
  };

  return {
    state,
    frame,
    order: order ?? null,
    orders: orders.data,
    products: products.data,
    dogs: dogs.data,
    subscriptions: subscriptions.data,
  };
}

export const BACK_TO_DELIVERIES = { to: paths.deliveries, label: 'Back to deliveries' };

/** An order page for a product type other than treat or supplement (customer-app.md §9). */
export function UnknownProductType({ title }: { title: string }) {
  return (
    <FullScreenPage title={title} back={BACK_TO_DELIVERIES}>
      <EmptyState title="We couldn’t find that page">Boxes have treats and supplements.</EmptyState>
    </FullScreenPage>
  );
}
