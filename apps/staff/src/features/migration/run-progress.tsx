import {
  Alert,
  Anchor,
  Button,
  Group,
  Progress,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { StaffMigrationRun } from '@pawfresh/contracts/staff-migration';

import { LoadError, Loading } from '../../components/states';
import { migrationRunQuery } from './queries';
import { RetryCustomerDialog } from './retry-dialog';
import { formatSecondsLeft } from './words';

/**
 * A bulk migration or revert as it goes, read every second until it ends: done of total, failed,
 * the rate and the time left; then each customer in error with the reason and a retry.
 */
export function MigrationRunProgress({
  workflowId,
  started,
  recordPath,
}: {
  workflowId: string;
  started?: StaffMigrationRun;
  /** The page of a customer's migration record; without it (a dialog) errors are only counted. */
  recordPath?: (email: string) => string;
}) {
  const queryClient = useQueryClient();
  const read = useQuery({
    ...migrationRunQuery(workflowId),
    ...(started ? { initialData: started } : {}),
  });
  const [retrying, setRetrying] = useState<string | null>(null);
  const run = read.data;
  useEffect(() => {
    // The cohorts move as the run goes: read them again with each look, and once it ended.
    void queryClient.invalidateQueries({ queryKey: ['migration', 'cohorts'] });
    if (run?.finished) void queryClient.invalidateQueries({ queryKey: ['migration', 'runs'] });
  }, [run?.progress?.done, run?.finished, queryClient]);
  if (read.isPending) return <Loading label="Loading the run…" />;
  if (read.isError) return <LoadError error={read.error} onRetry={() => void read.refetch()} />;
  const p = run!.progress;
  if (!p) return <Text role="status">Starting the run…</Text>;
  const verb = run!.direction === 'migrate' ? 'migrated' : 'reverted';
  const succeeded = run!.direction === 'migrate' ? p.byStatus.migrated : p.byStatus.unmigrated;
  return (
    <Stack gap="sm">
      <Progress
        value={p.total ? (p.done / p.total) * 100 : 100}
        aria-label="Customers done"
        size="lg"
        animated={!run!.finished}
      />
      <Group gap="lg" role="status" aria-live="polite">
        <Text size="sm" fw={600}>
          {run!.finished ? 'Finished' : 'Running'}: {p.done} of {p.total} done
        </Text>
        <Text size="sm">
          {succeeded} {verb}
        </Text>
        <Text size="sm">{p.byStatus.error} failed</Text>
        {p.skipped ? <Text size="sm">{p.skipped} taken by another run</Text> : null}
        <Text size="sm">
          {run!.perMinute === null ? 'rate not known yet' : `${run!.perMinute} a minute`}
        </Text>
        <Text size="sm">
          {run!.finished ? 'nothing left' : `time left: ${formatSecondsLeft(run!.secondsLeft)}`}
        </Text>
      </Group>
      {run!.status === 'CANCELLED' || run!.status === 'ERROR' ? (
        <Alert color="orange" title={run!.status === 'CANCELLED' ? 'Cancelled' : 'The run failed'}>
          Its workflow run says more.
        </Alert>
      ) : null}
      {p.errors.length > 0 && recordPath ? (
        <Table aria-label="Customers in error" striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Customer, and why not</Table.Th>
              <Table.Th>
                <VisuallyHidden>Action</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {p.errors.map((e) => (
              <Table.Tr key={e.legacyId}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={recordPath(e.email)}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {e.email}
                  </Anchor>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {e.error}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {run!.direction === 'migrate' ? (
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Retry ${e.email}`}
                      onClick={() => setRetrying(e.email)}
                    >
                      Retry
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {retrying ? <RetryCustomerDialog email={retrying} onClose={() => setRetrying(null)} /> : null}
    </Stack>
  );
}
