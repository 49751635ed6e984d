import { Alert, Text } from '@mantine/core';
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

/** Shown when a page fails to load (customer-app.md §2). */
export function PageError({ error }: { error: unknown }) {
  return (
    <Alert color="red" variant="light" role="alert">
      <Text>Error loading page: {getErrorMessage(error)}</Text>
    </Alert>
  );
}
