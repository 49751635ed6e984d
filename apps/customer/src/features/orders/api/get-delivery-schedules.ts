import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountResponse } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';

export type DeliverySchedule = AccountResponse<'getDeliverySchedules'>;

export type ScheduleQuery = { postCode: string; suburb: string; fromDate: string; toDate: string };

/**
 * GET /api/v1/couriers/delivery-schedules: for each date of the range (at most 31 days), the slots
 * the courier delivers to the address in (0 none, 1 AM, 2 PM, 3 both).
 */
export function getDeliverySchedules(
  query: ScheduleQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<DeliverySchedule> {
  return api.get<DeliverySchedule>('/couriers/delivery-schedules', { params: query, signal });
}

export function getDeliverySchedulesQueryOptions(query: ScheduleQuery) {
  return queryOptions({
    queryKey: ['delivery-schedules', query],
    queryFn: ({ signal }) => getDeliverySchedules(query, { signal }),
  });
}

export function useDeliverySchedules(query: ScheduleQuery | null) {
  return useQuery({
    ...getDeliverySchedulesQueryOptions(
      query ?? { postCode: '', suburb: '', fromDate: '', toDate: '' },
    ),
    enabled: query !== null,
  });
}
