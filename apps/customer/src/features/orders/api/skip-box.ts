import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountResponse } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';
import { getOrdersQueryOptions } from './get-orders';

export type SkipAnswer = AccountResponse<'skipOrder'>;

/**
 * POST /api/v1/orders/{orderId}/skip or /unskip with the box's version as read (docs/skipping.md):
 * the box as it is now and the box charged next.
 */
export function changeSkip(orderId: string, version: number, skip: boolean): Promise<SkipAnswer> {
  return api.post<SkipAnswer>(
    `/orders/${encodeURIComponent(orderId)}/${skip ? 'skip' : 'unskip'}`,
    { version },
  );
}

/** Skips a box, or takes the skip back; the orders are read again after, whatever happened. */
export function useChangeSkip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, version, skip }: { orderId: string; version: number; skip: boolean }) =>
      changeSkip(orderId, version, skip),
    onSettled: () => queryClient.invalidateQueries({ queryKey: getOrdersQueryOptions().queryKey }),
  });
}
