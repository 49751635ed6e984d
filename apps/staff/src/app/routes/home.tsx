import { Anchor, Badge, Stack, TextInput, Title } from '@mantine/core';
import { FailedRunsCount } from '../../features/runs/failed-runs-count';
import { HomeNumbers, type NumberLinks } from '../../features/dashboard/home-numbers';
import { useDebouncedCallback } from '@mantine/hooks';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { Empty, LoadError } from '../../components/states';
import { MATCHED_LABEL, useSearch } from '../../features/search/search-query';
import { resultKey, resultPath } from '../../features/search/search-results';
import { formatDate } from '../../lib/format';
import { useMe } from '../../lib/me';
import { paths } from '../../config/paths';

/** The start page: find a customer. What was searched is in the URL (`?q=`), to share or reload. */
export function HomePage() {
  const { can } = useMe();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const keepInUrl = useDebouncedCallback(
    (value: string) => setParams(value.trim() ? { q: value } : {}, { replace: true }),
    250,
  );
  const search = useSearch(q);
  const navigate = useNavigate();
  const failedRuns = can('runs:read') ? <FailedRunsCount to={paths.failedRuns} /> : null;
  if (!can('customers:read')) {
    return (
      <Stack maw={1100}>
        <Title order={1}>Back office</Title>
        {failedRuns}
      </Stack>
    );
  }
  const results = search.data?.data ?? [];
  // Each number's list, or the closest the back office has (docs/staff.md "Home dashboard").
  const find = { to: paths.home, text: 'Search for a customer' };
  const failed = { to: paths.failedPayments, text: 'Open the queue of failed charges' };
  const links: NumberLinks = {
    subscriptions: find,
    customers: find,
    boxes: { ...failed, text: 'Boxes whose payment failed' },
    revenue: { ...failed, text: 'Payments that failed' },
    failedPayments: failed,
    cancellations: can('runs:read')
      ? { to: paths.cancellationRuns, text: 'Cancellation runs' }
      : find,
  };
  return (
    <Stack maw={1100}>
      {failedRuns}
      <Title order={1}>Find a customer</Title>
      <TextInput
        label="Search"
        description="Order number, e-mail, name, phone, customer id, invoice, box serial or tracking number"
        value={text}
        size="md"
        onChange={(e) => {
          setText(e.currentTarget.value);
          keepInUrl(e.currentTarget.value);
        }}
      />
      {q.trim() === '' ? (
        <Empty>Type to search: results appear as you type.</Empty>
      ) : search.isError ? (
        <LoadError error={search.error} onRetry={() => void search.refetch()} />
      ) : (
        <DataTable
          aria-label="Search results"
          withTableBorder
          highlightOnHover
          minHeight={results.length ? undefined : 150}
          fetching={search.isFetching}
          records={results}
          idAccessor={resultKey}
          noRecordsText={search.isPending ? 'Searching…' : `Nothing matches “${q.trim()}”`}
          onRowClick={({ record }) => void navigate(resultPath(record))}
          columns={[
            {
              accessor: 'name',
              title: 'Customer',
              render: (r) => (
                <Anchor component={Link} to={paths.customer(r.customer.id)}>
                  {r.customer.firstName} {r.customer.lastName}
                </Anchor>
              ),
            },
            { accessor: 'customer.email', title: 'E-mail' },
            {
              accessor: 'customer.phoneNumber',
              title: 'Phone',
              render: (r) => r.customer.phoneNumber ?? '—',
            },
            {
              accessor: 'order',
              title: 'Order',
              render: (r) =>
                r.order ? `#${r.order.orderNumber} (${formatDate(r.order.deliveryDate)})` : '—',
            },
            {
              accessor: 'matched',
              title: 'Matched by',
              render: (r) => (
                <Badge variant="outline" color="dark">
                  {MATCHED_LABEL[r.matched]}
                </Badge>
              ),
            },
          ]}
        />
      )}
      <HomeNumbers links={links} />
    </Stack>
  );
}
