import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page for someone not signed in (sign-in, choosing a password): one card, centred. */
export function PublicPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper component="main" withBorder shadow="sm" p="xl" w={400} maw="100%">
        <Stack>
          <div>
            <Title order={1} size="h2">
              {title}
            </Title>
            <Text c="gray.7" size="sm">
              PawFresh back office, for staff
            </Text>
          </div>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
