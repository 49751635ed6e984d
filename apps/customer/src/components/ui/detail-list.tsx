import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type DetailItem = { label: string; value: ReactNode };

/** Label/value pairs as a description list (`<dl>`), one pair a line. */
export function DetailList({ items }: { items: readonly DetailItem[] }) {
  return (
    <Stack component="dl" gap="xs" m={0}>
      {items.map((item) => (
        <div key={item.label}>
          <Text component="dt" fw={600} size="sm">
            {item.label}
          </Text>
          <Text component="dd" m={0}>
            {item.value}
          </Text>
        </div>
      ))}
    </Stack>
  );
}
