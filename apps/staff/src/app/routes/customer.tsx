import { Anchor, Badge, Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import type { Order } from '@pawfresh/contracts/order';
import type { Payment } from '@pawfresh/contracts/payment';
import type { FeedingPlan, Subscription } from '@pawfresh/contracts/subscription';

import { LoadError, Loading } from '../../components/states';
import { AccountMailActions } from '../../features/customer/account-mail';
import { BoxChange } from '../../features/customer/box-change-dialogs';
import { Section } from '../../components/section';
import { CancelDialog } from '../../features/customer/cancel-dialog';
import { PagedTable } from '../../features/customer/paged-table';
import {
  ProfileCards,
  Subscriptions,
  UpcomingBoxes,
  type BoxAction,
  type PlanAction,
} from '../../features/customer/overview-sections';
import { PlanDialog } from '../../features/customer/plan-dialog';
import { DogPlanDialog } from '../../features/customer/meal-dialogs';
import {
  customerOrdersQuery,
  customerOverviewQuery,
  customerPaymentsQuery,
  customerTimelineQuery,
} from '../../features/customer/queries';
import { RefundDialog } from '../../features/customer/refund-dialog';
import { formatCents, formatDate, formatInstant, actorLabel } from '../../lib/format';
import { useMe } from '../../lib/me';

/** Everything about one customer on one page (the customer 360), and what staff can do. */
export function CustomerPage() {
  const { customerId = '' } = useParams();
  const { can } = useMe();
  const overview = useQuery(customerOverviewQuery(customerId));
  const [refunding, setRefunding] = useState<Payment | null>(null);
  const [planChange, setPlanChange] = useState<{
    action: PlanAction;
    subscription: Subscription;
  } | null>(null);
  const [boxChange, setBoxChange] = useState<{ action: BoxAction; order: Order } | null>(null);
  const [dogPlan, setDogPlan] = useState<{
    subscription: Subscription;
    plan: FeedingPlan;
    dogName: string;
  } | null>(null);

  if (overview.isPending) return <Loading label="Loading the customer…" />;
  if (overview.isError) {
    return <LoadError error={overview.error} onRetry={() => void overview.refetch()} />;
  }
  const view = overview.data;
  const c = view.customer;
  return (
    <Stack maw={1200} gap="xl">
      <div>
        <Title order={1}>
          {c.firstName} {c.lastName}
        </Title>
        <Text c="gray.7" size="sm">
          Customer since {formatInstant(c.createdAt)}
          {view.dogs.length ? ` · ${view.dogs.map((d) => d.name).join(', ')}` : ''}
          {can('migration:run') ? (
            <>
              {' · '}
              <Anchor component={Link} to={paths.migrationCustomer(c.email)} inherit>
                Migration record
              </Anchor>
            </>
          ) : null}
        </Text>
      </div>
      <AccountMailActions customer={c} />
      <ProfileCards view={view} />
      <Section id="plan" title="Subscription and plans">
        <Subscriptions
          view={view}
          canChange={can('subscriptions:write')}
          onChange={(action, subscription) => setPlanChange({ action, subscription })}
          onChangeDogPlan={(subscription, plan, dogName) =>
            setDogPlan({ subscription, plan, dogName })
          }
        />
      </Section>
      <Section id="upcoming" title="Boxes to come">
        <UpcomingBoxes
          view={view}
          canChange={can('orders:write')}
          canRetry={can('payments:charge')}
          onChange={(action, order) => setBoxChange({ action, order })}
        />
      </Section>

      {can('orders:read') ? (
        <section aria-labelledby="orders-heading">
          <Title order={2} size="h3" id="orders-heading" mb="sm">
            All boxes
          </Title>
          <PagedTable
            name="orders"
            label="All boxes"
            query={(offset) => customerOrdersQuery(customerId, offset)}
            empty="No boxes yet"
            columns={[
              {
                accessor: 'orderNumber',
                title: 'Order',
                render: (o) => (
                  <Anchor component={Link} to={paths.order(o.userId, o.id)}>
                    #{o.orderNumber}
                  </Anchor>
                ),
              },
              {
                accessor: 'deliveryDate',
                title: 'Delivery',
                render: (o) => formatDate(o.deliveryDate),
              },
              {
                accessor: 'billingDate',
                title: 'Payment date',
                render: (o) => formatDate(o.billingDate),
              },
              {
                accessor: 'totalCharge',
                title: 'Price',
                render: (o) => formatCents(o.totalCharge),
              },
              { accessor: 'paymentStatus', title: 'Payment' },
              {
                accessor: 'displayType',
                title: 'Status',
                render: (o) => (
                  <Badge variant="outline" color="dark">
                    {o.displayType}
                  </Badge>
                ),
              },
            ]}
          />
        </section>
      ) : null}

      {can('payments:read') ? (
        <section aria-labelledby="payments-heading">
          <Title order={2} size="h3" id="payments-heading" mb="sm">
            Payments and refunds
          </Title>
          <PagedTable
            name="payments"
            label="Payments and refunds"
            query={(offset) => customerPaymentsQuery(customerId, offset)}
            empty="No payments yet"
            columns={[
              { accessor: 'createdAt', title: 'When', render: (p) => formatInstant(p.createdAt) },
              { accessor: 'description', title: 'For' },
              { accessor: 'amount', title: 'Amount', render: (p) => formatCents(p.amount) },
              { accessor: 'status', title: 'Status' },
              {
                accessor: 'amountRefunded',
                title: 'Refunded',
                render: (p) =>
                  p.refunds.length === 0
                    ? '—'
                    : `${formatCents(p.amountRefunded)} (${p.refunds.length})`,
              },
              {
                accessor: 'actions',
                title: 'Actions',
                render: (p) =>
                  can('refunds:create') && p.amountCaptured > p.amountRefunded ? (
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => setRefunding(p)}
                      aria-label={`Refund part of ${p.description || 'the payment'} of ${formatInstant(p.createdAt)}`}
                    >
                      Refund
                    </Button>
                  ) : null,
              },
            ]}
          />
        </section>
      ) : null}

      {can('audit:read') ? (
        <section aria-labelledby="timeline-heading">
          <Title order={2} size="h3" id="timeline-heading" mb="sm">
            Timeline
          </Title>
          <PagedTable
            name="timeline"
            label="Timeline"
            query={(offset) => customerTimelineQuery(customerId, offset)}
            empty="Nothing recorded yet"
            columns={[
              { accessor: 'at', title: 'When', render: (e) => formatInstant(e.at) },
              {
                accessor: 'actor',
                title: 'Who',
                render: (e) => actorLabel(e.actor),
              },
              { accessor: 'action', title: 'What' },
              { accessor: 'reason', title: 'Reason', render: (e) => e.reason ?? '—' },
            ]}
          />
        </section>
      ) : null}
      {refunding ? <RefundDialog payment={refunding} onClose={() => setRefunding(null)} /> : null}
      {planChange?.action === 'cancel' ? (
        <CancelDialog subscription={planChange.subscription} onClose={() => setPlanChange(null)} />
      ) : planChange ? (
        <PlanDialog
          action={planChange.action}
          subscription={planChange.subscription}
          onClose={() => setPlanChange(null)}
        />
      ) : null}
      {boxChange ? <BoxChange {...boxChange} onClose={() => setBoxChange(null)} /> : null}
      {dogPlan ? <DogPlanDialog {...dogPlan} onClose={() => setDogPlan(null)} /> : null}
    </Stack>
  );
}
