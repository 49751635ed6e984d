import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountResponse } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';

export type Subscriptions = AccountResponse<'getSubscriptions'>;
export type Subscription = Subscriptions['subscriptions'][number];

/** GET /api/v1/subscriptions: the customer's subscriptions with their feeding plans and extras. */
export function getSubscriptions({ signal }: { signal?: AbortSignal } = {}) {
  return api.get<Subscriptions>('/subscriptions', { signal });
}

export function getSubscriptionsQueryOptions() {
  return queryOptions({
    queryKey: ['subscriptions'],
    queryFn: ({ signal }) => getSubscriptions({ signal }),
  });
}

export function useSubscriptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getSubscriptionsQueryOptions(), enabled });
}

/** The subscription the app acts on (customer-app.md §4: status active). */
export function activeSubscription(data: Subscriptions | undefined): Subscription | null {
  return data?.subscriptions.find((subscription) => subscription.status === 'active') ?? null;
}
