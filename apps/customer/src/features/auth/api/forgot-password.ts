import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api';
import type { ForgotPasswordRequest, SuccessResponse } from '../../../types/api';

/** POST /api/v1/forgot-password: e-mails a reset code. */
export function forgotPassword(body: ForgotPasswordRequest): Promise<SuccessResponse> {
  return api.post<SuccessResponse>('/forgot-password', body, { auth: false });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
