import { Button, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { isRouteErrorResponse } from 'react-router';

const UNKNOWN_ERROR = 'Unknown error';

/** The message of whatever a page's loading threw, or "Unknown error". */
export function getErrorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    return [error.status, error.statusText].filter(Boolean).join(' ') || UNKNOWN_ERROR;
  }
  if (typeof error === 'string') return error.trim() || UNKNOWN_ERROR;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message } = error;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return UNKNOWN_ERROR;
}

type PageErrorProps = {
  error: unknown;
  /** Loads the page's data again (e.g. a query's `refetch`); the button is busy meanwhile. */
  onRetry?: () => unknown;
};

/**
 * Shown when a page fails to load (customer-app.md §2): "Error loading page: " and the message in
 * `role="alert"`, and a Retry button beside it (outside the alert, so the alert says exactly the
 * spec's words).
 */
export function PageError({ error, onRetry }: PageErrorProps) {
  const [retrying, setRetrying] = useState(false);
  return (
    <Paper withBorder radius="lg" p="lg" bg="white">
      <Stack gap="md" align="flex-start">
        <Text role="alert" fw={600}>
          Error loading page: {getErrorMessage(error)}
        </Text>
        {onRetry ? (
          <Button
            loading={retrying}
            onClick={() => {
              setRetrying(true);
              void Promise.resolve(onRetry()).finally(() => setRetrying(false));
            }}
          >
            Retry
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
