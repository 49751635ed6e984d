import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountRequest, AccountResponse } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';
import { getOrdersQueryOptions } from './get-orders';

export type DeliveryInfoAnswer = AccountResponse<'updateDeliveryInfo'>;

/**
 * POST /api/v1/orders/{orderId}/delivery-info: an order's address and/or date and slot (the date
 * checked against the courier for the address; docs/order-changes.md "Delivery info").
 */
export function updateDeliveryInfo(
  orderId: string,
  body: AccountRequest<'updateDeliveryInfo'>,
): Promise<DeliveryInfoAnswer> {
  return api.post<DeliveryInfoAnswer>(`/orders/${encodeURIComponent(orderId)}/delivery-info`, body);
}

/** The orders are marked out of date after every call, so deliveries shows them as they now are. */
export function useUpdateDeliveryInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      orderId,
      body,
    }: {
      orderId: string;
      body: AccountRequest<'updateDeliveryInfo'>;
    }) => updateDeliveryInfo(orderId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: getOrdersQueryOptions().queryKey }),
  });
}
