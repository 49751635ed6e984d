import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo, type ComponentType } from 'react';
import {
  createBrowserRouter,
  Navigate,
  redirect,
  RouterProvider,
  type ActionFunction,
  type LoaderFunction,
  type RouteObject,
} from 'react-router';

import { PageLoading } from '../components/feedback/page-loading';
import { APP_BASENAME, paths } from '../config/paths';
import type { RouteHandle } from '../lib/route-handle';
import Root from './routes/root';
import { RouteErrorBoundary } from './routes/route-error-boundary';

/**
 * What a lazily loaded route module exports: its page as default, and optionally loader/action
 * factories that receive the query client (so loaders can prefetch with `ensureQueryData`).
 */
type RouteModule = {
  default: ComponentType;
  clientLoader?: (queryClient: QueryClient) => LoaderFunction;
  clientAction?: (queryClient: QueryClient) => ActionFunction;
};

function convert(queryClient: QueryClient) {
  return ({ default: Component, clientLoader, clientAction }: RouteModule) => ({
    Component,
    ...(clientLoader && { loader: clientLoader(queryClient) }),
    ...(clientAction && { action: clientAction(queryClient) }),
  });
}

/**
 * The app's routes. Pages are code-split with `lazy`; their `handle.pageName` names them for
 * page-view tracking and the document title. The main pages (later issues) go in a layout route
 * using `MainLayout` from components/layouts.
 */
export function createAppRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      Component: Root,
      hydrateFallbackElement: <PageLoading />,
      errorElement: <RouteErrorBoundary />,
      children: [
        {
          // The loader redirects before anything renders (so no page view is recorded for "/");
          // the element only keeps the router from warning about a route without one.
          index: true,
          loader: () => redirect(paths.deliveries),
          element: <Navigate to={paths.deliveries} replace />,
        },
        {
          path: '*',
          handle: { pageName: 'Not found' } satisfies RouteHandle,
          lazy: () => import('./routes/not-found').then(convert(queryClient)),
        },
      ],
    },
  ];
}

export function AppRouter() {
  const queryClient = useQueryClient();
  const router = useMemo(
    () => createBrowserRouter(createAppRoutes(queryClient), { basename: APP_BASENAME }),
    [queryClient],
  );
  return <RouterProvider router={router} />;
}
