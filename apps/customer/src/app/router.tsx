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
import { MainLayout } from '../components/layouts/main-layout';
import { APP_BASENAME, paths } from '../config/paths';
import type { RouteHandle } from '../lib/route-handle';
import ProtectedLayout from './routes/protected-layout';
import Root from './routes/root';
import { RouteErrorBoundary } from './routes/route-error-boundary';
import { checkSession, requireSession } from './session-middleware';

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
 * The app's routes (customer-app.md §2). Pages are code-split with `lazy`; their `handle.pageName`
 * names them for page-view tracking and the document title.
 *
 * - root: checks the session before every navigation (middleware);
 * - password recovery: open to everyone;
 * - everything else, the not-found page included: signed-in only (a visitor goes to the sign-in
 *   page with `?redirectTo=`, a full page load: that page is login.html, outside the app, ADR
 *   011), the first signed-in navigation preloading the data. Main pages sit in
 *   MainLayout; edit flows are full-screen.
 */
export function createAppRoutes(queryClient: QueryClient): RouteObject[] {
  const lazyRoute = (load: () => Promise<RouteModule>) => () => load().then(convert(queryClient));
  const page = (pageName: string) => ({ pageName }) satisfies RouteHandle;

  return [
    {
      id: 'root',
      Component: Root,
      middleware: [checkSession],
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
          path: 'forgot-password',
          handle: page('Forgot password'),
          lazy: lazyRoute(() => import('./routes/auth/forgot-password')),
        },
        {
          path: 'email-sent',
          handle: page('Email sent'),
          lazy: lazyRoute(() => import('./routes/auth/email-sent')),
        },
        {
          path: 'confirm-forgot-password',
          handle: page('Confirm forgot password'),
          lazy: lazyRoute(() => import('./routes/auth/confirm-forgot-password')),
        },
        // The sign-up funnel (docs/sign-up.md): public, one code-split route per screen.
        ...(
          [
            ['start', 'Sign-up postcode', () => import('./routes/sign-up/postcode')],
            ['start/not-yet', 'Sign-up not yet', () => import('./routes/sign-up/not-yet')],
            ['start/dogs', 'Sign-up dogs', () => import('./routes/sign-up/dogs-count')],
            ['start/dogs/:n', 'Sign-up dog', () => import('./routes/sign-up/dog')],
            ['start/email', 'Sign-up email', () => import('./routes/sign-up/email')],
            ['start/plan', 'Sign-up plan', () => import('./routes/sign-up/plan')],
            ['start/delivery', 'Sign-up delivery', () => import('./routes/sign-up/delivery')],
            ['start/details', 'Sign-up details', () => import('./routes/sign-up/details')],
            ['start/payment', 'Sign-up payment', () => import('./routes/sign-up/payment')],
          ] as const
        ).map(([path, pageName, load]) => ({
          path,
          handle: page(pageName),
          lazy: lazyRoute(load),
        })),
        {
          id: 'protected',
          middleware: [requireSession(queryClient)],
          Component: ProtectedLayout,
          children: [
            {
              Component: MainLayout,
              children: [
                {
                  path: 'deliveries',
                  handle: page('Deliveries'),
                  lazy: lazyRoute(() => import('./routes/deliveries/deliveries')),
                },
                {
                  path: 'dogs',
                  handle: page('Dogs'),
                  lazy: lazyRoute(() => import('./routes/dogs/dogs')),
                },
                {
                  path: 'account',
                  handle: page('Account'),
                  lazy: lazyRoute(() => import('./routes/account/account')),
                },
                {
                  // Inside the frame, so the navigation is there to go on from.
                  path: '*',
                  handle: page('Not found'),
                  lazy: lazyRoute(() => import('./routes/not-found')),
                },
              ],
            },
            {
              path: 'dogs/add',
              handle: page('Add dog'),
              lazy: lazyRoute(() => import('./routes/dogs/add-dog')),
            },
            {
              path: 'dogs/:animalId/edit/details',
              handle: page('Edit dog details'),
              lazy: lazyRoute(() => import('./routes/dogs/edit-details')),
            },
            {
              path: 'dogs/:animalId/edit/profile',
              handle: page('Edit dog profile'),
              lazy: lazyRoute(() => import('./routes/dogs/edit-profile')),
            },
            {
              path: 'dogs/:animalId/edit/plan',
              handle: page('Edit dog plan'),
              lazy: lazyRoute(() => import('./routes/dogs/edit-plan')),
            },
            {
              path: 'dogs/:animalId/edit/meals',
              handle: page('Edit dog meals'),
              lazy: lazyRoute(() => import('./routes/dogs/edit-meals')),
            },
            {
              path: 'dogs/:animalId/start-plan',
              handle: page('Start plan'),
              lazy: lazyRoute(() => import('./routes/dogs/start-plan')),
            },
            {
              path: 'dogs/:animalId/:feedingPlanId/edit-serving-size',
              handle: page('Edit serving size'),
              lazy: lazyRoute(() => import('./routes/dogs/edit-serving-size')),
            },
            {
              path: 'dogs/:animalId/:feedingPlanId/edit-serving-size/review',
              handle: page('Review serving size'),
              lazy: lazyRoute(() => import('./routes/dogs/edit-serving-size-review')),
            },
            {
              path: 'dogs/:animalId/:feedingPlanId/edit-serving-size/result',
              handle: page('Serving size result'),
              lazy: lazyRoute(() => import('./routes/dogs/edit-serving-size-result')),
            },
            {
              path: 'account/cancel-plan',
              handle: page('Cancel plan'),
              lazy: lazyRoute(() => import('./routes/account/cancel-plan')),
            },
            {
              path: 'account/pause-plan',
              handle: page('Pause plan'),
              lazy: lazyRoute(() => import('./routes/account/pause-plan')),
            },
            {
              path: 'account/edit/details',
              handle: page('Edit account details'),
              lazy: lazyRoute(() => import('./routes/account/edit-details')),
            },
            {
              path: 'account/edit/password',
              handle: page('Change password'),
              lazy: lazyRoute(() => import('./routes/account/edit-password')),
            },
            {
              path: 'account/order-history',
              handle: page('Order history'),
              lazy: lazyRoute(() => import('./routes/account/order-history')),
            },
            {
              path: 'account/edit/address',
              handle: page('Edit address'),
              lazy: lazyRoute(() => import('./routes/account/edit-address')),
            },
            {
              path: 'deliveries/:orderId/edit/date',
              handle: page('Change delivery date'),
              lazy: lazyRoute(() => import('./routes/deliveries/edit-date')),
            },
            {
              path: 'deliveries/:orderId/edit/address',
              handle: page('Change delivery address'),
              lazy: lazyRoute(() => import('./routes/deliveries/edit-address')),
            },
            {
              path: 'deliveries/:orderId/edit/meals/:animalId',
              handle: page('Change meals'),
              lazy: lazyRoute(() => import('./routes/deliveries/edit-meals')),
            },
            {
              path: 'deliveries/:orderId/edit/:productType',
              handle: page('Edit extras'),
              lazy: lazyRoute(() => import('./routes/deliveries/edit-extras')),
            },
            {
              path: 'deliveries/:orderId/add/:productType',
              handle: page('Add extras'),
              lazy: lazyRoute(() => import('./routes/deliveries/add-extras')),
            },
            {
              path: 'deliveries/:orderId/extras/:productVariantId',
              handle: page('Product'),
              lazy: lazyRoute(() => import('./routes/deliveries/extra-detail')),
            },
          ],
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
