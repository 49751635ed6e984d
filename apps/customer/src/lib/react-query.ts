import { QueryClient, type DefaultOptions, type QueryClientConfig } from '@tanstack/react-query';

import { ApiError } from './api-client';

/**
 * A client error (4xx) will not fix itself on a retry; a network or server failure might, once.
 * More (TanStack's default is 3 with back-off) kept a failed page on "Loading…" for about 7 s
 * before saying anything (issue 17): the page now says so within a second and offers Retry.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** The one retry comes quickly. */
export const RETRY_DELAY_MS = 300;

export const queryConfig = {
  queries: {
    refetchOnWindowFocus: false,
    staleTime: 60 * 1000,
    retry: shouldRetry,
    retryDelay: RETRY_DELAY_MS,
    // A page whose loader just failed shows the error at once (with Retry) rather than trying
    // again behind "Loading…".
    retryOnMount: false,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  return new QueryClient({ ...config, defaultOptions: config.defaultOptions ?? queryConfig });
}

/** Tests fail fast and never keep timers alive between tests. */
export function createTestQueryClient(): QueryClient {
  return createQueryClient({
    defaultOptions: {
      queries: { ...queryConfig.queries, retry: false, gcTime: Infinity },
      mutations: { retry: false },
    },
  });
}

/** Extra options a feature's query hook accepts on top of its query options (bulletproof-react style). */
export type QueryConfig<T extends (...args: never[]) => unknown> = Omit<
  ReturnType<T>,
  'queryKey' | 'queryFn'
>;
