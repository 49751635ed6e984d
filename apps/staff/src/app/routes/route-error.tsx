import { Container, Title } from '@mantine/core';
import { useRevalidator, useRouteError } from 'react-router';

import { LoadError } from '../../components/states';

/** A page that could not load (its data, or its code after a deploy): say so, offer to retry. */
export function RouteError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  return (
    <Container size="sm" py="xl">
      <Title order={1} size="h2" mb="md">
        Something went wrong
      </Title>
      <LoadError error={error} onRetry={() => void revalidator.revalidate()} />
    </Container>
  );
}
