import { Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { migrationStatuses } from '@pawfresh/contracts/legacy';
import type { StaffMigrationCohort } from '@pawfresh/contracts/staff-migration';

import { COHORT_WORDS, STATUS_WORDS } from './words';

/** One cohort: its customers by status as a bar, and the same numbers in words beside it. */
function CohortCard({ cohort }: { cohort: StaffMigrationCohort }) {
  const name = COHORT_WORDS[cohort.cohort] ?? cohort.cohort;
  return (
    <Paper withBorder p="md" component="section" aria-label={name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="baseline">
          <Title order={3} size="h4">
            {name}
          </Title>
          <Text size="sm" c="gray.7">
            {cohort.total.toLocaleString('en-AU')} customers
          </Text>
        </Group>
        <Progress.Root size="xl" aria-hidden>
          {migrationStatuses.map((s) =>
            cohort.byStatus[s] > 0 ? (
              <Progress.Section
                key={s}
                value={(cohort.byStatus[s] / Math.max(1, cohort.total)) * 100}
                color={STATUS_WORDS[s].color}
              />
            ) : null,
          )}
        </Progress.Root>
        <SimpleGrid cols={{ base: 2, xs: 3, xl: 5 }} spacing="xs" component="dl" m={0}>
          {migrationStatuses.map((s) => (
            <div key={s}>
              <Text component="dt" size="xs" c="gray.7">
                <Text span inherit c={STATUS_WORDS[s].color} aria-hidden>
                  ●{' '}
                </Text>
                {STATUS_WORDS[s].label}
              </Text>
              <Text component="dd" m={0} fw={600}>
                {cohort.byStatus[s].toLocaleString('en-AU')}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** Every cohort counted by migration status. */
export function CohortCounts({ cohorts }: { cohorts: readonly StaffMigrationCohort[] }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {cohorts.map((c) => (
        <CohortCard key={c.cohort} cohort={c} />
      ))}
    </SimpleGrid>
  );
}
