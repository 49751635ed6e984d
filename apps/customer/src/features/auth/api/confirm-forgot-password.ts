import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api';
import type { ConfirmForgotPasswordRequest, SuccessResponse } from '../../../types/api';

/** POST /api/v1/confirm-forgot-password: sets a new password with the e-mailed code. */
export function confirmForgotPassword(
  body: ConfirmForgotPasswordRequest,
): Promise<SuccessResponse> {
  return api.post<SuccessResponse>('/confirm-forgot-password', body, { auth: false });
}

export function useConfirmForgotPassword() {
  return useMutation({ mutationFn: confirmForgotPassword });
}
