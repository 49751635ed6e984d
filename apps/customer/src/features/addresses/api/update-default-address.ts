import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api';
import type { PutDefaultAddressRequest, SuccessResponse } from '../../../types/api';
import { getDefaultAddressQueryOptions } from './get-default-address';

/** PUT /api/v1/addresses/default */
export function updateDefaultAddress(body: PutDefaultAddressRequest): Promise<SuccessResponse> {
  return api.put<SuccessResponse>('/addresses/default', body);
}

export function useUpdateDefaultAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDefaultAddress,
    // The answer has no address in it: mark the cached one out of date, so the next page that
    // shows it waits for the new one.
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getDefaultAddressQueryOptions().queryKey }),
  });
}
