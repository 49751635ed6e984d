import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountResponse } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';
import { getOrdersQueryOptions } from './get-orders';

export type ChargeResult = AccountResponse<'retryPayment'>;

/**
 * POST /api/v1/payment/retry: charge one failed order now, with the default card. Answers how it
 * ended: charged, declined (with the card provider's reason) or already paid.
 */
export function retryPayment(orderId: string): Promise<ChargeResult> {
  return api.post<ChargeResult>('/payment/retry', { orderId });
}

/** Retries a failed payment; the orders are loaded again once the payment went through. */
export function useRetryPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryPayment,
    onSuccess: (result) => {
      if (result.outcome === 'declined') return;
      return queryClient.invalidateQueries({ queryKey: getOrdersQueryOptions().queryKey });
    },
  });
}
