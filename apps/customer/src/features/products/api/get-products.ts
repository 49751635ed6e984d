import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api';
import { UNEXPECTED_SERVER_ERROR } from '../../../lib/api-client';
import type { QueryConfig } from '../../../lib/react-query';
import type { ProductsResponse } from '../../../types/api';

export async function getProducts({
  signal,
}: { signal?: AbortSignal } = {}): Promise<ProductsResponse> {
  const products = await api.get<ProductsResponse>('/products', {
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
