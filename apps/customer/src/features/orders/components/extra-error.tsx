import { Alert, Button, Stack, Text } from '@mantine/core';

import { ApiError } from '../../../lib/api-client';

/**
 * A change of an extra that failed: the spec's words ("Failed to update one-off order extra"),
 * the server's own reason when it gave one, and Retry.
 */
export function ExtraError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const title = error instanceof Error ? error.message : 'Unspecified server error';
  const reason = error instanceof ApiError ? error.serverError : undefined;
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Stack gap="xs" align="flex-start">
        {reason && reason !== title ? <Text size="sm">{reason}</Text> : null}
        <Button size="xs" variant="white" color="red.9" onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}
