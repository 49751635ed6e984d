import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import { ApiError, UNEXPECTED_ERROR } from '../lib/api';

/** What a person should read about a failed call. */
export const messageOf = (error: unknown) =>
  error instanceof ApiError || error instanceof Error ? error.message : UNEXPECTED_ERROR;

/** A part of a page being loaded: announced, and sized so the page does not jump. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" aria-hidden />
        <Text c="gray.7">{label}</Text>
      </Group>
    </Center>
  );
}

/** A part of a page that could not load, with the way to try again. */
export function LoadError({
  title = 'This could not be loaded',
  error,
  onRetry,
}: {
  title?: string;
  error: unknown;
  onRetry?: () => void;
}) {
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{messageOf(error)}</Text>
        {onRetry ? (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** Nothing to show, said plainly. */
export function Empty({ children }: { children: ReactNode }) {
  return (
    <Text c="gray.7" py="md">
      {children}
    </Text>
  );
}
