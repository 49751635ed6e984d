import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { StaffResponse } from '@pawfresh/contracts/staff';

import { api } from '../../lib/api';

/** How often the board reads the floor again while it is on screen. */
export const BOARD_REFRESH_MS = 5_000;

/** A kitchen's make date, read again every few seconds: the kitchen moves on by itself. */
export const packingBoardQuery = (facilityId: number | undefined, makeDate: string | undefined) =>
  queryOptions({
    queryKey: ['packing', 'board', facilityId ?? null, makeDate ?? null],
    queryFn: ({ signal }) =>
      api.get<StaffResponse<'packingBoard'>>('/packing', {
        params: { facilityId, makeDate },
        signal,
      }),
    // Another kitchen or day keeps the board on screen until it arrives; a refresh replaces
    // the data in place (rows keyed by id), so the list and its scroll stay where they were.
    placeholderData: keepPreviousData,
    refetchInterval: BOARD_REFRESH_MS,
  });
