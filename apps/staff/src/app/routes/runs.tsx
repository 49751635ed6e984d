import { Anchor, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { runStatusFilters, type RunStatusFilter } from '@pawfresh/contracts/orchestration';

import { FilterText } from '../../components/filter-text';
import { PagedTable } from '../../features/customer/paged-table';
import { PAGE_SIZE } from '../../features/customer/queries';
import { runsQuery } from '../../features/runs/queries';
import { RUN_STATUS, RunStatusBadge, formatDuration } from '../../features/runs/run-status';
import { formatInstant } from '../../lib/format';
import { useUrlFilter } from '../../lib/url-filter';
import { paths } from '../../config/paths';

const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  { value: 'failed', label: 'Failed (any way)' },
  ...runStatusFilters
    .filter((s) => s !== 'failed')
    .map((s) => ({ value: s, label: RUN_STATUS[s as keyof typeof RUN_STATUS].label })),
];

const statusOf = (value: string | null): RunStatusFilter | undefined =>
  (runStatusFilters as readonly string[]).includes(value ?? '')
    ? (value as RunStatusFilter)
    : undefined;

/**
 * Every workflow run, newest first, by workflow name and status (both kept in the URL, so the home
 * page's failed count links here filtered); a row opens the run.
 */
export function RunsPage() {
  const [params, setFilter] = useUrlFilter<'status' | 'name'>('runsPage');
  const status = statusOf(params.get('status'));
  const name = params.get('name') ?? '';

  return (
    <Stack maw={1200}>
      <Title order={1}>Workflow runs</Title>
      <Text c="gray.7">
        Every run of the workflows that span the services (checkout, billing, order generation, …),
        newest first. Open a run to see its steps, input and error.
      </Text>
      <Group align="flex-end">
        <NativeSelect
          label="Status"
          data={STATUS_OPTIONS}
          value={status ?? ''}
          onChange={(e) => setFilter('status', e.currentTarget.value)}
        />
        <FilterText
          label="Workflow"
          description="Its name, such as checkout or charge-due-orders"
          value={name}
          onSettled={(value) => setFilter('name', value.trim().toLowerCase())}
        />
      </Group>
      <PagedTable
        name="runs"
        label="Workflow runs"
        query={(offset) => runsQuery({ name: name || undefined, status }, offset, PAGE_SIZE)}
        empty="No runs match these filters."
        columns={[
          {
            accessor: 'workflowName',
            title: 'Workflow',
            render: (r) => (
              <Anchor component={Link} to={paths.run(r.workflowId)}>
                {r.workflowName}
              </Anchor>
            ),
          },
          {
            accessor: 'status',
            title: 'Status',
            render: (r) => <RunStatusBadge status={r.status} />,
          },
          { accessor: 'createdAt', title: 'Started', render: (r) => formatInstant(r.createdAt) },
          {
            accessor: 'durationMs',
            title: 'Duration',
            render: (r) => formatDuration(r.durationMs),
          },
          {
            accessor: 'workflowId',
            title: 'Run id',
            render: (r) => (
              <Text size="sm" ff="monospace">
                {r.workflowId}
              </Text>
            ),
          },
        ]}
      />
    </Stack>
  );
}
