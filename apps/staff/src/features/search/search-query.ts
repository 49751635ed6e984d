import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffResponse } from '@pawfresh/contracts/staff';

import { api } from '../../lib/api';

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: ['search', q],
    queryFn: ({ signal }) => api.get<StaffResponse<'search'>>('/search', { params: { q }, signal }),
    staleTime: 10_000,
  });

/** The results for what is typed (trimmed); nothing is asked for an empty box. */
export function useSearch(q: string) {
  const text = q.trim();
  return useQuery({
    ...searchQuery(text),
    enabled: text !== '',
    // The previous answer stays while the next is on its way, so the list does not flash.
    placeholderData: keepPreviousData,
  });
}

export const MATCHED_LABEL: Record<StaffResponse<'search'>['data'][number]['matched'], string> = {
  orderNumber: 'Order number',
  email: 'E-mail',
  name: 'Name',
  phone: 'Phone',
  customerId: 'Customer id',
  invoiceNumber: 'Invoice number',
  serialNumber: 'Box serial number',
  trackingNumber: 'Tracking number',
};
