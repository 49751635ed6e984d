import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';

import { getOrdersQueryOptions } from '../../../features/orders/api/get-orders';
import {
  currentSubscription,
  getSubscriptionsQueryOptions,
  useSubscriptions,
  type Subscription,
} from '../../../features/subscriptions/api/get-subscriptions';
import { loadQuery } from '../../route-context';

/** The plan pages of the account (cancel, pause) need the subscription as it is now. */
export function accountPlanLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ context }) => {
    await Promise.all([
      loadQuery(queryClient, context, getSubscriptionsQueryOptions(), { reload: true }),
      loadQuery(queryClient, context, getOrdersQueryOptions(), { reload: false }),
    ]);
    return null;
  };
}

export type AccountPlanData =
  | { status: 'loading' }
  | { status: 'error'; error: unknown; retry: () => Promise<unknown> }
  | { status: 'ready'; subscription: Subscription | undefined };

export function useAccountPlan(): AccountPlanData {
  const subscriptions = useSubscriptions();
  if (subscriptions.data) {
    return { status: 'ready', subscription: currentSubscription(subscriptions.data.subscriptions) };
  }
  if (subscriptions.isError) {
    return { status: 'error', error: subscriptions.error, retry: () => subscriptions.refetch() };
  }
  return { status: 'loading' };
}
