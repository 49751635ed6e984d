import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api';
import type { Profile, UpdateMeRequest } from '../../../types/api';
import { getMeQueryOptions } from './get-me';

/** PATCH /api/v1/me: answers the updated profile. */
export function updateMe(body: UpdateMeRequest): Promise<Profile> {
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
