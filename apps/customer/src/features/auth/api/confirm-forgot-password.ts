import { useMutation } from '@tanstack/react-query';
import type { AccountRequest, AccountResponse } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';

/** POST /api/v1/confirm-forgot-password: sets a new password with the e-mailed code. */
export function confirmForgotPassword(
  body: AccountRequest<'confirmForgotPassword'>,
): Promise<AccountResponse<'confirmForgotPassword'>> {
  return api.post<AccountResponse<'confirmForgotPassword'>>('/confirm-forgot-password', body, {
    auth: false,
  });
}

export function useConfirmForgotPassword() {
  return useMutation({ mutationFn: confirmForgotPassword });
}
