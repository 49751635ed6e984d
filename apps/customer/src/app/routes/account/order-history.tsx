import { Button, Group, Stack, Text } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useSearchParams, type LoaderFunction } from 'react-router';

import { PageError } from '../../../components/errors/page-error';
import { PageLoading } from '../../../components/feedback/page-loading';
import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { EmptyState } from '../../../components/ui/empty-state';
import { paths } from '../../../config/paths';
import { getDogsQueryOptions, useDogs } from '../../../features/dogs/api/get-dogs';
import {
  getPastOrdersQueryOptions,
  PAST_ORDERS_PAGE_SIZE,
  usePastOrders,
} from '../../../features/orders/api/get-past-orders';
import { OrderCard } from '../../../features/orders/components/order-card';
import { productIndex } from '../../../features/orders/utils/box-contents';
import { getProductsQueryOptions, useProducts } from '../../../features/products/api/get-products';
import { loadQuery } from '../../route-context';
import classes from '../../../features/orders/components/orders.module.css';

function pageOf(searchParams: URLSearchParams): number {
  const page = Number(searchParams.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export function clientLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ context, request }) => {
    const page = pageOf(new URL(request.url).searchParams);
    await Promise.all([
      loadQuery(queryClient, context, getPastOrdersQueryOptions(page), { reload: true }),
      loadQuery(queryClient, context, getProductsQueryOptions(), { reload: false }),
      loadQuery(queryClient, context, getDogsQueryOptions(), { reload: false }),
    ]);
    return null;
  };
}

/** /account/order-history: past boxes, newest first, ten a page (GET /orders/past). */
export default function OrderHistoryRoute() {
  const [searchParams] = useSearchParams();
  const page = pageOf(searchParams);
  const history = usePastOrders(page);
  const products = useProducts();
  const dogs = useDogs();
  const productsById = useMemo(() => productIndex(products.data), [products.data]);
  const [now] = useState(() => new Date());
  const back = { to: paths.account, label: 'Back to account' };

  let content;
  if (!history.data) {
    content = history.isError ? (
      <PageError error={history.error} onRetry={() => history.refetch()} />
    ) : (
      <PageLoading />
    );
  } else if (history.data.meta.total === 0) {
    content = (
      <EmptyState title="No past boxes yet">
        Once your first box has arrived, you’ll find it here with everything that was in it.
      </EmptyState>
    );
  } else {
    const {
      data: items,
      meta: { total, offset },
    } = history.data;
    const pages = Math.max(1, Math.ceil(total / PAST_ORDERS_PAGE_SIZE));
    const first = offset + 1;
    const last = offset + items.length;
    content = (
      <Stack gap="md">
        <Text c="dimmed" aria-live="polite">
          Boxes {first}–{last} of {total}
        </Text>
        <ul className={classes.orderList} aria-label="Past boxes">
          {items.map((order) => (
            <li key={order.id}>
              <OrderCard
                order={order}
                products={productsById}
                dogs={dogs.data}
                now={now}
                headingLevel="h2"
              />
            </li>
          ))}
        </ul>
        {pages > 1 ? (
          <Group component="nav" aria-label="Pages of past boxes" justify="space-between">
            {page > 1 ? (
              <Button component={Link} to={`?page=${page - 1}`} variant="light">
                Newer boxes
              </Button>
            ) : (
              <span />
            )}
            <Text>
              Page {page} of {pages}
            </Text>
            {page < pages ? (
              <Button component={Link} to={`?page=${page + 1}`} variant="light">
                Older boxes
              </Button>
            ) : (
              <span />
            )}
          </Group>
        ) : null}
      </Stack>
    );
  }

  return (
    <FullScreenPage
      title="Order history"
      intro="Every box we’ve delivered to you."
      back={back}
      wide
    >
      {content}
    </FullScreenPage>
  );
}
