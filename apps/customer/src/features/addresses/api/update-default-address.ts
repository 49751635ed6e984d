import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountRequest, AccountResponse } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';
import { getDefaultAddressQueryOptions } from './get-default-address';

/** PUT /api/v1/addresses/default */
export function updateDefaultAddress(
  body: AccountRequest<'putDefaultAddress'>,
): Promise<AccountResponse<'putDefaultAddress'>> {
  return api.put<AccountResponse<'putDefaultAddress'>>('/addresses/default', body);
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
