import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountRequest, CustomerDogProfileChange } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';
import { dogCall } from './dog-api-error';
import { getDogsQueryOptions } from './get-dogs';
import { replaceCachedDog } from './update-dog';

/**
 * POST /api/v1/dog/update-profile: answers the updated dog, with the daily portion its new
 * profile calls for when that is another one (`portionOffer`; the plan is not changed).
 */
export function updateDogProfile(
  body: AccountRequest<'updateDogProfile'>,
): Promise<CustomerDogProfileChange> {
  return dogCall(api.post<CustomerDogProfileChange>('/dog/update-profile', body));
}

export function useUpdateDogProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDogProfile,
    onSuccess: ({ portionOffer: _offer, ...dog }) => {
      queryClient.setQueryData(getDogsQueryOptions().queryKey, (dogs) =>
        replaceCachedDog(dogs, dog),
      );
    },
  });
}
