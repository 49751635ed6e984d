import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountRequest, Profile } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';
import { getMeQueryOptions } from './get-me';

/** PATCH /api/v1/me: answers the updated profile. */
export function updateMe(body: AccountRequest<'updateMe'>): Promise<Profile> {
  return api.patch<Profile>('/me', body);
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (profile) => {
      queryClient.setQueryData(getMeQueryOptions().queryKey, profile);
    },
  });
}
