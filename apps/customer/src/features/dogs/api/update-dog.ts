import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountRequest, CustomerDog as Dog } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';
import { dogCall } from './dog-api-error';
import { getDogsQueryOptions } from './get-dogs';

export type UpdateDogVariables = { dogId: string } & AccountRequest<'updateDog'>;

/** PATCH /api/v1/dogs/{id}: answers the updated dog. */
export function updateDog({ dogId, dog }: UpdateDogVariables): Promise<Dog> {
  return dogCall(api.patch<Dog>(`/dogs/${encodeURIComponent(dogId)}`, { dog }));
}

/** Puts an updated dog in the cached list. */
export function replaceCachedDog(dogs: Dog[] | undefined, updated: Dog): Dog[] | undefined {
  return dogs?.map((dog) => (dog.identifier === updated.identifier ? updated : dog));
}

export function useUpdateDog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDog,
    onSuccess: (dog) => {
      queryClient.setQueryData(getDogsQueryOptions().queryKey, (dogs) =>
        replaceCachedDog(dogs, dog),
      );
    },
  });
}
