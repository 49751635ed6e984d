import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { MainLayout } from '../components/layouts/main-layout';
import type { RouteHandle } from '../lib/route-handle';
import { createFakeApi } from '../testing/fake-api';
import { documentNavigations } from '../testing/document-navigation';
import { createMemoryAnalytics } from '../testing/memory-analytics';
import { renderApp } from './testing/render-app';
import { currentPath } from '../testing/test-utils';

// Stand-ins for the main pages later issues add, in the frame they will use.
const mainPages = [
  {
    Component: MainLayout,
    children: [
      {
        path: 'deliveries',
        handle: { pageName: 'Deliveries' } satisfies RouteHandle,
        element: <h1>Deliveries page</h1>,
      },
      {
        path: 'dogs',
        handle: { pageName: 'Dogs' } satisfies RouteHandle,
        element: <h1>Dogs page</h1>,
      },
    ],
  },
];

describe('routes', () => {
  it('redirects the root path to /deliveries when signed in', async () => {
    const { router } = renderApp('/', { api: createFakeApi({ signedIn: true }) });

    expect(await screen.findByRole('heading', { name: 'Your deliveries' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/deliveries');
    expect(router.state.location.pathname).toBe('/customer/deliveries');
  });

  it('sends a visitor from the root path to the sign-in page (a full page load)', async () => {
    renderApp('/');

    // Deliveries is where signing in leads anyway, so it is not remembered.
    await waitFor(() => expect(documentNavigations).toEqual(['/customer/login']));
  });

  it('shows the not-found page for an unknown path, whose button leads to deliveries', async () => {
    const { router, user } = renderApp('/no-such-page', {
      extraRoutes: mainPages,
      api: createFakeApi({ signedIn: true }),
    });

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to deliveries' }));

    expect(await screen.findByRole('heading', { name: 'Deliveries page' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/deliveries');
  });

  it('shows "Loading…" while a page loads', async () => {
    let finishLoading: () => void = () => {};
    renderApp('/slow', {
      extraRoutes: [
        {
          path: 'slow',
          loader: () =>
            new Promise<null>((resolve) => {
              finishLoading = () => resolve(null);
            }),
          element: <h1>Slow page</h1>,
        },
      ],
    });

    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');

    finishLoading();
    expect(await screen.findByRole('heading', { name: 'Slow page' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the error of a failing page loader', async () => {
    renderApp('/broken', {
      extraRoutes: [
        {
          path: 'broken',
          loader: () => {
            throw new Error('Orders are unavailable');
          },
          element: <h1>Broken page</h1>,
        },
      ],
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading page: Orders are unavailable',
    );
    expect(screen.queryByRole('heading', { name: 'Broken page' })).not.toBeInTheDocument();
  });

  it('shows "Unknown error" when a page loader fails without a message', async () => {
    renderApp('/broken', {
      extraRoutes: [
        {
          path: 'broken',
          loader: () => Promise.reject(new Error()),
          element: <h1>Broken page</h1>,
        },
      ],
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading page: Unknown error');
  });
});

describe('page-view tracking', () => {
  it('records a page view with the page name on every navigation', async () => {
    const analytics = createMemoryAnalytics();
    const { user } = renderApp('/deliveries', { analytics, extraRoutes: mainPages });

    expect(await screen.findByRole('heading', { name: 'Deliveries page' })).toBeInTheDocument();
    await waitFor(() => expect(analytics.pageNames()).toEqual(['Deliveries']));

    await user.click(screen.getByRole('link', { name: 'Dogs' }));
    expect(await screen.findByRole('heading', { name: 'Dogs page' })).toBeInTheDocument();
    await waitFor(() => expect(analytics.pageNames()).toEqual(['Deliveries', 'Dogs']));

    await user.click(screen.getByRole('link', { name: 'Deliveries' }));
    await waitFor(() =>
      expect(analytics.pageNames()).toEqual(['Deliveries', 'Dogs', 'Deliveries']),
    );
  });

  it('names the not-found page "Not found" and titles the document after the page', async () => {
    const analytics = createMemoryAnalytics();
    renderApp('/no-such-page', { analytics, api: createFakeApi({ signedIn: true }) });

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await waitFor(() => expect(analytics.pageNames()).toEqual(['Not found']));
    await waitFor(() => expect(document.title).toBe('Not found | My account'));
  });
});
