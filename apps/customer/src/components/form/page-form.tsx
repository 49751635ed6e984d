import { Stack, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

import { FormAlert } from './form-alert';

/**
 * A form whose page checks and sends its values itself (rather than through `SchemaForm`): the
 * browser's own validation off, the page's `onSubmit`, and the form-level message on top.
 */
export function PageForm({
  onSubmit,
  formError,
  children,
  gap = 'lg',
  label,
}: {
  onSubmit: () => void;
  formError: string | null | undefined;
  children: ReactNode;
  gap?: MantineSpacing;
  /** Names the form when a page has more than one. */
  label?: string;
}) {
  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap={gap}>
        <FormAlert message={formError} />
        {children}
      </Stack>
    </form>
  );
}
