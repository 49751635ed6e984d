import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Address } from '@pawfresh/contracts/fields';

import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import type { QueryConfig } from '../../../lib/react-query';

/** GET /api/v1/addresses/default. A customer without one (404) gets null, not an error. */
export async function getDefaultAddress({
  signal,
}: { signal?: AbortSignal } = {}): Promise<Address | null> {
  try {
    return await api.get<Address>('/addresses/default', { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function getDefaultAddressQueryOptions() {
  return queryOptions({
    queryKey: ['addresses', 'default'],
    queryFn: ({ signal }) => getDefaultAddress({ signal }),
  });
}

type UseDefaultAddressOptions = {
  queryConfig?: QueryConfig<typeof getDefaultAddressQueryOptions>;
};

export function useDefaultAddress({ queryConfig }: UseDefaultAddressOptions = {}) {
  return useQuery({ ...getDefaultAddressQueryOptions(), ...queryConfig });
}
