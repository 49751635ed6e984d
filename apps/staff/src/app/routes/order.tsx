import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { StaffResponse } from '@pawfresh/contracts/staff';

import { Section } from '../../components/section';
import { Empty, LoadError, Loading } from '../../components/states';
import { paths } from '../../config/paths';
import {
  AddExtraDialog,
  BoxChange,
  RemoveExtraDialog,
} from '../../features/customer/box-change-dialogs';
import { BoxMealsDialog } from '../../features/customer/meal-dialogs';
import { BoxActionButtons, type BoxAction } from '../../features/customer/overview-sections';
import { api } from '../../lib/api';
import { formatCents, formatDate, formatInstant, actorLabel } from '../../lib/format';
import { useMe } from '../../lib/me';

/** Under the customer's key, so an action on the box (which reads the customer again) reads it too. */
const orderDetailQuery = (customerId: string, orderId: string) =>
  queryOptions({
    queryKey: ['customer', customerId, 'order', orderId],
    queryFn: ({ signal }) =>
      api.get<StaffResponse<'orderDetail'>>(`/customers/${customerId}/orders/${orderId}`, {
        signal,
      }),
  });

const Label = ({ children }: { children: string }) => (
  <Text size="sm" c="gray.7">
    {children}
  </Text>
);

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Label>{label}</Label>
      <Text>{children}</Text>
    </div>
  );
}

