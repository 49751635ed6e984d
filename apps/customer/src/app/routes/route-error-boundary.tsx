import { Container } from '@mantine/core';
import { useRouteError } from 'react-router';

import { PageError } from '../../components/errors/page-error';

/** The root route's error element: a page whose loader or rendering failed. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  return (
    <Container component="main" size="sm" py="xl">
      <PageError error={error} />
    </Container>
  );
}
