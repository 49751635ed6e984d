import { Button, Group, Stack, Title } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, type LoaderFunction } from 'react-router';

import { PageError } from '../../../components/errors/page-error';
import { PageLoading } from '../../../components/feedback/page-loading';
import { paths } from '../../../config/paths';
import { getDogsQueryOptions, useDogs } from '../../../features/dogs/api/get-dogs';
import { DogList } from '../../../features/dogs/components/dog-list';
import { todayAsCalendarDate } from '../../../lib/calendar-date';
import { loadQuery } from '../../route-context';

export function clientLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ context }) => {
    await loadQuery(queryClient, context, getDogsQueryOptions(), { reload: true });
    return null;
  };
}

/** /dogs: the customer's dogs. */
export default function DogsRoute() {
  const dogs = useDogs();
  const [today] = useState(todayAsCalendarDate);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1}>Dogs</Title>
        <Button component={Link} to={paths.dogAdd}>
          Add a dog
        </Button>
      </Group>
      {dogs.data ? (
        <DogList dogs={dogs.data} today={today} />
      ) : dogs.isError ? (
        <PageError error={dogs.error} onRetry={() => dogs.refetch()} />
      ) : (
        <PageLoading />
      )}
    </Stack>
  );
}