/** A table that scrolls sideways on a phone instead of squeezing its columns. */
function Listing({ label, heads, rows }: { label: string; heads: string[]; rows: ReactNode[][] }) {
  return (
    // Native scrolling, focusable: on a phone the table scrolls sideways with the keyboard too.
    <Table.ScrollContainer
      minWidth={640}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={`${label} (scrolls sideways)`}
    >
      <Table aria-label={label} withTableBorder verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {heads.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((cells, i) => (
            <Table.Tr key={i}>
              {cells.map((c, j) => (
                <Table.Td key={j}>{c}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * One box: what is in it and what it costs, when and where it goes, its payment attempts and
 * refunds, the courier's shipment, and its history; with the actions on it the role may take.
 */
export function OrderPage() {
  const { customerId = '', orderId = '' } = useParams();
  const { can } = useMe();
  const detail = useQuery(orderDetailQuery(customerId, orderId));
  const [change, setChange] = useState<BoxAction | null>(null);
  const [adding, setAdding] = useState(false);
  const [changingMeals, setChangingMeals] = useState(false);
  const [removing, setRemoving] = useState<{ id: string; name: string; quantity: number } | null>(
    null,
  );

  if (detail.isPending) return <Loading label="Loading the box…" />;
  if (detail.isError) {
    return <LoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  }
  const { order: o, contents, payments, shipments, events, people, history } = detail.data;
  const a = o.address;
  return (
    <Stack maw={1200} gap="xl">
      <div>
        <Anchor component={Link} to={paths.customer(customerId)} size="sm">
          Back to {a.firstName} {a.lastName}
        </Anchor>
        <Group gap="sm" mt="xs">
          <Title order={1}>Box #{o.orderNumber}</Title>
          <Badge variant="outline" color="dark">
            {o.displayType}
          </Badge>
        </Group>
        <Text c="gray.7" size="sm">
          Delivery {formatDate(o.deliveryDate)} {o.expectedDeliverySlotId} · payment{' '}
          {o.paymentStatus.replace('_', ' ')} · fulfilment {o.fulfilmentStatus}
        </Text>
      </div>
      {can('orders:write') || can('payments:charge') ? (
        <BoxActionButtons
          order={o}
          canChange={can('orders:write')}
          canRetry={can('payments:charge')}
          onChange={(action) => setChange(action)}
        />
      ) : null}

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <Card withBorder>
          <Stack gap="xs">
            <Fact label="Delivery">
              {formatDate(o.deliveryDate)} ({o.expectedDeliverySlotId})
            </Fact>
            <Fact label="Changes close">{formatInstant(o.cutoffAt)}</Fact>
            <Fact label="Made on">{formatDate(o.makeDate)}</Fact>
          </Stack>
        </Card>
        <Card withBorder>
          <Stack gap="xs">
            <Fact label="Address">
              {a.address1}
              {a.address2 ? `, ${a.address2}` : ''}, {a.suburb} {a.state} {a.postcode}
            </Fact>
            <Fact label="Delivery note">{o.deliveryNote || 'None'}</Fact>
          </Stack>
        </Card>
        <Card withBorder>
          <Stack gap="xs">
            <Fact label="Price">{formatCents(o.totalPrice)}</Fact>
            <Fact label="To charge">{formatCents(o.totalCharge)}</Fact>
            <Fact label="Payment date">{formatDate(o.billingDate)}</Fact>
          </Stack>
        </Card>
      </SimpleGrid>

      <Section id="lines" title="What is in it">
        <Stack gap="sm">
          {can('orders:write') ? (
            <Group>
              <Button size="compact-sm" variant="light" onClick={() => setChangingMeals(true)}>
                Change meals
              </Button>
              <Button size="compact-sm" variant="light" onClick={() => setAdding(true)}>
                Add an extra
              </Button>
            </Group>
          ) : null}
          <Listing
            label="Lines"
            heads={[
              'Product',
              'Quantity',
              'Price each',
              'Charged each',
              'Kind',
              ...(can('orders:write') ? ['Actions'] : []),
            ]}
            rows={contents.map((l) => [
              l.name,
              l.quantity,
              formatCents(l.price),
              formatCents(l.discountedPrice ?? l.price),
              l.planType
                ? `Meals (${l.planType.replace('_', ' ')})`
                : l.oneOff
                  ? 'One-off extra'
                  : 'Extra',
              ...(can('orders:write')
                ? [
                    l.oneOff && !l.planType ? (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        onClick={() => setRemoving(l)}
                        aria-label={`Remove ${l.name}`}
                      >
                        Remove
                      </Button>
                    ) : null,
                  ]
                : []),
            ])}
          />
        </Stack>
      </Section>

      {payments ? (
        <Section id="payments" title="Payment attempts and refunds">
          {payments.length === 0 ? (
            <Empty>No payment attempted yet: it is charged on {formatDate(o.billingDate)}.</Empty>
          ) : (
            <Listing
              label="Payment attempts"
              heads={['When', 'Amount', 'Status', 'Why it failed', 'Refunded']}
              rows={payments.map((p) => [
                formatInstant(p.createdAt),
                formatCents(p.amount),
                p.status.replace('_', ' '),
                p.failureReason ?? '—',
                p.refunds.length === 0
                  ? '—'
                  : p.refunds.map((r) => `${formatCents(r.amount)} (${r.description})`).join('; '),
              ])}
            />
          )}
        </Section>
      ) : null}

      <Section id="shipment" title="Shipment">
        {shipments.length === 0 ? (
          <Empty>Not booked with the courier yet.</Empty>
        ) : (
          <Listing
            label="Shipments"
            heads={['Tracking number', 'Invoice', 'Status', 'Delivery window', 'Boxes']}
            rows={shipments.map((s) => [
              s.trackingNumber,
              s.invoiceNumber,
              s.status,
              `${formatDate(s.deliveryDate)} ${s.deliveryTimeWindowStart}–${s.deliveryTimeWindowEnd}`,
              s.boxes.map((b) => b.serialNumber).join(', ') || '—',
            ])}
          />
        )}
      </Section>

      <Section id="history" title="History">
        <Stack>
          {history ? (
            history.length === 0 ? (
              <Empty>No one has changed this box from the back office or the app.</Empty>
            ) : (
              <Listing
                label="Who changed it"
                heads={['When', 'Who', 'What', 'Reason']}
                rows={history.map((e) => [
                  formatInstant(e.at),
                  actorLabel(e.actor),
                  e.action,
                  e.reason ?? '—',
                ])}
              />
            )
          ) : null}
          <Listing
            label="Status changes"
            heads={['When', 'What', 'From', 'To', 'By']}
            rows={[...events]
              .reverse()
              .map((e) => [
                formatInstant(e.createdAt),
                e.description,
                e.previousValue ?? '—',
                e.currentValue ?? '—',
                (e.createdBy && people[e.createdBy]) ?? e.createdBy ?? '—',
              ])}
          />
        </Stack>
      </Section>

      {change ? <BoxChange action={change} order={o} onClose={() => setChange(null)} /> : null}
      {adding ? <AddExtraDialog order={o} onClose={() => setAdding(false)} /> : null}
      {changingMeals ? (
        <BoxMealsDialog order={o} contents={contents} onClose={() => setChangingMeals(false)} />
      ) : null}
      {removing ? (
        <RemoveExtraDialog order={o} line={removing} onClose={() => setRemoving(null)} />
      ) : null}
    </Stack>
  );
}
