import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DogMetadata } from '@pawfresh/contracts/dogs';

import { api } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/react-query';
import { dogCall } from './dog-api-error';

/** GET /api/v1/dogs/metadata: breeds, health issues, food types and food allergens. */
export function getDogsMetadata({ signal }: { signal?: AbortSignal } = {}): Promise<DogMetadata> {
  return dogCall(api.get<DogMetadata>('/dogs/metadata', { signal }));
}

export function getDogsMetadataQueryOptions() {
  return queryOptions({
    queryKey: ['dog-metadata'],
    queryFn: ({ signal }) => getDogsMetadata({ signal }),
    // Reference data: it changes when staff edit the lists, not while someone fills in a form.
    staleTime: 60 * 60 * 1000,
  });
}

type UseDogsMetadataOptions = {
  queryConfig?: QueryConfig<typeof getDogsMetadataQueryOptions>;
};

export function useDogsMetadata({ queryConfig }: UseDogsMetadataOptions = {}) {
  return useQuery({ ...getDogsMetadataQueryOptions(), ...queryConfig });
}
