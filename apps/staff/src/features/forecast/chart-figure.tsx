import { Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';

/**
 * A chart with its caption and the same numbers as a table: the table is read by screen readers
 * while hidden, and shown to anyone who asks ("Show the numbers"). The chart itself is inert (hidden
 * from assistive technology and the keyboard), which read the table instead.
 */
export function ChartFigure({
  caption,
  chart,
  table,
}: {
  caption: ReactNode;
  chart: ReactNode;
  table: ReactNode;
}) {
  const [showTable, setShowTable] = useState(false);
  const captionId = useId();
  return (
    <Stack component="figure" gap="xs" m={0} aria-labelledby={captionId}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Text component="figcaption" id={captionId} size="sm" c="gray.7" maw={720}>
          {caption}
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          aria-expanded={showTable}
          onClick={() => setShowTable((shown) => !shown)}
        >
          {showTable ? 'Hide the numbers' : 'Show the numbers'}
        </Button>
      </Group>
      {/* inert: hidden from assistive technology and out of the tab order (recharts focuses). */}
      <div inert>{chart}</div>
      {showTable ? table : <VisuallyHidden>{table}</VisuallyHidden>}
    </Stack>
  );
}
