import { useMutation } from '@tanstack/react-query';
import type { AccountRequest, AccountResponse } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';

/**
 * POST /api/v1/reset-password: change the password, given the current one. A wrong current
 * password answers 401 with the server's message; the API client then refreshes the session once,
 * retries, and reports that 401 (it does not sign the person out).
 */
export function resetPassword(
  body: AccountRequest<'resetPassword'>,
): Promise<AccountResponse<'resetPassword'>> {
  return api.post<AccountResponse<'resetPassword'>>('/reset-password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
