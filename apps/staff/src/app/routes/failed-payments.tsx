import { Anchor, Stack, Text, Title } from '@mantine/core';
import { queryOptions } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { StaffFailedPayment, StaffResponse } from '@pawfresh/contracts/staff';

import { PagedTable } from '../../features/customer/paged-table';
import { PAGE_SIZE } from '../../features/customer/queries';
import { api } from '../../lib/api';
import { formatCents, formatDate, formatInstant } from '../../lib/format';
import { paths } from '../../config/paths';

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
 * card provider's reason and a way to the customer (whose page retries and refunds).
 */
export function FailedPaymentsPage() {
  return (
    <Stack maw={1100}>
      <Title order={1}>Failed payments</Title>
      <Text c="gray.7">
        Boxes whose payment failed, soonest delivery first. Open the customer to see their cards and
        timeline.
      </Text>
      <PagedTable<Row>
        name="failed"
        label="Failed payments"
        query={failedPaymentsQuery}
        empty="No failed payments: every box due has been paid."
        columns={[
          {
            accessor: 'order.orderNumber',
            title: 'Box',
            render: ({ order }) => `#${order.orderNumber}`,
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
        ]}
      />
    </Stack>
  );
}
