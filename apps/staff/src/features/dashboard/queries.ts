import { queryOptions } from '@tanstack/react-query';
import type { StaffResponse } from '@pawfresh/contracts/staff';

import { api } from '../../lib/api';

/** The home page's numbers, read again every minute while the page is open. */
export const homeDashboardQuery = () =>
  queryOptions({
    queryKey: ['dashboard', 'home'],
    queryFn: ({ signal }) => api.get<StaffResponse<'homeDashboard'>>('/dashboard', { signal }),
    refetchInterval: 60_000,
  });
