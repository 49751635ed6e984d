import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountResponse } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';
import { ORDERS_QUERY_KEY } from '../../../lib/query-keys';
import type { QueryConfig } from '../../../lib/react-query';

export type Orders = AccountResponse<'getOrders'>;

/** GET /api/v1/orders: past, current, future and failed orders, the selected and next pending ids. */
export function getOrders({ signal }: { signal?: AbortSignal } = {}): Promise<Orders> {
  return api.get<Orders>('/orders', { signal });
}

export function getOrdersQueryOptions() {
  return queryOptions({
    queryKey: ORDERS_QUERY_KEY,
    queryFn: ({ signal }) => getOrders({ signal }),
  });
}

type UseOrdersOptions = {
  queryConfig?: QueryConfig<typeof getOrdersQueryOptions>;
};

export function useOrders({ queryConfig }: UseOrdersOptions = {}) {
  return useQuery({ ...getOrdersQueryOptions(), ...queryConfig });
}
