import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Order } from '@pawfresh/contracts/order';
import type { StaffCustomerOverview } from '@pawfresh/contracts/staff';
import type { FeedingPlan, Subscription } from '@pawfresh/contracts/subscription';

import { Empty } from '../../components/states';
import { paths } from '../../config/paths';
import { formatCents, formatDate, formatInstant } from '../../lib/format';

const Label = ({ children }: { children: string }) => (
  <Text size="sm" c="gray.7">
    {children}
  </Text>
);

/** Who the customer is and how to reach them; their saved cards, masked. */
export function ProfileCards({ view }: { view: StaffCustomerOverview }) {
  const { customer: c, address, cards } = view;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      <Card withBorder>
        <Stack gap="xs">
          <div>
            <Label>E-mail</Label>
            <Text style={{ overflowWrap: 'anywhere' }}>{c.email}</Text>
          </div>
          <div>
            <Label>Phone</Label>
            <Text>{c.phoneNumber ?? 'None given'}</Text>
          </div>
          <div>
            <Label>Customer id</Label>
            <Text ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
              {c.id}
            </Text>
          </div>
        </Stack>
      </Card>
      <Card withBorder>
        <Label>Delivery address</Label>
        {address ? (
          <Text>
            {address.address1}
            {address.address2 ? `, ${address.address2}` : ''}
            <br />
            {address.suburb} {address.state} {address.postCode}
            {address.deliveryInstructions ? (
              <>
                <br />
                <Text span size="sm" c="gray.7">
                  {address.deliveryInstructions}
                </Text>
              </>
            ) : null}
          </Text>
        ) : (
          <Text>None saved</Text>
        )}
      </Card>
      <Card withBorder>
        <Label>Saved cards</Label>
        {cards.length === 0 ? (
          <Text>None saved</Text>
        ) : (
          <Stack gap={4}>
            {cards.map((card) => (
              <Group key={card.id} gap="xs">
                <Text tt="capitalize">{card.brand}</Text>
                <Text>•••• {card.last4Digits}</Text>
                <Text size="sm" c="gray.7">
                  {String(card.expiryMonth).padStart(2, '0')}/{card.expiryYear}
                </Text>
                {card.default ? (
                  <Badge size="sm" variant="outline" color="dark">
                    Default
                  </Badge>
                ) : null}
              </Group>
            ))}
          </Stack>
        )}
      </Card>
    </SimpleGrid>
  );
}

export type PlanAction = 'pause' | 'resume' | 'cancel' | 'reactivate';

/** Each plan change, its button, and the statuses it is offered from (the workflows' rule). */
const PLAN_ACTIONS: readonly [PlanAction, string, readonly Subscription['status'][]][] = [
  ['pause', 'Pause', ['active']],
  ['resume', 'Resume', ['paused']],
  ['cancel', 'Cancel subscription', ['active', 'paused']],
  ['reactivate', 'Reactivate', ['cancelled']],
];

