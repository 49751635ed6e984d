import { useMutation } from '@tanstack/react-query';
import type { AccountRequest, AccountResponse } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';
import { session } from '../../../lib/auth/session';

/**
 * POST /api/v1/reset-password: change the password, given the current one. A wrong current
 * password answers 401 with the server's message; the API client then refreshes the session once,
 * retries, and reports that 401 (it does not sign the person out). Its answer sets a new refresh
 * cookie, so sign-out waits for it (session.track).
 */
export function resetPassword(
  body: AccountRequest<'resetPassword'>,
): Promise<AccountResponse<'resetPassword'>> {
  return session.track(api.post<AccountResponse<'resetPassword'>>('/reset-password', body));
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
