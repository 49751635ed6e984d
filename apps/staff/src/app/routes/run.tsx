import { Alert, Anchor, Button, Code, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { RUN_STEPS_SHOWN } from '@pawfresh/contracts/orchestration';

import { Fact } from '../../components/fact';
import { LoadError, Loading } from '../../components/states';
import { runQuery } from '../../features/runs/queries';
import { RunActionDialog } from '../../features/runs/run-action-dialog';
import {
  RunStatusBadge,
  canCancel,
  canResume,
  formatDuration,
} from '../../features/runs/run-status';
import { formatInstant } from '../../lib/format';
import { useMe } from '../../lib/me';
import { paths } from '../../config/paths';

/** A value a run took or answered, as indented JSON (a long one arrives cut by the server). */
function Json({ value, label }: { value: unknown; label: string }) {
  return (
    // A region of its own: it scrolls, so a keyboard must reach it (axe).
    <Code
      block
      role="region"
      aria-label={label}
      tabIndex={0}
      style={{ maxHeight: 240, overflow: 'auto' }}
    >
      {JSON.stringify(value, null, 2)}
    </Code>
  );
}

/** Which of a long run's steps are shown, and buttons to the earlier and later ones. */
function StepPages({
  offset,
  shown,
  more,
  onOffset,
}: {
  offset: number;
  shown: number;
  more: boolean;
  onOffset: (offset: number) => void;
}) {
  return (
    <Group justify="space-between" mt="sm">
      <Text size="sm" aria-live="polite">
        {shown > 0
          ? `Steps ${offset + 1}–${offset + shown}${more ? ', and more after them' : ''}`
          : 'No steps this far'}
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          disabled={offset === 0}
          onClick={() => onOffset(Math.max(0, offset - RUN_STEPS_SHOWN))}
        >
          Earlier steps
        </Button>
        <Button
          variant="default"
          disabled={!more}
          onClick={() => onOffset(offset + RUN_STEPS_SHOWN)}
        >
          Later steps
        </Button>
      </Group>
    </Group>
  );
}

/** One run: its status, times, input, error and steps in order; resume or cancel for admins. */
export function RunPage() {
  const { workflowId = '' } = useParams();
  const { can } = useMe();
  // Which steps are shown is held in the URL, so a link to a bulk run's later steps works.
  const [search, setSearch] = useSearchParams();
  const stepsOffset = Math.max(0, Math.floor(Number(search.get('stepsFrom') ?? 0)) || 0);
  const run = useQuery(runQuery(workflowId, stepsOffset));
  const [acting, setActing] = useState<'resume' | 'cancel' | null>(null);

  if (run.isPending) return <Loading label="Loading the run…" />;
  if (run.isError) return <LoadError error={run.error} onRetry={() => void run.refetch()} />;
  const r = run.data;
  return (
    <Stack maw={1200} gap="lg">
      <Anchor component={Link} to={paths.runs}>
        All workflow runs
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>Run of {r.workflowName}</Title>
          <Text size="sm" ff="monospace" c="gray.7">
            {r.workflowId}
          </Text>
        </div>
        <Group>
          <RunStatusBadge status={r.status} />
          {can('runs:manage') && canResume(r.status) ? (
            <Button onClick={() => setActing('resume')}>Resume</Button>
          ) : null}
          {can('runs:manage') && canCancel(r.status, r.workflowName) ? (
            <Button color="red.9" variant="outline" onClick={() => setActing('cancel')}>
              Cancel run
            </Button>
          ) : null}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Fact label="Started">{formatInstant(r.createdAt)}</Fact>
        <Fact label="Ended">{r.completedAt ? formatInstant(r.completedAt) : 'Not yet'}</Fact>
        <Fact label="Duration">{formatDuration(r.durationMs)}</Fact>
        <Fact label="Started times">{r.recoveryAttempts}</Fact>
      </SimpleGrid>
      {r.parentWorkflowId ? (
        <Text>
          Part of run{' '}
          <Anchor component={Link} to={paths.run(r.parentWorkflowId)}>
            {r.parentWorkflowId}
          </Anchor>
        </Text>
      ) : null}
      {r.error ? (
        <Alert color="red" title={`It failed (${r.error.statusCode})`} role="alert">
          {r.error.message}
        </Alert>
      ) : null}
      <section aria-labelledby="input-heading">
        <Title order={2} size="h3" id="input-heading" mb="sm">
          Input
        </Title>
        <Json value={r.input} label="Input" />
      </section>
      <section aria-labelledby="steps-heading">
        <Title order={2} size="h3" id="steps-heading" mb="sm">
          Steps
        </Title>
        <DataTable
          aria-label="Steps"
          withTableBorder
          minHeight={r.steps.length ? undefined : 120}
          records={r.steps}
          idAccessor="stepId"
          noRecordsText="No step has run yet."
          columns={[
            { accessor: 'stepId', title: '#' },
            {
              accessor: 'name',
              title: 'Step',
              render: (s) =>
                s.childWorkflowId ? (
                  <Anchor component={Link} to={paths.run(s.childWorkflowId)}>
                    {s.name}
                  </Anchor>
                ) : (
                  s.name
                ),
            },
            {
              accessor: 'status',
              title: 'Status',
              render: (s) => (s.status === 'failed' ? 'Failed' : 'Done'),
            },
            {
              accessor: 'durationMs',
              title: 'Duration',
              render: (s) => formatDuration(s.durationMs),
            },
            {
              accessor: 'output',
              title: 'Output or error',
              width: '50%',
              render: (s) =>
                s.error ? (
                  <Text c="red.9" size="sm">
                    {s.error.statusCode}: {s.error.message}
                  </Text>
                ) : (
                  <Json value={s.output} label={`Output of step ${s.stepId}`} />
                ),
            },
          ]}
        />
        {stepsOffset > 0 || r.moreSteps ? (
          <StepPages
            offset={r.stepsOffset}
            shown={r.steps.length}
            more={r.moreSteps}
            onOffset={(next) =>
              setSearch((s) => {
                if (next > 0) s.set('stepsFrom', String(next));
                else s.delete('stepsFrom');
                return s;
              })
            }
          />
        ) : null}
      </section>
      {acting ? <RunActionDialog action={acting} run={r} onClose={() => setActing(null)} /> : null}
    </Stack>
  );
}
