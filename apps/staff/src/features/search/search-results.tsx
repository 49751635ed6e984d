import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { StaffSearchResult } from '@pawfresh/contracts/staff';

import { paths } from '../../config/paths';
import { formatDate } from '../../lib/format';
import { MATCHED_LABEL } from './search-query';

/** Where a result opens: an order number its box, anything else the customer. */
export const resultPath = (r: StaffSearchResult) =>
  r.matched === 'orderNumber' && r.order
    ? paths.order(r.customer.id, r.order.id)
    : paths.customer(r.customer.id);

export const resultKey = (r: StaffSearchResult) =>
  `${r.customer.id}:${r.matched}:${r.order?.id ?? ''}`;

/** One result: who the customer is, and what matched (the order, when it was an order's). */
export function SearchResultRow({
  result,
  onOpen,
}: {
  result: StaffSearchResult;
  onOpen: (result: StaffSearchResult) => void;
}) {
  const { customer, order } = result;
  return (
    <UnstyledButton
      onClick={() => onOpen(result)}
      p="sm"
      w="100%"
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      className="search-result"
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <Text fw={600}>
            {customer.firstName} {customer.lastName}
          </Text>
          <Text size="sm" c="gray.7">
            {customer.email}
            {customer.phoneNumber ? ` · ${customer.phoneNumber}` : ''}
          </Text>
          {order ? (
            <Text size="sm">
              Order #{order.orderNumber}, delivery {formatDate(order.deliveryDate)}
            </Text>
          ) : null}
        </Stack>
        <Badge variant="outline" color="dark" style={{ flexShrink: 0 }}>
          {MATCHED_LABEL[result.matched]}
        </Badge>
      </Group>
    </UnstyledButton>
  );
}
