import { Alert, Group, List, Progress, Stack, Text } from '@mantine/core';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { StaffFailedPayment, StaffResponse } from '@pawfresh/contracts/staff';
import type { StaffBulkRetry } from '@pawfresh/contracts/staff-box-actions';

import { ActionDialog } from '../../components/action-dialog';
import { LoadError } from '../../components/states';
import { api } from '../../lib/api';
import { formatCents } from '../../lib/format';

/** How often the page reads a running bulk retry again. */
const POLL_MS = 1000;

export const bulkRetryQuery = (workflowId: string) =>
  queryOptions({
    queryKey: ['payments', 'retries', workflowId],
    queryFn: ({ signal }) =>
      api.get<StaffResponse<'bulkRetryProgress'>>(
        `/payment-retries/${encodeURIComponent(workflowId)}`,
        { signal },
      ),
    refetchInterval: (q) => (q.state.data?.finished ? false : POLL_MS),
  });

const boxOf = (rows: readonly StaffFailedPayment[], orderId: string) => {
  const row = rows.find((r) => r.order.id === orderId);
  return row ? `#${row.order.orderNumber}` : orderId;
};

/**
 * A bulk retry as it goes: done, failed and left, read every second until every box has its
 * outcome; then each box that was not charged, with why.
 */
export function BulkRetryProgress({
  started,
  rows,
}: {
  started: StaffBulkRetry;
  rows: readonly StaffFailedPayment[];
}) {
  const queryClient = useQueryClient();
  const read = useQuery({ ...bulkRetryQuery(started.workflowId), initialData: started });
  const now = read.data;
  const p = now.progress;
  useEffect(() => {
    // The queue is read again once the run ended: charged boxes leave it.
    if (now.finished) void queryClient.invalidateQueries({ queryKey: ['payments', 'failed'] });
  }, [now.finished, queryClient]);
  if (read.isError) return <LoadError error={read.error} onRetry={() => void read.refetch()} />;
  if (!p) return <Text role="status">Starting the retries…</Text>;
  const notCharged = p.orders.filter((o) => o.status === 'declined' || o.status === 'failed');
  return (
    <Stack gap="xs">
      <Progress
        value={p.total ? (p.done / p.total) * 100 : 100}
        aria-label="Boxes retried"
        animated={!now.finished}
      />
      <Group gap="lg" role="status" aria-live="polite">
        <Text size="sm">
          {now.finished ? 'Finished' : 'Running'}: {p.done} of {p.total} done
        </Text>
        <Text size="sm">{p.charged} charged</Text>
        <Text size="sm">{p.alreadyPaid} paid already</Text>
        <Text size="sm">{p.declined + p.failed} not charged</Text>
        <Text size="sm">{p.left} left</Text>
      </Group>
      {notCharged.length > 0 ? (
        <Alert color="orange" title="Not charged">
          <List size="sm">
            {notCharged.map((o) => (
              <List.Item key={o.orderId}>
                Box {boxOf(rows, o.orderId)}: {o.status === 'declined' ? 'declined: ' : ''}
                {o.message ?? 'no reason given'}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
    </Stack>
  );
}

/** Retrying the chosen boxes of the failed payments queue at once, with one reason. */
export function BulkRetryDialog({
  rows,
  onClose,
}: {
  rows: readonly StaffFailedPayment[];
  onClose: () => void;
}) {
  // One key per bulk retry the person means: asked again, the same run answers.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const total = rows.reduce((sum, r) => sum + r.order.totalCharge, 0);
  return (
    <ActionDialog
      title={`Retry ${rows.length} failed payments`}
      confirmLabel={`Retry ${rows.length} payments`}
      onClose={onClose}
      invalidates={['payments', 'failed']}
      ready={rows.length > 0}
      run={(reason) =>
        api.post<StaffResponse<'bulkRetryPayments'>>(
          '/payment-retries',
          { orderIds: rows.map((r) => r.order.id), reason },
          { headers: { 'Idempotency-Key': idempotencyKey } },
        )
      }
      preview={
        <>
          <List.Item>
            charge {rows.length === 1 ? 'the box' : `each of the ${rows.length} boxes`} (
            {formatCents(total)} in all) to its customer’s default card, one after another at the
            card provider’s pace, each box at most once;
          </List.Item>
          <List.Item>show which were charged and which were not, and why;</List.Item>
        </>
      }
      doneTitle="Retries started"
      recordedIn="the audit log"
      result={(data) => <BulkRetryProgress started={data.retry} rows={rows} />}
    />
  );
}
