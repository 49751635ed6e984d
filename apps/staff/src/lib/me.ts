import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { StaffResponse } from '@pawfresh/contracts/staff';
import type { Permission } from '@pawfresh/contracts/staff-roles';

import { api } from './api';

/** The signed-in member of staff with their permissions: what the app shows and hides by. */
export const meQuery = () =>
  queryOptions({
    queryKey: ['me'],
    queryFn: ({ signal }) => api.get<StaffResponse<'me'>>('/me', { signal }),
    staleTime: 5 * 60_000,
  });

export function useMe() {
  const { data } = useSuspenseQuery(meQuery());
  return {
    me: data,
    can: (permission: Permission) => data.permissions.includes(permission),
  };
}
