import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { PackingBoard } from '@pawfresh/contracts/staff-packing';
import { progressStatuses } from '@pawfresh/contracts/staff-packing';
import { jobStatuses } from '@pawfresh/contracts/fulfilment';

import { JOB_STATUS } from './job-status';

/** The make date's progress: boxes queued, in progress, packed, palletised, then the rest. */
export function ProgressCounters({ counts }: { counts: PackingBoard['counts'] }) {
  const others = jobStatuses.filter(
    (s) => !(progressStatuses as readonly string[]).includes(s) && counts[s] > 0,
  );
  return (
    <section aria-label="Progress">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {progressStatuses.map((s) => (
          <Paper key={s} withBorder p="sm">
            <Text size="sm" c="gray.7">
              {JOB_STATUS[s].label}
            </Text>
            <Text fz={28} fw={700} aria-label={`${JOB_STATUS[s].label}: ${counts[s]} boxes`}>
              {counts[s]}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Text size="sm" c="gray.7" mt="xs">
        {others.length === 0
          ? 'No boxes waiting in other states.'
          : `Also: ${others.map((s) => `${counts[s]} ${JOB_STATUS[s].label.toLowerCase()}`).join(', ')}.`}
      </Text>
    </section>
  );
}
