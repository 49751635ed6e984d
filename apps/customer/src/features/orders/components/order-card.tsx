import { Card, Group, Stack, Text } from '@mantine/core';
import type { CustomerDog } from '@pawfresh/contracts/account';
import { useId, type ReactNode } from 'react';

import { ProductImage } from '../../../components/ui/product-image';
import { boxContents, countOf, type Product } from '../utils/box-contents';
import {
  canChange,
  describeCutoff,
  formatDay,
  SLOT_WORDS,
  type Order,
} from '../utils/order-format';
import { describePayment, Fact, Price, StatusBadge } from './order-parts';
import classes from './orders.module.css';

type OrderCardProps = {
  order: Order;
  products: Map<string, Product>;
  dogs: readonly CustomerDog[] | undefined;
  now: Date;
  isNextPending?: boolean;
  /** Heading level of the box's date within the page. */
  headingLevel?: 'h3' | 'h2';
  /** The selected order (customer-app.md §4): outlined and marked `aria-current`. */
  selected?: boolean;
  /** "2 days left to change", on the next box that can still change. */
  countdown?: string | null;
  children?: ReactNode;
};

/** One box in a list: its date and slot, status, cut-off, what's in it per dog, the price. */
export function OrderCard({
  order,
  products,
  dogs,
  now,
  isNextPending = false,
  headingLevel = 'h3',
  selected = false,
  countdown = null,
  children,
}: OrderCardProps) {
  const headingId = useId();
  const contents = boxContents(order, products, dogs);
  const Heading = headingLevel;
  const upcoming = canChange(order, now);
  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      aria-current={selected ? 'true' : undefined}
      className={selected ? classes.selected : undefined}
      withBorder
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Heading id={headingId} className={classes.dogName} style={{ fontSize: '1.25rem' }}>
              {formatDay(order.deliveryDate, { long: true })}
            </Heading>
            <Text size="sm" c="dimmed">
              {SLOT_WORDS[order.expectedDeliverySlotId]} · Box #{order.orderNumber}
            </Text>
          </div>
          <StatusBadge order={order} />
        </Group>
        <div className={classes.thumbs}>
          {[...contents.dogs.flatMap((dogBox) => dogBox.meals), ...contents.extras].map((line) => (
            <ProductImage key={line.id} src={line.image} size={52} />
          ))}
        </div>
        <Text>
          {contents.dogs
            .map(
              (dogBox) =>
                `${countOf(dogBox.pouches, 'pouch', 'pouches')} for ${dogBox.dog?.name ?? 'your dog'} (${dogBox.meals.map((meal) => meal.name).join(', ')})`,
            )
            .join('; ')}
          {contents.extras.length > 0
            ? `${contents.dogs.length > 0 ? ', plus ' : ''}${contents.extras.map((extra) => extra.name).join(', ')}`
            : ''}
        </Text>
        <Group justify="space-between" align="flex-end" gap="sm">
          <ul className={classes.facts}>
            {upcoming ? <Fact icon="calendar">{describeCutoff(order, now)}</Fact> : null}
            <Fact icon="card">
              {describePayment(order)}
              {isNextPending ? ' (next payment)' : ''}
            </Fact>
          </ul>
          <Price order={order} />
        </Group>
        {countdown ? (
          <Text fw={800} c="paprika.8">
            {countdown}
          </Text>
        ) : null}
        {children}
      </Stack>
    </Card>
  );
}
