import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountRequest, CustomerDog as Dog } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';
import { dogCall } from './dog-api-error';
import { getDogsQueryOptions } from './get-dogs';

/** POST /api/v1/dogs: answers the new dog. */
export function addDog(body: AccountRequest<'addDog'>): Promise<Dog> {
  return dogCall(api.post<Dog>('/dogs', body));
}

export function useAddDog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDog,
    onSuccess: (dog) => {
      queryClient.setQueryData(getDogsQueryOptions().queryKey, (dogs) =>
        dogs ? [...dogs, dog] : dogs,
      );
    },
  });
}
