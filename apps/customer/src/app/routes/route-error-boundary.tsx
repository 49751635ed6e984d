import { Container } from '@mantine/core';
import { useRevalidator, useRouteError } from 'react-router';

import { PageError } from '../../components/errors/page-error';

/** The root route's error element: a page whose loader or rendering failed. Retry runs the loaders again. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  return (
    <Container component="main" size="sm" py="xl">
      <PageError error={error} onRetry={() => revalidator.revalidate()} />
    </Container>
  );
}
