import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { Link, type LoaderFunction } from 'react-router';

import { PageError } from '../../../components/errors/page-error';
import { PageLoading } from '../../../components/feedback/page-loading';
import { EmptyState } from '../../../components/ui/empty-state';
import { orderEditPaths, paths } from '../../../config/paths';
import { getMeQueryOptions, useMe } from '../../../features/account/api/get-me';
import { getDogsQueryOptions, useDogs } from '../../../features/dogs/api/get-dogs';
import { getOrdersQueryOptions, useOrders } from '../../../features/orders/api/get-orders';
import { FailedPayment } from '../../../features/orders/components/failed-payment';
import { InvoiceButton } from '../../../features/orders/components/invoice-button';
import { hasTaxInvoice } from '@pawfresh/contracts/order-rules';
import { EditButton, NextBox } from '../../../features/orders/components/next-box';
import { OrderCard } from '../../../features/orders/components/order-card';
import { SkipBoxButton, SkippedBoxCard } from '../../../features/orders/components/skip-box';
import { canSkip } from '../../../features/orders/utils/skip-words';
import { productIndex } from '../../../features/orders/utils/box-contents';
import { deliveriesView } from '../../../features/orders/utils/order-lists';
import {
  canChange,
  changeCountdown,
  type Order,
} from '../../../features/orders/utils/order-format';
import { describeCard, usePaymentMethods } from '../../../features/payments/api/payment-methods';
import { getProductsQueryOptions, useProducts } from '../../../features/products/api/get-products';
import { PlanStatus } from '../../../features/subscriptions/components/plan-status';
import {
  currentSubscription,
  useSubscriptions,
} from '../../../features/subscriptions/api/get-subscriptions';
import { loadQuery } from '../../route-context';
import classes from '../../../features/orders/components/orders.module.css';

/**
 * The orders reload on entry (customer-app.md §2); the products, dogs and profile that dress them
 * come from the preload. Right after signing in everything is preloaded: no second round trip.
 */
export function clientLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ context }) => {
    await Promise.all([
      loadQuery(queryClient, context, getOrdersQueryOptions(), { reload: true }),
      loadQuery(queryClient, context, getProductsQueryOptions(), { reload: false }),
      loadQuery(queryClient, context, getDogsQueryOptions(), { reload: false }),
      loadQuery(queryClient, context, getMeQueryOptions(), { reload: false }),
    ]);
    return null;
  };
}

const PAST_SHOWN = 3;

function Section({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Stack component="section" gap="md" aria-label={title}>
      <Group justify="space-between" align="baseline">
        <Title order={2}>{title}</Title>
        {action}
      </Group>
      {children}
    </Stack>
  );
}

