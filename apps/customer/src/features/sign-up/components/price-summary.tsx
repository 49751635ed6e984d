import { Divider, Group, Stack, Text } from '@mantine/core';
import type { SignUpPlans } from '@pawfresh/contracts/account-sign-up';

import { formatCents } from '../../../lib/format';

/** The box's prices: what the first box costs (after a code), then every box (docs/sign-up.md). */
export function PriceSummary({ priced }: { priced: SignUpPlans }) {
  const every = `every ${priced.cadenceInWeeks} weeks`;
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text>Each box ({every})</Text>
        <Text fw={600}>{formatCents(priced.boxPrice)}</Text>
      </Group>
      {priced.promotion && priced.promotion.discountTotal > 0 ? (
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text>Code {priced.promotion.code.toUpperCase()} on your first box</Text>
          <Text fw={600}>−{formatCents(priced.promotion.discountTotal)}</Text>
        </Group>
      ) : null}
      <Divider />
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={700}>First box</Text>
        <Text fw={700} data-testid="first-box-price">
          {formatCents(priced.firstBoxPrice)}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        That’s {formatCents(priced.dailyPrice)} a day for all your dogs at the full price.
      </Text>
    </Stack>
  );
}
