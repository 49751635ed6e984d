import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountResponse } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';

export type PastOrdersPage = AccountResponse<'getPastOrders'>;

/** The contract's largest page (pastOrdersQuery: limit 1 to 10). */
export const PAST_ORDERS_PAGE_SIZE = 10;

/** GET /api/v1/orders/past?offset&limit: the order history, newest first. */
export function getPastOrders(
  { offset, limit }: { offset: number; limit: number },
  { signal }: { signal?: AbortSignal } = {},
): Promise<PastOrdersPage> {
  return api.get<PastOrdersPage>('/orders/past', {
    signal,
    params: { offset: String(offset), limit: String(limit) },
  });
}

export function getPastOrdersQueryOptions(page: number) {
  const offset = (page - 1) * PAST_ORDERS_PAGE_SIZE;
  return queryOptions({
    queryKey: ['orders', 'past', page],
    queryFn: ({ signal }) => getPastOrders({ offset, limit: PAST_ORDERS_PAGE_SIZE }, { signal }),
  });
}

/** One page of the history; the previous page stays on screen while the next one loads. */
export function usePastOrders(page: number) {
  return useQuery({ ...getPastOrdersQueryOptions(page), placeholderData: keepPreviousData });
}
