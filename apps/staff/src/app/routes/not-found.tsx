import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

import { paths } from '../../config/paths';

export function NotFoundPage() {
  return (
    <Stack>
      <Title order={1}>Page not found</Title>
      <Text>There is no page at this address in the back office.</Text>
      <Anchor component={Link} to={paths.home}>
        Go to the start page
      </Anchor>
    </Stack>
  );
}
