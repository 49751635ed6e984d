import { Alert } from '@mantine/core';
import { useEffect, useRef } from 'react';

/**
 * The form-level error (e.g. the server's message), announced as an alert. It takes the focus
 * when it appears (and so is scrolled to): on a phone the button pressed is far below it, and a
 * refusal drawn out of sight with the focus left on <body> looks like a button that did nothing
 * (issue 28).
 */
export function FormAlert({ message }: { message: string | null | undefined }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const alert = ref.current;
    if (!message || !alert) return;
    // Centred rather than scrolled to the nearest edge: at the edge a phone's viewport can still
    // cut its last line off (it was drawn 1 px below the screen at 390 px).
    alert.focus({ preventScroll: true });
    alert.scrollIntoView?.({ block: 'center' });
  }, [message]);
  if (!message) return null;
  return (
    <Alert ref={ref} tabIndex={-1} color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}
