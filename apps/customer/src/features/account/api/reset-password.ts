import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api';
import type { ResetPasswordRequest, SuccessResponse } from '../../../types/api';

/**
 * POST /api/v1/reset-password: change the password, given the current one. A wrong current
 * password answers 401 with the server's message; the API client then refreshes the session once,
 * retries, and reports that 401 (it does not sign the person out).
 */
export function resetPassword(body: ResetPasswordRequest): Promise<SuccessResponse> {
  return api.post<SuccessResponse>('/reset-password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
