import { Anchor, Group, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';

import { messageOf } from '../../components/states';
import { failedRunsCountQuery } from './queries';

/**
 * How many workflow runs failed, on the home page: a failed run is otherwise invisible until a
 * customer complains. Links to the runs list filtered to the failed ones.
 */
export function FailedRunsCount({ to }: { to: string }) {
  const count = useQuery({ ...failedRunsCountQuery(), refetchInterval: 60_000 });
  const total = count.data?.total;
  const words = count.isPending
    ? 'Counting failed workflow runs…'
    : count.isError
      ? `Failed workflow runs could not be counted: ${messageOf(count.error)}`
      : `${total}${count.data.totalIsAtLeast ? '+' : ''} failed workflow ${total === 1 ? 'run' : 'runs'}`;
  return (
    <Paper withBorder p="md" maw={420}>
      <Group justify="space-between">
        <Text fw={600} c={total ? 'red.9' : undefined} role="status">
          {words}
        </Text>
        <Anchor component={Link} to={to}>
          See them
        </Anchor>
      </Group>
    </Paper>
  );
}
