import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { RunStatusFilter } from '@pawfresh/contracts/orchestration';
import type { StaffResponse } from '@pawfresh/contracts/staff';

import { api } from '../../lib/api';

/** The runs list's filters, as the URL holds them. */
export interface RunFilters {
  name?: string | undefined;
  status?: RunStatusFilter | undefined;
}

const listRuns = (filters: RunFilters, offset: number, limit: number, signal: AbortSignal) =>
  api.get<StaffResponse<'listRuns'>>('/runs', {
    params: {
      ...(filters.name ? { name: filters.name } : {}),
      ...(filters.status ? { status: filters.status } : {}),
      offset,
      limit,
    },
    signal,
  });

/** One page of runs, newest first, for a table (its total capped at the server's count). */
export const runsQuery = (filters: RunFilters, offset: number, limit: number) =>
  queryOptions({
    queryKey: ['runs', 'list', filters.name ?? '', filters.status ?? '', offset, limit],
    queryFn: async ({ signal }) => {
      const { data, meta } = await listRuns(filters, offset, limit, signal);
      // Tables key their rows by id: a run's.
      return {
        data: data.map((run) => ({ ...run, id: run.workflowId })),
        meta: { total: meta.total, offset: meta.offset, limit: meta.limit },
      };
    },
  });

/** How many runs failed (the home page's count): one row asked for, the total read. */
export const failedRunsCountQuery = () =>
  queryOptions({
    queryKey: ['runs', 'failed-count'],
    queryFn: async ({ signal }) => (await listRuns({ status: 'failed' }, 0, 1, signal)).meta,
  });

/** One run, with its steps from `stepsOffset` (the server shows RUN_STEPS_SHOWN at a time). */
export const runQuery = (workflowId: string, stepsOffset = 0) =>
  queryOptions({
    queryKey: ['runs', 'one', workflowId, stepsOffset],
    queryFn: ({ signal }) =>
      api.get<StaffResponse<'getRun'>>(`/runs/${encodeURIComponent(workflowId)}`, {
        params: { stepsOffset },
        signal,
      }),
    // Another page of steps keeps the run on screen until it arrives.
    placeholderData: keepPreviousData,
    // A run still going moves on by itself: read it again while it does.
    refetchInterval: (query) =>
      query.state.data && ['PENDING', 'ENQUEUED'].includes(query.state.data.status) ? 2_000 : false,
  });
