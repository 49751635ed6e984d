import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';

import { paths } from '../../config/paths';

/** Any path the app does not know (customer-app.md §2). */
export default function NotFoundRoute() {
  const navigate = useNavigate();
  return (
    <Container size="sm" py="xl">
      <Stack align="flex-start" gap="md">
        <Title order={1}>Page not found</Title>
        <Text>
          We couldn’t find the page you were looking for. It may have moved, or the link may be out
          of date.
        </Text>
        <Button onClick={() => navigate(paths.deliveries)}>Go to deliveries</Button>
      </Stack>
    </Container>
  );
}
