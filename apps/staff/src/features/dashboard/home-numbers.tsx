import { Anchor, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { StaffHomeDashboard } from '@pawfresh/contracts/staff-dashboard';
import { facilityName } from '@pawfresh/contracts/staff-packing';

import { LoadError, Loading } from '../../components/states';
import { formatCents, formatDate } from '../../lib/format';
import { homeDashboardQuery } from './queries';

/** Where each number's list is (the app's routes; the page composing this passes them). */
export type NumberLinks = Record<
  'subscriptions' | 'boxes' | 'revenue' | 'failedPayments' | 'cancellations' | 'customers',
  { to: string; text: string }
>;

const count = (n: number) => n.toLocaleString('en-AU');

function NumberCard({
  label,
  value,
  link,
  children,
}: {
  label: string;
  value: string;
  link: { to: string; text: string };
  children?: ReactNode;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-label={label}>
      <Stack gap={4}>
        <Text size="sm" c="gray.7">
          {label}
        </Text>
        <Text fz={28} fw={700} lh={1.2}>
          {value}
        </Text>
        {children}
        <Anchor component={Link} to={link.to} size="sm" mt={4}>
          {link.text}
        </Anchor>
      </Stack>
    </Paper>
  );
}

/** A list of counts as bars against the largest, each with its words and number. */
function Bars({ rows, label }: { rows: { name: string; n: number }[]; label: string }) {
  const most = Math.max(1, ...rows.map((r) => r.n));
  if (rows.length === 0) return <Text size="sm">None</Text>;
  return (
    <Stack gap={6} aria-label={label} role="list">
      {rows.map((r) => (
        <div key={r.name} role="listitem">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {r.name}
            </Text>
            <Text size="sm" fw={600}>
              {count(r.n)}
            </Text>
          </Group>
          <Progress value={(r.n / most) * 100} size="sm" color="indigo.7" aria-hidden />
        </div>
      ))}
    </Stack>
  );
}

function Numbers({ d, links }: { d: StaffHomeDashboard; links: NumberLinks }) {
  const rate = d.paymentsThisWeek.failedRate;
  return (
    <Stack gap="sm">
      <Text size="sm" c="gray.7">
        This week: {formatDate(d.week.from)} to {formatDate(d.week.to)} (Monday to Sunday, Sydney
        time)
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        <NumberCard
          label="Active subscriptions"
          value={count(d.activeSubscriptions)}
          link={links.subscriptions}
        />
        <NumberCard
          label="Revenue charged this week"
          value={formatCents(d.revenueThisWeek.net)}
          link={links.revenue}
        >
          <Text size="sm">
            {formatCents(d.revenueThisWeek.charged)} charged,{' '}
            {formatCents(d.revenueThisWeek.refunded)} refunded
          </Text>
        </NumberCard>
        <NumberCard
          label="Failed payment rate this week"
          value={rate === null ? '—' : `${(rate * 100).toFixed(1)}%`}
          link={links.failedPayments}
        >
          <Text size="sm">
            {count(d.paymentsThisWeek.failed)} of {count(d.paymentsThisWeek.attempts)} charges
            failed
          </Text>
        </NumberCard>
        <NumberCard
          label="New customers this week"
          value={count(d.newCustomersThisWeek)}
          link={links.customers}
        />
        <NumberCard label="Boxes this week" value={count(d.boxesThisWeek.total)} link={links.boxes}>
          <Bars
            label="Boxes this week by facility"
            rows={d.boxesThisWeek.byFacility.map((f) => ({
              name: facilityName(f.facilityId),
              n: f.boxes,
            }))}
          />
        </NumberCard>
        <NumberCard
          label="Cancellations, last 30 days"
          value={count(d.cancellations.total)}
          link={links.cancellations}
        >
          <Bars
            label="Cancellations by reason"
            rows={d.cancellations.byReason.map((r) => ({
              name: r.description ?? 'No reason given',
              n: r.count,
            }))}
          />
        </NumberCard>
      </SimpleGrid>
    </Stack>
  );
}

/** The home page's numbers, each linking to the list behind it (or the closest there is). */
export function HomeNumbers({ links }: { links: NumberLinks }) {
  const dashboard = useQuery(homeDashboardQuery());
  return (
    <section aria-labelledby="numbers-heading">
      <Title order={2} size="h3" id="numbers-heading" mb="sm">
        This week
      </Title>
      {dashboard.isPending ? (
        <Loading label="Counting this week…" />
      ) : dashboard.isError ? (
        <LoadError error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : (
        <Numbers d={dashboard.data} links={links} />
      )}
    </section>
  );
}
