import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { StaffResponse } from '@pawfresh/contracts/staff';

import { api } from '../../lib/api';

/** Each kitchen's boxes per day, two weeks from `fromDate` (today without it). */
export const boxForecastQuery = (fromDate: string | undefined) =>
  queryOptions({
    queryKey: ['forecast', 'boxes', fromDate ?? null],
    queryFn: ({ signal }) =>
      api.get<StaffResponse<'boxForecast'>>('/forecast', { params: { fromDate }, signal }),
    placeholderData: keepPreviousData,
  });

/** A kitchen's units per product per make date, with the days each runs short. */
export const stockMonitorQuery = (facilityId: number | undefined, fromDate: string | undefined) =>
  queryOptions({
    queryKey: ['forecast', 'stock', facilityId ?? null, fromDate ?? null],
    queryFn: ({ signal }) =>
      api.get<StaffResponse<'stockMonitor'>>('/stock', {
        params: { facilityId, fromDate },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** What a rebalance moves changes both: read again after one. */
export const FORECAST_KEY = ['forecast'] as const;
