import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { createContext, type RouterContextProvider } from 'react-router';

import { ApiError } from '../lib/api-client';

/** Set by the root middleware: whether the person is signed in for this navigation. */
export const authenticatedContext = createContext<boolean>(false);

/**
 * Set by the protected layout's middleware when this navigation preloaded all the data: the first
 * signed-in navigation, i.e. arriving from the login page or opening the app.
 */
export const preloadedContext = createContext<boolean>(false);

type LoadOptions = {
  /**
   * Main pages reload their data on entry (customer-app.md §2); edit pages use what the page they
   * came from loaded, fetching only what is missing.
   */
  reload: boolean;
};

/**
 * Loads a page's query in its route loader (customer-app.md §2, §8):
 * - right after the preload, or when not reloading: the cached data, fetched if missing;
 * - otherwise a reload: awaited when nothing usable is cached (no data, or marked out of date by a
 *   change), else in the background so the page opens at once and updates when the answer comes.
 * Failures are only logged; the page shows its own error state when it has no data at all.
 */
export async function loadQuery<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  context: Readonly<RouterContextProvider>,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
  { reload }: LoadOptions,
): Promise<void> {
  const log = (error: unknown) => {
    // An expired session is not a loading failure: the app is on its way to the login page.
    if (error instanceof ApiError && error.sessionExpired) return;
    console.warn('Error loading page data', options.queryKey, error);
  };
  const state = queryClient.getQueryState(options.queryKey);
  const usable = state?.data !== undefined && !state.isInvalidated;

  if (!reload || context.get(preloadedContext)) {
    if (usable) return;
    await queryClient.fetchQuery(options).then(undefined, log);
    return;
  }
  const fetching = queryClient.fetchQuery({ ...options, staleTime: 0 }).then(undefined, log);
  if (!usable) await fetching;
}
