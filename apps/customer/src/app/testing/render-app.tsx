import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

import { APP_BASENAME } from '../../config/paths';
import { createFakeApi, type FakeApi } from '../../testing/fake-api';
import { setUpProviders, type ProviderOptions } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

// Renders the whole app, so it lives in app/: shared code (testing/ included) never imports app/.

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
