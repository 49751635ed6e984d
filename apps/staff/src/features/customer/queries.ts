import { queryOptions } from '@tanstack/react-query';
import type { StaffResponse } from '@pawfresh/contracts/staff';

import { api } from '../../lib/api';

export const customerOrdersQuery = (id: string, offset: number) =>
  queryOptions({
    queryKey: ['customer', id, 'orders', offset],
    queryFn: ({ signal }) =>
      api.get<StaffResponse<'customerOrders'>>(`/customers/${id}/orders`, {
        params: { offset, limit: PAGE_SIZE },
        signal,
      }),
  });

export const customerPaymentsQuery = (id: string, offset: number) =>
  queryOptions({
    queryKey: ['customer', id, 'payments', offset],
    queryFn: ({ signal }) =>
      api.get<StaffResponse<'customerPayments'>>(`/customers/${id}/payments`, {
        params: { offset, limit: PAGE_SIZE },
        signal,
      }),
  });

export const customerTimelineQuery = (id: string, offset: number) =>
  queryOptions({
    queryKey: ['customer', id, 'timeline', offset],
    queryFn: ({ signal }) =>
      api.get<StaffResponse<'customerTimeline'>>(`/customers/${id}/timeline`, {
        params: { offset, limit: PAGE_SIZE },
        signal,
      }),
  });

export const PAGE_SIZE = 10;

export const customerOverviewQuery = (id: string) =>
  queryOptions({
    queryKey: ['customer', id, 'overview'],
    queryFn: ({ signal }) =>
      api.get<StaffResponse<'customerOverview'>>(`/customers/${id}/overview`, { signal }),
  });

/** The days and slots a box may move to: what the customer app's date picker offers. */
export const deliveryOptionsQuery = (customerId: string, orderId: string) =>
  queryOptions({
    queryKey: ['customer', customerId, 'delivery-options', orderId],
    queryFn: ({ signal }) =>
      api.get<StaffResponse<'deliveryOptions'>>(
        `/customers/${customerId}/orders/${orderId}/delivery-options`,
        { signal },
      ),
  });

/** The reasons a subscription may be cancelled for (the customer app's list). */
export const cancelReasonsQuery = () =>
  queryOptions({
    queryKey: ['cancel-reasons'],
    queryFn: ({ signal }) => api.get<StaffResponse<'cancelReasons'>>('/cancel-reasons', { signal }),
    staleTime: 60 * 60_000,
  });
