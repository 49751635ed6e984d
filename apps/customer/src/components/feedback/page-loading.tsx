import { Center, Group, Loader, Text } from '@mantine/core';

/** Shown while a page loads (customer-app.md §2). */
export function PageLoading() {
  return (
    <Center mih="50vh" p="md">
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text>Loading…</Text>
      </Group>
    </Center>
  );
}
