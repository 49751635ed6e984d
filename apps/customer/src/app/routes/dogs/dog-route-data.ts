import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import type { CustomerDog as Dog } from '@pawfresh/contracts/account';
import type { DogMetadata } from '@pawfresh/contracts/dogs';

import { getDogsQueryOptions, useDogs } from '../../../features/dogs/api/get-dogs';
import {
  getDogsMetadataQueryOptions,
  useDogsMetadata,
} from '../../../features/dogs/api/get-dogs-metadata';
import { loadQuery } from '../../route-context';

/** The edit pages of one dog need the dogs (cached from /dogs) and the reference data. */
export function dogEditLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ context }) => {
    await Promise.all([
      loadQuery(queryClient, context, getDogsQueryOptions(), { reload: false }),
      loadQuery(queryClient, context, getDogsMetadataQueryOptions(), { reload: false }),
    ]);
    return null;
  };
}

export type DogRouteData =
  | { status: 'loading' }
  | { status: 'error'; error: unknown; retry: () => Promise<unknown> }
  | { status: 'not-found' }
  | { status: 'ready'; dog: Dog; metadata: DogMetadata };

/** The dog of the route's `animalId` and the reference data, or why they are not there. */
export function useDogRouteData(animalId: string | undefined): DogRouteData {
  const dogs = useDogs();
  const metadata = useDogsMetadata();
  if (dogs.isError && !dogs.data)
    return { status: 'error', error: dogs.error, retry: () => dogs.refetch() };
  if (metadata.isError && !metadata.data)
    return { status: 'error', error: metadata.error, retry: () => metadata.refetch() };
  if (!dogs.data || !metadata.data) return { status: 'loading' };
  const dog = dogs.data.find((candidate) => candidate.identifier === animalId);
  if (!dog) return { status: 'not-found' };
  return { status: 'ready', dog, metadata: metadata.data };
}