/** /deliveries: every box, the next one front and centre (customer-app.md §2, §4). */
export default function DeliveriesRoute() {
  const orders = useOrders();
  const products = useProducts();
  const dogs = useDogs();
  const me = useMe();
  const subscriptions = useSubscriptions();
  const plan = currentSubscription(subscriptions.data?.subscriptions);
  const [now] = useState(() => new Date());
  const productsById = useMemo(() => productIndex(products.data), [products.data]);
  const view = useMemo(() => (orders.data ? deliveriesView(orders.data) : null), [orders.data]);
  // The card on file, for a failed payment's message (only asked for when one failed).
  const cards = usePaymentMethods({ enabled: (view?.failed.length ?? 0) > 0 });
  const defaultCard = cards.data?.find((card) => card.default);

  // The lists below the next box render a moment after it, in a render of their own (ADR 013): the
  // first one, which paints the next box, is shorter, and so is each of the main thread's tasks.
  const showLists = useDeferredValue(true, false);

  const greeting = me.data ? `Hi ${me.data.firstName}` : 'Hi there';
  let content: ReactNode;
  if (!view) {
    content = orders.isError ? (
      <PageError error={orders.error} onRetry={() => orders.refetch()} />
    ) : (
      <PageLoading />
    );
  } else {
    // The box's edit pages (customer-app.md §2): date, address, each dog's meals, extras.
    const dogsIn = (order: Order) => [
      ...new Set(order.orderLineItems.flatMap((line) => (line.animalId ? [line.animalId] : []))),
    ];
    const dogName = (animalId: string) =>
      dogs.data?.find((dog) => dog.identifier === animalId)?.name ?? 'your dog';
    const editActions = (order: Order) => (
      <>
        <EditButton to={orderEditPaths.date(order.id)}>Change date</EditButton>
        <EditButton to={orderEditPaths.address(order.id)}>Change address</EditButton>
        {dogsIn(order).map((animalId) => (
          <EditButton key={animalId} to={orderEditPaths.meals(order.id, animalId)}>
            {`Change ${dogName(animalId)}’s meals`}
          </EditButton>
        ))}
        <EditButton to={orderEditPaths.editExtras(order.id, 'treat')}>Treats</EditButton>
        <EditButton to={orderEditPaths.editExtras(order.id, 'supplement')}>Supplements</EditButton>
        {canSkip(order, now) ? (
          <SkipBoxButton order={order} orders={orders.data!} variant="white" />
        ) : null}
      </>
    );
    // The countdown goes on the next box that can still change (docs/skipping.md).
    const openBox = [view.next, ...view.upcoming].find((o) => o && canChange(o, now)) ?? null;
    const countdownOf = (order: Order) =>
      order.id === openBox?.id ? changeCountdown(order, now) : null;
    // Skipped boxes show until their cut-off, muted, with Undo (docs/skipping.md).
    const skipped = (orders.data?.skippedOrders ?? []).filter(
      (order) => new Date(order.cutoffAt).getTime() > now.getTime(),
    );
    content = (
      <>
        {plan && plan.status !== 'active' ? (
          // Paused or cancelled: say so first, with the way back (the boxes after a pause's
          // restart date still show below).
          <Card component="section" aria-label="Your plan" shadow="sm" padding="lg" radius="lg">
            <Stack gap="sm">
              <Title order={2} size="h3">
                Your plan
              </Title>
              <PlanStatus />
            </Stack>
          </Card>
        ) : null}
        {view.failed.map((order) => (
          <FailedPayment
            key={order.id}
            order={order}
            card={defaultCard ? describeCard(defaultCard) : null}
            updateCardPath={paths.accountCards}
          />
        ))}
        {view.next ? (
          <NextBox
            order={view.next}
            products={productsById}
            dogs={dogs.data}
            days={view.daysById.get(view.next.id) ?? null}
            now={now}
            isNextPending={view.next.id === view.nextPendingOrderId}
            actions={editActions(view.next)}
            countdown={countdownOf(view.next)}
          />
        ) : plan && plan.status !== 'active' ? null : view.failed.length > 0 ? (
          // The box whose payment failed is the next one: nothing else is on the way until it is paid.
          <Text>Once the payment goes through, we make your box and it shows here.</Text>
        ) : (
          <EmptyState title="No boxes on the way">
            When your next box is planned, you’ll see it here: what’s in it for each dog, when it
            arrives and until when you can change it.
          </EmptyState>
        )}
        {showLists && view.upcoming.length > 0 ? (
          <Section title="Coming up">
            <ul className={`${classes.orderList} ${classes.orderGrid}`}>
              {view.upcoming.map((order) => (
                <li key={order.id}>
                  <OrderCard
                    order={order}
                    products={productsById}
                    dogs={dogs.data}
                    now={now}
                    isNextPending={order.id === view.nextPendingOrderId}
                    selected={order.id === view.selectedOrderId}
                    countdown={countdownOf(order)}
                  >
                    {canChange(order, now) ? (
                      <Group gap="xs">
                        {/* Everything the box's own page offers: when the next box is being
                            prepared, these are the only way to its meals and supplements. */}
                        {[
                          ['Change date', orderEditPaths.date(order.id)],
                          ['Change address', orderEditPaths.address(order.id)],
                          ...dogsIn(order).map((animalId) => [
                            `Change ${dogName(animalId)}’s meals`,
                            orderEditPaths.meals(order.id, animalId),
                          ]),
                          ['Treats', orderEditPaths.editExtras(order.id, 'treat')],
                          ['Supplements', orderEditPaths.editExtras(order.id, 'supplement')],
                        ].map(([label, to]) => (
                          <Button key={to} component={Link} to={to!} variant="light" size="xs">
                            {label}
                          </Button>
                        ))}
                        {canSkip(order, now) ? (
                          <SkipBoxButton order={order} orders={orders.data!} />
                        ) : null}
                      </Group>
                    ) : null}
                  </OrderCard>
                </li>
              ))}
            </ul>
          </Section>
        ) : null}
        {skipped.length > 0 ? (
          <Section title="Skipped">
            <ul className={`${classes.orderList} ${classes.orderGrid}`}>
              {skipped.map((order) => (
                <li key={order.id}>
                  <SkippedBoxCard order={order} now={now} />
                </li>
              ))}
            </ul>
          </Section>
        ) : null}
        {showLists && view.past.length > 0 ? (
          <Section
            title="Delivered"
            action={
              <Anchor component={Link} to={paths.accountOrderHistory} fw={700}>
                See all past boxes
              </Anchor>
            }
          >
            <ul className={`${classes.orderList} ${classes.orderGrid}`}>
              {view.past.slice(0, PAST_SHOWN).map((order) => (
                <li key={order.id}>
                  <OrderCard
                    order={order}
                    products={productsById}
                    dogs={dogs.data}
                    now={now}
                    selected={order.id === view.selectedOrderId}
                  >
                    {hasTaxInvoice(order) ? (
                      <Group>
                        <InvoiceButton order={order} />
                      </Group>
                    ) : null}
                  </OrderCard>
                </li>
              ))}
            </ul>
          </Section>
        ) : null}
      </>
    );
  }

  return (
    <Stack gap="xl">
      <div>
        <Text fw={700} c="paprika.8">
          {greeting}
        </Text>
        <Title order={1}>Your deliveries</Title>
      </div>
      {content}
      {view && view.next === null && view.upcoming.length === 0 ? (
        <Group>
          <Button component={Link} to={paths.dogs} variant="light">
            See your dogs
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
