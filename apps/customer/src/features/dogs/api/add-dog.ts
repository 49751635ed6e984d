import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api';
import type { AddDogRequest, Dog } from '../../../types/api';
import { dogCall } from './dog-api-error';
import { getDogsQueryOptions } from './get-dogs';

/** POST /api/v1/dogs: answers the new dog. */
export function addDog(body: AddDogRequest): Promise<Dog> {
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
