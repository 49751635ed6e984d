import { queryOptions } from '@tanstack/react-query';
import type { StaffResponse } from '@pawfresh/contracts/staff';

import { api } from '../../lib/api';

/** How often the page reads a running bulk migration again. */
const POLL_MS = 1000;

/** Each cohort counted by migration status (read again while a run goes). */
export const cohortsQuery = () =>
  queryOptions({
    queryKey: ['migration', 'cohorts'],
    queryFn: ({ signal }) =>
      api.get<StaffResponse<'migrationCohorts'>>('/migration/cohorts', { signal }),
  });

/** The latest bulk migrations and reverts. */
export const migrationRunsQuery = () =>
  queryOptions({
    queryKey: ['migration', 'runs'],
    queryFn: ({ signal }) => api.get<StaffResponse<'migrationRuns'>>('/migration/runs', { signal }),
  });

/** One bulk run, read every second until it has ended. */
export const migrationRunQuery = (workflowId: string) =>
  queryOptions({
    queryKey: ['migration', 'run', workflowId],
    queryFn: ({ signal }) =>
      api.get<StaffResponse<'migrationRun'>>(`/migration/runs/${encodeURIComponent(workflowId)}`, {
        signal,
      }),
    refetchInterval: (q) => (q.state.data?.finished ? false : POLL_MS),
  });

/** One legacy customer's migration record, by e-mail. */
export const migrationCustomerQuery = (email: string) =>
  queryOptions({
    queryKey: ['migration', 'customer', email],
    queryFn: ({ signal }) =>
      api.get<StaffResponse<'migrationCustomer'>>('/migration/customers', {
        params: { email },
        signal,
      }),
    // A customer who is not in the legacy system is an answer, not a failure to retry.
    retry: false,
  });