/** Each subscription: status, cadence, price, the dogs' plans and portions, and its actions. */
export function Subscriptions({
  view,
  canChange,
  onChange,
  onChangeDogPlan,
}: {
  view: StaffCustomerOverview;
  canChange: boolean;
  onChange: (action: PlanAction, subscription: Subscription) => void;
  /** Changing one dog's recipes, portion or plan type (only offered with `canChange`). */
  onChangeDogPlan?: (subscription: Subscription, plan: FeedingPlan, dogName: string) => void;
}) {
  const dogName = (id: string) => view.dogs.find((d) => d.identifier === id)?.name ?? 'A dog';
  if (view.subscriptions.length === 0) return <Empty>No subscription.</Empty>;
  return (
    <Stack>
      {view.subscriptions.map((s) => (
        <Card withBorder key={s.id}>
          <Group justify="space-between" align="flex-start" mb="sm">
            <div>
              <Group gap="xs">
                <Text fw={600}>Subscription</Text>
                <Badge variant={s.status === 'active' ? 'filled' : 'outline'} color="dark">
                  Status: {s.status}
                </Badge>
              </Group>
              <Text size="sm">
                Every {s.cadenceInWeeks} week{s.cadenceInWeeks === 1 ? '' : 's'},{' '}
                {s.preferredDeliverySlotId ?? 'any'} deliveries,{' '}
                {formatCents(s.feedingPlanTotalPrice)} a box ({s.feedingPlanTotalPouches} pouches)
                {s.status === 'paused' && s.resumeAt
                  ? `; resumes ${formatDate(s.resumeAt.slice(0, 10))}`
                  : ''}
              </Text>
            </div>
            {canChange ? (
              <Group gap="xs">
                {PLAN_ACTIONS.filter(([, , from]) => from.includes(s.status)).map(
                  ([action, label]) => (
                    <Button
                      key={action}
                      size="xs"
                      variant="default"
                      onClick={() => onChange(action, s)}
                    >
                      {label}
                    </Button>
                  ),
                )}
              </Group>
            ) : null}
          </Group>
          <Table.ScrollContainer minWidth={600}>
            <Table aria-label="Feeding plans" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Dog</Table.Th>
                  <Table.Th>Plan</Table.Th>
                  <Table.Th>Daily portion</Table.Th>
                  <Table.Th>Pouches</Table.Th>
                  <Table.Th>Per box</Table.Th>
                  <Table.Th>Status</Table.Th>
                  {canChange && onChangeDogPlan ? <Table.Th>Actions</Table.Th> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {s.feedingPlans.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>{dogName(p.animalId)}</Table.Td>
                    <Table.Td>{p.type.replace(/_/g, ' ')}</Table.Td>
                    <Table.Td>
                      {p.currentDailyServingSizeInGrams} g ({p.servingSize})
                    </Table.Td>
                    <Table.Td>
                      {p.pouchesPerDay} a day × {p.currentPouchSizeInGrams} g ({p.totalPouches} a
                      box)
                    </Table.Td>
                    <Table.Td>{formatCents(p.totalPrice)}</Table.Td>
                    <Table.Td>{p.status}</Table.Td>
                    {canChange && onChangeDogPlan ? (
                      <Table.Td>
                        {p.status === 'active' && ['active', 'paused'].includes(s.status) ? (
                          <Button
                            size="compact-xs"
                            variant="default"
                            onClick={() => onChangeDogPlan(s, p, dogName(p.animalId))}
                            aria-label={`Change plan for ${dogName(p.animalId)}`}
                          >
                            Change plan
                          </Button>
                        ) : null}
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      ))}
    </Stack>
  );
}

const BOX_ACTIONS = [
  ['move', 'Move'],
  ['move-all', 'Move all'],
  ['address', 'Address'],
  ['skip', 'Skip'],
] as const;

/** What staff can do to a box to come from the customer page. */
export type BoxAction = (typeof BOX_ACTIONS)[number][0] | 'retry';

/** What can be done to a box now, as buttons named for the box (screen readers hear which). */
export function BoxActionButtons({
  order: o,
  canChange,
  canRetry,
  onChange,
}: {
  order: Order;
  canChange: boolean;
  canRetry: boolean;
  onChange: (action: BoxAction, order: Order) => void;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      {canRetry && o.paymentStatus === 'attempt_failed' ? (
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => onChange('retry', o)}
          aria-label={`Retry payment of box #${o.orderNumber}`}
        >
          Retry payment
        </Button>
      ) : null}
      {(canChange ? BOX_ACTIONS : []).map(([action, label]) => (
        <Button
          key={action}
          size="compact-sm"
          variant="light"
          onClick={() => onChange(action, o)}
          aria-label={`${label} box #${o.orderNumber} of ${formatDate(o.deliveryDate)}`}
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}

/**
 * The boxes to come: what is in them, when changes close, what they cost and when they are paid;
 * with orders:write, skipping or moving each.
 */
export function UpcomingBoxes({
  view,
  canChange,
  canRetry,
  onChange,
}: {
  view: StaffCustomerOverview;
  canChange: boolean;
  /** payments:charge: a box whose payment failed can be charged now. */
  canRetry: boolean;
  onChange: (action: BoxAction, order: Order) => void;
}) {
  const withActions = canChange || canRetry;
  if (view.upcomingBoxes.length === 0) return <Empty>No boxes to come.</Empty>;
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table aria-label="Boxes to come" withTableBorder verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Order</Table.Th>
            <Table.Th>Delivery</Table.Th>
            <Table.Th>Changes close</Table.Th>
            <Table.Th>Payment date</Table.Th>
            <Table.Th>Price</Table.Th>
            <Table.Th>Contents</Table.Th>
            <Table.Th>Status</Table.Th>
            {withActions ? <Table.Th>Actions</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {view.upcomingBoxes.map(({ order: o, contents }) => (
            <Table.Tr key={o.id}>
              <Table.Td>
                <Anchor component={Link} to={paths.order(o.userId, o.id)}>
                  #{o.orderNumber}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {formatDate(o.deliveryDate)} {o.expectedDeliverySlotId}
              </Table.Td>
              <Table.Td>{formatInstant(o.cutoffAt)}</Table.Td>
              <Table.Td>{formatDate(o.billingDate)}</Table.Td>
              <Table.Td>{formatCents(o.totalCharge)}</Table.Td>
              <Table.Td>
                {contents.map((item, i) => (
                  <Text size="sm" key={i}>
                    {item.quantity} × {item.name}
                    {item.oneOff ? ' (one-off)' : ''}
                  </Text>
                ))}
              </Table.Td>
              <Table.Td>
                {/* Never narrower than its word: in the crowded table it showed "FUT…". */}
                <Badge variant="outline" color="dark" miw="max-content">
                  {o.displayType}
                </Badge>
              </Table.Td>
              {withActions ? (
                <Table.Td>
                  <BoxActionButtons
                    order={o}
                    canChange={canChange}
                    canRetry={canRetry}
                    onChange={onChange}
                  />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
