import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountResponse } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';
import { UNEXPECTED_SERVER_ERROR } from '../../../lib/api-client';
import type { QueryConfig } from '../../../lib/react-query';

export async function getProducts({ signal }: { signal?: AbortSignal } = {}): Promise<
  AccountResponse<'getProducts'>
> {
  const products = await api.get<AccountResponse<'getProducts'>>('/products', {
    signal,
    fallbackMessage: UNEXPECTED_SERVER_ERROR,
  });
  if (products.meals.length + products.treats.length + products.supplements.length === 0) {
    // customer-app.md §8: an empty product load is logged, not shown.
    console.warn('No products loaded');
  }
  return products;
}

export function getProductsQueryOptions() {
  return queryOptions({
    queryKey: ['products'],
    queryFn: ({ signal }) => getProducts({ signal }),
  });
}

type UseProductsOptions = {
  queryConfig?: QueryConfig<typeof getProductsQueryOptions>;
};

export function useProducts({ queryConfig }: UseProductsOptions = {}) {
  return useQuery({ ...getProductsQueryOptions(), ...queryConfig });
}
