import { queryOptions } from '@tanstack/react-query';
import type { StaffUserStatus } from '@pawfresh/contracts/identity';
import type { StaffResponse } from '@pawfresh/contracts/staff';
import type { StaffRole } from '@pawfresh/contracts/staff-roles';

import { api } from '../../lib/api';

/** The staff users list's filters, as the URL holds them. */
export interface StaffUserFilters {
  q?: string | undefined;
  role?: StaffRole | undefined;
  status?: StaffUserStatus | undefined;
}

/** Every query of the users page starts with this key: what an action reads again. */
export const STAFF_USERS_KEY = ['staff-users'] as const;

/** One page of members of staff, by last then first name. */
export const staffUsersQuery = (filters: StaffUserFilters, offset: number, limit: number) =>
  queryOptions({
    queryKey: [
      ...STAFF_USERS_KEY,
      filters.q ?? '',
      filters.role ?? '',
      filters.status ?? '',
      offset,
      limit,
    ],
    queryFn: ({ signal }) =>
      api.get<StaffResponse<'listStaffUsers'>>('/users', {
        params: {
          ...(filters.q ? { q: filters.q } : {}),
          ...(filters.role ? { role: filters.role } : {}),
          ...(filters.status ? { status: filters.status } : {}),
          offset,
          limit,
        },
        signal,
      }),
  });
