import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, redirect, type LoaderFunctionArgs } from 'react-router';

import { session } from '../lib/api';
import { meQuery } from '../lib/me';
import { Loading } from '../components/states';
import { RouteError } from './routes/route-error';
import { BASENAME, nextOf, paths } from '../config/paths';

/** Every page but sign-in needs a member of staff: with a fresh token, and who they are. */
const signedIn =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    if (!(await session.ensureFresh())) {
      throw redirect(`${paths.signIn}?next=${encodeURIComponent(nextOf(new URL(request.url)))}`);
    }
    await queryClient.ensureQueryData(meQuery());
    return null;
  };

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(
    [
      {
        path: paths.signIn,
        lazy: () => import('./routes/sign-in').then((m) => ({ Component: m.SignInPage })),
        HydrateFallback: () => <Loading />,
      },
      {
        path: paths.setPassword,
        lazy: () => import('./routes/set-password').then((m) => ({ Component: m.SetPasswordPage })),
        HydrateFallback: () => <Loading />,
      },
      {
        id: 'signed-in',
        loader: signedIn(queryClient),
        lazy: () => import('./routes/shell').then((m) => ({ Component: m.Shell })),
        ErrorBoundary: RouteError,
        HydrateFallback: () => <Loading />,
        children: [
          {
            index: true,
            lazy: () => import('./routes/home').then((m) => ({ Component: m.HomePage })),
          },
          {
            path: 'customers/:customerId',
            lazy: () => import('./routes/customer').then((m) => ({ Component: m.CustomerPage })),
          },
          {
            path: 'customers/:customerId/orders/:orderId',
            lazy: () => import('./routes/order').then((m) => ({ Component: m.OrderPage })),
          },
          {
            path: paths.failedPayments.slice(1),
            lazy: () =>
              import('./routes/failed-payments').then((m) => ({
                Component: m.FailedPaymentsPage,
              })),
          },
          {
            path: paths.runs.slice(1),
            lazy: () => import('./routes/runs').then((m) => ({ Component: m.RunsPage })),
          },
          {
            path: 'runs/:workflowId',
            lazy: () => import('./routes/run').then((m) => ({ Component: m.RunPage })),
          },
          {
            path: paths.packing.slice(1),
            lazy: () => import('./routes/packing').then((m) => ({ Component: m.PackingPage })),
          },
          {
            // Its own chunk: only this page loads the charts library (recharts).
            path: paths.forecast.slice(1),
            lazy: () => import('./routes/forecast').then((m) => ({ Component: m.ForecastPage })),
          },
          {
            path: paths.catalogue.slice(1),
            lazy: () => import('./routes/catalogue').then((m) => ({ Component: m.CataloguePage })),
          },
          {
            path: paths.users.slice(1),
            lazy: () => import('./routes/users').then((m) => ({ Component: m.UsersPage })),
          },
          {
            path: paths.discounts.slice(1),
            lazy: () => import('./routes/discounts').then((m) => ({ Component: m.DiscountsPage })),
          },
          {
            path: paths.newDiscount.slice(1),
            lazy: () =>
              import('./routes/discount-new').then((m) => ({ Component: m.NewDiscountPage })),
          },
          {
            path: 'discounts/:discountId',
            lazy: () => import('./routes/discount').then((m) => ({ Component: m.DiscountPage })),
          },
          {
            path: paths.discountCategories.slice(1),
            lazy: () =>
              import('./routes/discount-categories').then((m) => ({
                Component: m.DiscountCategoriesPage,
              })),
          },
          {
            path: paths.promotions.slice(1),
            lazy: () =>
              import('./routes/promotions').then((m) => ({ Component: m.PromotionsPage })),
          },
          {
            path: 'promotions/:promotionId',
            lazy: () => import('./routes/promotion').then((m) => ({ Component: m.PromotionPage })),
          },
          {
            path: paths.migration.slice(1),
            lazy: () => import('./routes/migration').then((m) => ({ Component: m.MigrationPage })),
          },
          {
            path: 'migration/customers',
            lazy: () =>
              import('./routes/migration-customer').then((m) => ({
                Component: m.MigrationCustomerPage,
              })),
          },
          {
            path: '*',
            lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundPage })),
          },
        ],
      },
    ],
    { basename: BASENAME },
  );
}
