import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useCallback, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { MigrationDirection, StaffMigrationRun } from '@pawfresh/contracts/staff-migration';

import { Section } from '../../components/section';
import { Empty, LoadError, Loading } from '../../components/states';
import { CohortCounts } from '../../features/migration/cohort-counts';
import { cohortsQuery, migrationRunsQuery } from '../../features/migration/queries';
import { MigrationRunProgress } from '../../features/migration/run-progress';
import { StartRunDialog } from '../../features/migration/start-dialog';
import { RunStatusBadge } from '../../features/runs/run-status';
import { formatInstant } from '../../lib/format';
import { paths } from '../../config/paths';

/** Finding one customer's migration record by their legacy e-mail. */
function FindRecord() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (email.trim()) void navigate(paths.migrationCustomer(email.trim()));
      }}
    >
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="A customer's legacy e-mail"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          w={{ base: '100%', xs: 340 }}
          required
        />
        <Button type="submit" variant="default">
          Open their record
        </Button>
      </Group>
    </form>
  );
}

/**
 * The migration dashboard (admins): each cohort by status, bulk migrate and bulk revert with a
 * limit and a reason, the run followed live (its id in the URL, `?run=`), its customers in error
 * each with a retry, and one customer's record.
 */
export function MigrationPage() {
  const cohorts = useQuery({ ...cohortsQuery(), refetchInterval: 30_000 });
  const runs = useQuery(migrationRunsQuery());
  const [params, setParams] = useSearchParams();
  const shown = params.get('run');
  const [starting, setStarting] = useState<MigrationDirection | null>(null);
  const follow = useCallback(
    (run: StaffMigrationRun) => setParams({ run: run.workflowId }, { replace: true }),
    [setParams],
  );

  return (
    <Stack maw={1200} gap="xl">
      <div>
        <Title order={1}>Migration</Title>
        <Text c="gray.7" size="sm">
          Customers moving from the legacy system, cohort by cohort (docs/migration.md).
        </Text>
      </div>
      <Section id="cohorts" title="Cohorts">
        {cohorts.isPending ? (
          <Loading label="Counting the legacy customers…" />
        ) : cohorts.isError ? (
          <LoadError error={cohorts.error} onRetry={() => void cohorts.refetch()} />
        ) : cohorts.data.cohorts.every((c) => c.total === 0) ? (
          <Empty>The legacy system has no customers to migrate.</Empty>
        ) : (
          <Stack>
            <CohortCounts cohorts={cohorts.data.cohorts} />
            <Group>
              <Button onClick={() => setStarting('migrate')}>Bulk migrate</Button>
              <Button variant="outline" color="red.9" onClick={() => setStarting('revert')}>
                Bulk revert
              </Button>
            </Group>
          </Stack>
        )}
      </Section>
      {shown ? (
        <Section id="run" title="This run">
          <Paper withBorder p="md">
            <Stack gap="xs">
              <Text size="xs" ff="monospace" c="gray.7" style={{ wordBreak: 'break-all' }}>
                <Anchor component={Link} to={paths.run(shown)} inherit>
                  {shown}
                </Anchor>
              </Text>
              <MigrationRunProgress workflowId={shown} recordPath={paths.migrationCustomer} />
            </Stack>
          </Paper>
        </Section>
      ) : null}
      <Section id="runs" title="Latest runs">
        {runs.isError ? (
          <LoadError error={runs.error} onRetry={() => void runs.refetch()} />
        ) : (
          <DataTable
            aria-label="Latest bulk runs"
            withTableBorder
            minHeight={runs.data?.runs.length ? undefined : 120}
            fetching={runs.isPending}
            records={runs.data?.runs ?? []}
            idAccessor="workflowId"
            noRecordsText={runs.isPending ? 'Loading…' : 'No bulk run yet'}
            columns={[
              {
                accessor: 'createdAt',
                title: 'Started',
                render: (r) => (
                  <Anchor component={Link} to={`${paths.migration}?run=${r.workflowId}`}>
                    {formatInstant(r.createdAt)}
                  </Anchor>
                ),
              },
              {
                accessor: 'direction',
                title: 'What',
                render: (r) => (r.direction === 'migrate' ? 'Bulk migrate' : 'Bulk revert'),
              },
              {
                accessor: 'status',
                title: 'Status',
                render: (r) => <RunStatusBadge status={r.status} />,
              },
            ]}
          />
        )}
      </Section>
      <Section id="record" title="One customer">
        <FindRecord />
      </Section>
      {starting && cohorts.data ? (
        <StartRunDialog
          direction={starting}
          cohorts={cohorts.data.cohorts}
          onStarted={follow}
          onClose={() => setStarting(null)}
        />
      ) : null}
    </Stack>
  );
}
