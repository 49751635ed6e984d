import { Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A part of a page: a heading people (and screen readers) can jump to. */
export function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <Title order={2} size="h3" id={`${id}-heading`} mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}
