import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';

import { describePrice, formatDay, type Order } from '../utils/order-format';
import classes from './orders.module.css';

type FailedPaymentProps = {
  order: Order;
  /** "Visa ending 4242", when the card on file is known. */
  card: string | null;
  /** Where the saved cards are. */
  updateCardPath: string;
};

/** A box whose payment failed: first on the page, with the way to fix it. */
export function FailedPayment({ order, card, updateCardPath }: FailedPaymentProps) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} className={classes.failed} shadow="none">
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          Payment needed for your box of {formatDay(order.deliveryDate)}
        </Title>
        <Text>
          We couldn’t take {describePrice(order).charge}
          {card ? ` from your ${card}` : ''}. Check your card details or choose another card, so
          your box can be made.
        </Text>
        <Group gap="sm">
          <Button component={Link} to={updateCardPath}>
            Update card
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
