import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountResponse } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';

export type DeliveryOptions = AccountResponse<'getDeliveryOptions'>;

/**
 * GET /api/v1/orders/{orderId}/delivery-options: the days and slots the server will move this box
 * to, each with its cut-off (instant and words) and whether it is accepted now. The server's dates
 * rule decides (docs/customer-delivery-changes.md); the page does not guess.
 */
export function getDeliveryOptions(
  orderId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<DeliveryOptions> {
  return api.get<DeliveryOptions>(`/orders/${orderId}/delivery-options`, { signal });
}

export function getDeliveryOptionsQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: ['delivery-options', orderId],
    queryFn: ({ signal }) => getDeliveryOptions(orderId, { signal }),
    // A cut-off passes while the page is open: ask again rather than keep an old answer.
    staleTime: 0,
  });
}

export function useDeliveryOptions(orderId: string) {
  return useQuery(getDeliveryOptionsQueryOptions(orderId));
}
