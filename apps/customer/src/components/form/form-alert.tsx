import { Alert } from '@mantine/core';

/** The form-level error (e.g. the server's message), announced as an alert. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}
