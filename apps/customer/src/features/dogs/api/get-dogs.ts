import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerDog as Dog } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/react-query';
import { dogCall } from './dog-api-error';

/** GET /api/v1/dogs: the customer's dogs. */
export function getDogs({ signal }: { signal?: AbortSignal } = {}): Promise<Dog[]> {
  return dogCall(api.get<Dog[]>('/dogs', { signal }));
}

export function getDogsQueryOptions() {
  return queryOptions({
    queryKey: ['dogs', 'list'],
    queryFn: ({ signal }) => getDogs({ signal }),
  });
}

type UseDogsOptions = {
  queryConfig?: QueryConfig<typeof getDogsQueryOptions>;
};

export function useDogs({ queryConfig }: UseDogsOptions = {}) {
  return useQuery({ ...getDogsQueryOptions(), ...queryConfig });
}
