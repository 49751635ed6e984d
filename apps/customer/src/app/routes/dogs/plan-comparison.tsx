import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Table.layer.css';
import { Badge, List, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { AccountResponse } from '@pawfresh/contracts/account';

import { useOrders } from '../../../features/orders/api/get-orders';
import { boxDay, compareSides } from '../../../features/subscriptions/utils/plan-words';

type Review = Pick<
  AccountResponse<'reviewUpdateSubscriptionServingSize'>,
  'before' | 'after' | 'orders'
>;

/** The delivery dates of the orders the app has loaded, by id. */
function useDeliveryDates(): Map<string, string> {
  const orders = useOrders();
  const dates = new Map<string, string>();
  const lists = orders.data;
  if (lists) {
    for (const o of [
      ...lists.pastOrders,
      ...lists.currentOrders,
      ...lists.futureOrders,
      ...lists.failedOrders,
    ]) {
      dates.set(o.id, o.deliveryDate);
    }
  }
  return dates;
}

/**
 * A plan change side by side (review or result): the dog's portion in grams and pouches a day,
 * pouches and price per box and per day, then the boxes that change and those left as they are.
 */
export function PlanComparison({
  review,
  animalId,
  dogName,
  done = false,
}: {
  review: Review;
  animalId: string;
  dogName: string;
  /** The result page: "changed" rather than "will change". */
  done?: boolean;
}) {
  const rows = compareSides(review.before, review.after, animalId);
  const dates = useDeliveryDates();
  const { updatedOrderIds, leftOrders } = review.orders;
  return (
    <Stack gap="lg">
      <Table.ScrollContainer minWidth={300}>
        <Table verticalSpacing="sm" captionSide="top" w="100%">
          <Table.Caption
            style={{ textAlign: 'left', fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' }}
          >{`${dogName}’s plan`}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">
                <VisuallyHidden>What</VisuallyHidden>
              </Table.Th>
              <Table.Th scope="col" ta="left">
                {done ? 'Before' : 'Now'}
              </Table.Th>
              <Table.Th scope="col" ta="left">
                {done ? 'Now' : 'After the change'}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.label}>
                <Table.Th scope="row" fw={600} ta="left">
                  {row.label}
                </Table.Th>
                <Table.Td>{row.before}</Table.Td>
                <Table.Td fw={row.changed ? 700 : undefined}>
                  {row.after}
                  {row.changed ? (
                    <Badge ml="xs" size="sm" variant="filled" color="sage.8">
                      {done ? 'changed' : 'new'}
                    </Badge>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {done ? 'Boxes changed' : 'Boxes that change'}
        </Title>
        {updatedOrderIds.length > 0 ? (
          <List>
            {updatedOrderIds.map((id) => (
              <List.Item key={id}>{boxDay(id, dates)}</List.Item>
            ))}
          </List>
        ) : (
          <Text>None of your boxes to come {done ? 'changed' : 'change'}.</Text>
        )}
      </Stack>
      {leftOrders.length > 0 ? (
        <Stack gap="xs">
          <Title order={2} size="h4">
            Boxes left as they are
          </Title>
          <List>
            {leftOrders.map((left) => (
              <List.Item key={left.orderId}>
                <Text span fw={600}>
                  {boxDay(left.orderId, dates, left.deliveryDate)}
                </Text>
                : {left.message}
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
    </Stack>
  );
}
