import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountResponse, CustomerSubscription } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';
import { SUBSCRIPTIONS_QUERY_KEY } from '../../../lib/query-keys';

export type Subscription = CustomerSubscription;

/** GET /api/v1/subscriptions: the customer's subscriptions with feeding plans and extras. */
export function getSubscriptions({ signal }: { signal?: AbortSignal } = {}) {
  return api.get<AccountResponse<'getSubscriptions'>>('/subscriptions', { signal });
}

export function getSubscriptionsQueryOptions() {
  return queryOptions({
    queryKey: SUBSCRIPTIONS_QUERY_KEY,
    queryFn: ({ signal }) => getSubscriptions({ signal }),
  });
}

export function useSubscriptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getSubscriptionsQueryOptions(), enabled });
}

/** The subscription the order pages act on (customer-app.md §4: status active). */
export function activeSubscription(
  data: AccountResponse<'getSubscriptions'> | undefined,
): Subscription | null {
  return data?.subscriptions.find((subscription) => subscription.status === 'active') ?? null;
}

/**
 * The subscription the app acts on (customer-app.md §4: the active one), else the paused or
 * cancelled one the customer may restart.
 */
export function currentSubscription(
  subscriptions: readonly Subscription[] | undefined,
): Subscription | undefined {
  if (!subscriptions) return undefined;
  for (const status of ['active', 'paused', 'cancelled'] as const) {
    const found = subscriptions.find((s) => s.status === status);
    if (found) return found;
  }
  return undefined;
}
