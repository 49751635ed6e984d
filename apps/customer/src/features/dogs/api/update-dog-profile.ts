import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountRequest, CustomerDog as Dog } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';
import { dogCall } from './dog-api-error';
import { getDogsQueryOptions } from './get-dogs';
import { replaceCachedDog } from './update-dog';

/** POST /api/v1/dog/update-profile: answers the updated dog. */
export function updateDogProfile(body: AccountRequest<'updateDogProfile'>): Promise<Dog> {
  return dogCall(api.post<Dog>('/dog/update-profile', body));
}

export function useUpdateDogProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDogProfile,
    onSuccess: (dog) => {
      queryClient.setQueryData(getDogsQueryOptions().queryKey, (dogs) =>
        replaceCachedDog(dogs, dog),
      );
    },
  });
}
