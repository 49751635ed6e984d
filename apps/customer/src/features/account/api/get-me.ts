import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/react-query';

/** GET /api/v1/me: the signed-in customer. */
export function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<Profile> {
  return api.get<Profile>('/me', { signal });
}

export function getMeQueryOptions() {
  return queryOptions({
    queryKey: ['me'],
    queryFn: ({ signal }) => getMe({ signal }),
  });
}

type UseMeOptions = {
  queryConfig?: QueryConfig<typeof getMeQueryOptions>;
};

export function useMe({ queryConfig }: UseMeOptions = {}) {
  return useQuery({ ...getMeQueryOptions(), ...queryConfig });
}
