import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { CustomerDog } from '@pawfresh/contracts/account';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';

import { ProductImage } from '../../../components/ui/product-image';
import { boxContents, type Product } from '../utils/box-contents';
import {
  canChange,
  describeCutoff,
  formatDay,
  SLOT_WORDS,
  type Order,
} from '../utils/order-format';
import { DogMeals, Extras } from './box-contents';
import { describePayment, Fact, Price, StatusBadge } from './order-parts';
import classes from './orders.module.css';

type NextBoxProps = {
  order: Order;
  products: Map<string, Product>;
  dogs: readonly CustomerDog[] | undefined;
  /** Days the box lasts (until the one after it). */
  days: number | null;
  now: Date;
  /** The order whose payment is the next to be taken (customer-app.md §4). */
  isNextPending: boolean;
  /** Links to the edit pages, when they exist. */
  actions?: ReactNode;
  /** "2 days left to change", on the next box that can still change. */
  countdown?: string | null;
};

/** The selected order (customer-app.md §4), front and centre: when, what's in it, what it costs. */
export function NextBox({
  order,
  products,
  dogs,
  days,
  now,
  isNextPending,
  actions,
  countdown = null,
}: NextBoxProps) {
  const headingId = useId();
  const contents = boxContents(order, products, dogs);
  // Up to three of the box's meals, pictured together.
  const heroImages = [
    ...new Set(
      contents.dogs.flatMap((dogBox) => dogBox.meals.map((meal) => meal.image)).filter(Boolean),
    ),
  ].slice(0, 3) as string[];
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      className={classes.hero}
      padding={0}
      shadow="md"
    >
      <div className={classes.heroTop}>
        <Stack gap="sm">
          <Group gap="xs">
            <Text fw={800} tt="uppercase" size="sm" c="paprika.8" lts="0.06em">
              Your next box
            </Text>
            <StatusBadge order={order} />
          </Group>
          <h2 id={headingId} className={classes.heroDate}>
            {formatDay(order.deliveryDate, { long: true })}
          </h2>
          <ul className={classes.facts}>
            <Fact icon="clock">{SLOT_WORDS[order.expectedDeliverySlotId]}</Fact>
            <Fact icon="pin">
              {order.address.address1}, {order.address.suburb}
            </Fact>
            <Fact icon="calendar">
              {canChange(order, now)
                ? describeCutoff(order, now)
                : 'Changes have closed for this box'}
            </Fact>
          </ul>
          {countdown ? (
            <Text fw={800} c="paprika.8">
              {countdown}
            </Text>
          ) : null}
          {canChange(order, now) && actions ? <Group gap="xs">{actions}</Group> : null}
        </Stack>
        <div className={classes.heroArt}>
          {heroImages.map((src, index) => (
            <ProductImage key={src} src={src} size={index === 0 ? 140 : 104} />
          ))}
        </div>
      </div>
      <div className={classes.heroBody}>
        <div>
          {contents.dogs.map((dogBox) => (
            <DogMeals key={dogBox.animalId} dogBox={dogBox} days={days} imageSize={72} />
          ))}
          {contents.extras.length > 0 ? (
            <div style={{ marginTop: 'var(--mantine-spacing-lg)' }}>
              <Extras extras={contents.extras} />
            </div>
          ) : null}
        </div>
        <Stack className={classes.priceBox} gap="xs">
          <Text fw={800}>Box total</Text>
          <Price order={order} />
          <ul className={classes.facts}>
            <Fact icon="card">{describePayment(order)}</Fact>
          </ul>
          {isNextPending ? (
            <Badge color="sage.8" variant="filled" radius="xl" tt="none">
              Next payment
            </Badge>
          ) : null}
        </Stack>
      </div>
    </Card>
  );
}

export function EditButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button component={Link} to={to} variant="white" size="sm">
      {children}
    </Button>
  );
}
