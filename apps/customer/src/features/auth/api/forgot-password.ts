import { useMutation } from '@tanstack/react-query';
import type { AccountRequest, AccountResponse } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';

/** POST /api/v1/forgot-password: e-mails a reset code. */
export function forgotPassword(
  body: AccountRequest<'forgotPassword'>,
): Promise<AccountResponse<'forgotPassword'>> {
  return api.post<AccountResponse<'forgotPassword'>>('/forgot-password', body, { auth: false });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
