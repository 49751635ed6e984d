import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled fact on a page (a run's start, a customer's cohort): the label small above it. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text>{children}</Text>
    </div>
  );
}
