import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { queryOptions } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { StaffFailedPayment, StaffResponse } from '@pawfresh/contracts/staff';

import { PagedTable } from '../../features/customer/paged-table';
import { PAGE_SIZE } from '../../features/customer/queries';
import { api } from '../../lib/api';
import { formatCents, formatDate, formatInstant } from '../../lib/format';
import { paths } from '../../config/paths';
import { RetryPaymentDialog } from '../../features/customer/box-change-dialogs';
import { BulkRetryDialog } from '../../features/payments/bulk-retry';
import { useMe } from '../../lib/me';

const failedPaymentsQuery = (offset: number) =>
  queryOptions({
    queryKey: ['payments', 'failed', offset],
    queryFn: async ({ signal }) => {
      const page = await api.get<StaffResponse<'failedPayments'>>('/payments/failed', {
        params: { offset, limit: PAGE_SIZE },
        signal,
      });
      // The table keys its rows by id: a box's.
      return { ...page, data: page.data.map((row): Row => ({ ...row, id: row.order.id })) };
    },
  });

type Row = StaffFailedPayment & { id: string };

/**
 * The failed payments queue: every box whose payment failed, soonest delivery first, with the
 * card provider's reason and a way to the customer (whose page refunds). With payments:charge,
 * each box can be charged now, or the rows chosen all at once with their progress shown.
 */
export function FailedPaymentsPage() {
  const { can } = useMe();
  const canRetry = can('payments:charge');
  const [selected, setSelected] = useState<Row[]>([]);
  const [retrying, setRetrying] = useState<Row | null>(null);
  const [bulk, setBulk] = useState<Row[] | null>(null);
  return (
    <Stack maw={1100}>
      <Title order={1}>Failed payments</Title>
      <Text c="gray.7">
        Boxes whose payment failed, soonest delivery first. Open the customer to see their cards and
        timeline.
      </Text>
      {canRetry ? (
        <Group>
          <Button disabled={selected.length === 0} onClick={() => setBulk(selected)}>
            {selected.length === 0 ? 'Choose boxes to retry' : `Retry ${selected.length} selected`}
          </Button>
          {selected.length > 0 ? (
            <Button variant="subtle" onClick={() => setSelected([])}>
              Clear the choice
            </Button>
          ) : null}
        </Group>
      ) : null}
      <PagedTable<Row>
        name="failed"
        label="Failed payments"
        query={failedPaymentsQuery}
        empty="No failed payments: every box due has been paid."
        {...(canRetry
          ? {
              selection: {
                selected,
                onChange: setSelected,
                nameOf: (r: Row) => `box #${r.order.orderNumber}`,
              },
            }
          : {})}
        columns={[
          {
            accessor: 'order.orderNumber',
            title: 'Box',
            render: ({ order, customer }) =>
              customer ? (
                <Anchor component={Link} to={paths.order(customer.id, order.id)}>
                  #{order.orderNumber}
                </Anchor>
              ) : (
                `#${order.orderNumber}`
              ),
          },
          {
            accessor: 'customer',
            title: 'Customer',
            render: ({ customer }) =>
              customer ? (
                <Anchor component={Link} to={paths.customer(customer.id)}>
                  {customer.firstName} {customer.lastName}
                </Anchor>
              ) : (
                'Unknown customer'
              ),
          },
          {
            accessor: 'order.deliveryDate',
            title: 'Delivery',
            render: ({ order }) => formatDate(order.deliveryDate),
          },
          {
            accessor: 'order.totalCharge',
            title: 'Amount',
            render: ({ order }) => formatCents(order.totalCharge),
          },
          {
            accessor: 'payment.failureReason',
            title: 'Reason',
            render: ({ payment }) => payment?.failureReason ?? 'No attempt recorded',
          },
          {
            accessor: 'payment.updatedAt',
            title: 'Last attempt',
            render: ({ payment }) => (payment ? formatInstant(payment.updatedAt) : '—'),
          },
          ...(canRetry
            ? [
                {
                  accessor: 'retry',
                  title: 'Retry',
                  render: (row: Row) => (
                    <Button
                      size="compact-sm"
                      variant="light"
                      disabled={!row.customer}
                      onClick={() => setRetrying(row)}
                      aria-label={`Retry now box #${row.order.orderNumber}`}
                    >
                      Retry now
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {retrying?.customer ? (
        <RetryPaymentDialog
          order={{ ...retrying.order, userId: retrying.customer.id }}
          invalidates={['payments', 'failed']}
          onClose={() => setRetrying(null)}
        />
      ) : null}
      {bulk ? (
        <BulkRetryDialog
          rows={bulk}
          onClose={() => {
            setBulk(null);
            setSelected([]);
          }}
        />
      ) : null}
    </Stack>
  );
}
