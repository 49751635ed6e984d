import { QueryClient, type DefaultOptions, type QueryClientConfig } from '@tanstack/react-query';

import { ApiError } from './api-client';

/** A client error (4xx) will not fix itself on a retry; network and server failures might. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const queryConfig = {
  queries: {
    refetchOnWindowFocus: false,
    staleTime: 60 * 1000,
    retry: shouldRetry,
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
