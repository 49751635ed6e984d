import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountResponse } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';

export type CancelReason = AccountResponse<'getCancelReasons'>[number];

/** GET /api/v1/cancel-reasons: why a customer may cancel, each with its finer reasons. */
export function getCancelReasons({ signal }: { signal?: AbortSignal } = {}) {
  return api.get<AccountResponse<'getCancelReasons'>>('/cancel-reasons', { signal });
}

export function getCancelReasonsQueryOptions() {
  return queryOptions({
    queryKey: ['cancel-reasons'],
    queryFn: ({ signal }) => getCancelReasons({ signal }),
    staleTime: 60 * 60 * 1000,
  });
}

export function useCancelReasons() {
  return useQuery(getCancelReasonsQueryOptions());
}

/** By display order (the ones without one last), then by description. */
export function sortReasons<T extends { displayOrder: number | null; description: string }>(
  reasons: readonly T[],
): T[] {
  return [...reasons].sort(
    (a, b) =>
      (a.displayOrder ?? Number.MAX_SAFE_INTEGER) - (b.displayOrder ?? Number.MAX_SAFE_INTEGER) ||
      a.description.localeCompare(b.description),
  );
}
