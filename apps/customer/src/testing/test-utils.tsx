import type { Provider as FeatureFlagProvider } from '@openfeature/web-sdk';
import type { QueryClient } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

import { AppProvider } from '../app/provider';
import { createAppRoutes } from '../app/router';
import { APP_BASENAME } from '../config/paths';
import type { AnalyticsAdapter } from '../lib/analytics/types';
import { createTestQueryClient } from '../lib/react-query';
import { createFakeApi, type FakeApi } from './fake-api';
import { createMemoryAnalytics } from './memory-analytics';

export type ProviderOptions = {
  queryClient?: QueryClient;
  /** Defaults to a recording adapter, returned as `analytics`. */
  analytics?: AnalyticsAdapter;
  featureFlagProvider?: FeatureFlagProvider;
};

function setUpProviders({ queryClient, analytics, featureFlagProvider }: ProviderOptions) {
  const resolved = {
    queryClient: queryClient ?? createTestQueryClient(),
    analytics: analytics ?? createMemoryAnalytics(),
  };
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <AppProvider
        queryClient={resolved.queryClient}
        analytics={resolved.analytics}
        featureFlagProvider={featureFlagProvider}
        mantineEnv="test"
      >
        {children}
      </AppProvider>
    );
  }
  return { ...resolved, Wrapper };
}

/** Renders `ui` inside the app's providers (Mantine in test mode, no portals or transitions). */
export function renderWithProviders(
  ui: ReactElement,
  options: ProviderOptions & Omit<RenderOptions, 'wrapper'> = {},
) {
  const { queryClient, analytics, featureFlagProvider, ...renderOptions } = options;
  const providers = setUpProviders({ queryClient, analytics, featureFlagProvider });
  return {
    user: userEvent.setup(),
    queryClient: providers.queryClient,
    analytics: providers.analytics,
    ...render(ui, { wrapper: providers.Wrapper, ...renderOptions }),
  };
}

/** Adds test-only routes under the app's root route (e.g. a page whose loader fails). */
function withExtraRoutes(routes: RouteObject[], extraRoutes: RouteObject[]): RouteObject[] {
  const [root, ...rest] = routes;
  if (!root || root.index) throw new Error('The app has no root layout route');
  return [{ ...root, children: [...extraRoutes, ...(root.children ?? [])] }, ...rest];
}

export type RenderAppOptions = ProviderOptions & {
  extraRoutes?: RouteObject[];
  /**
   * The customer API behind the global fetch; installed by renderApp. Defaults to a visitor's
   * (no session cookie). Pass `createFakeApi({ signedIn: true })` to start signed in.
   */
  api?: FakeApi;
};

/**
 * Renders the whole app at `initialPath` (relative to /customer) in a memory router built from
 * the app's real routes and basename, with a fake customer API behind fetch.
 */
export function renderApp(
  initialPath = '/',
  { extraRoutes = [], api = createFakeApi(), ...options }: RenderAppOptions = {},
) {
  api.install();
  const providers = setUpProviders(options);
  const router = createMemoryRouter(
    withExtraRoutes(createAppRoutes(providers.queryClient), extraRoutes),
    { basename: APP_BASENAME, initialEntries: [`${APP_BASENAME}${initialPath}`] },
  );
  return {
    user: userEvent.setup(),
    router,
    api,
    queryClient: providers.queryClient,
    analytics: providers.analytics,
    ...render(<RouterProvider router={router} />, { wrapper: providers.Wrapper }),
  };
}

/** The router's current path, without the /customer base. */
export function currentPath(router: { state: { location: { pathname: string } } }): string {
  return router.state.location.pathname.slice(APP_BASENAME.length) || '/';
}
