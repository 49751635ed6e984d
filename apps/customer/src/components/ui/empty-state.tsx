import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

import classes from './empty-state.module.css';

type EmptyStateProps = {
  title: string;
  children?: ReactNode;
  /** A call to action (a button or link). */
  action?: ReactNode;
  /** Heading level within the page. */
  order?: 2 | 3;
};

/** Nothing to show yet: a friendly bowl, what it means in plain words, and what to do next. */
export function EmptyState({ title, children, action, order = 2 }: EmptyStateProps) {
  return (
    <Stack className={classes.root} align="center" gap="sm">
      <svg width="72" height="56" viewBox="0 0 72 56" aria-hidden="true" focusable="false">
        <ellipse cx="36" cy="22" rx="30" ry="9" fill="#e8dcc7" />
        <path d="M6 22 Q36 70 66 22 Z" fill="#a8421a" />
        <ellipse cx="36" cy="22" rx="25" ry="6" fill="#f4ead8" />
      </svg>
      <Title order={order} size="h3" ta="center">
        {title}
      </Title>
      {children ? (
        <Text ta="center" c="dimmed" maw="32rem">
          {children}
        </Text>
      ) : null}
      {action}
    </Stack>
  );
}
