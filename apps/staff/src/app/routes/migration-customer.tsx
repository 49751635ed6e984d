import { Alert, Anchor, Badge, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { Section } from '../../components/section';
import { Fact } from '../../components/fact';
import { Empty, LoadError, Loading } from '../../components/states';
import { migrationCustomerQuery } from '../../features/migration/queries';
import { RetryCustomerDialog } from '../../features/migration/retry-dialog';
import { COHORT_WORDS, STATUS_WORDS } from '../../features/migration/words';
import { ApiError } from '../../lib/api';
import { paths } from '../../config/paths';

/**
 * One legacy customer's migration record (`/migration/customers?email=`): where their migration
 * stands, its last error, the customer it made, and what the legacy system holds; a retry for a
 * customer in error or given back.
 */
export function MigrationCustomerPage() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const record = useQuery({ ...migrationCustomerQuery(email), enabled: email !== '' });
  const [retrying, setRetrying] = useState(false);

  const back = (
    <Anchor component={Link} to={paths.migration}>
      Migration dashboard
    </Anchor>
  );
  if (email === '') {
    return (
      <Stack maw={1100}>
        {back}
        <Empty>No e-mail given: open a record from the migration dashboard.</Empty>
      </Stack>
    );
  }
  if (record.isPending) return <Loading label="Loading the migration record…" />;
  if (record.isError) {
    return (
      <Stack maw={1100}>
        {back}
        <Title order={1}>Migration record</Title>
        {record.error instanceof ApiError && record.error.status === 404 ? (
          <Empty>
            {email} is not a customer of the legacy system: there is nothing to migrate.
          </Empty>
        ) : (
          <LoadError error={record.error} onRetry={() => void record.refetch()} />
        )}
      </Stack>
    );
  }
  const { user, pets, subscription, orders, address } = record.data;
  const status = STATUS_WORDS[user.migrationStatus];
  return (
    <Stack maw={1100} gap="lg">
      {back}
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>Migration record</Title>
          <Text c="gray.7" size="sm">
            {user.email} · legacy id {user.legacyId}
          </Text>
        </div>
        <Group>
          <Badge variant="filled" color={status.color.replace(/\.\d$/, '.9')} size="lg">
            {status.label}
          </Badge>
          {user.migrationStatus === 'error' || user.migrationStatus === 'unmigrated' ? (
            <Button onClick={() => setRetrying(true)}>
              {user.migrationStatus === 'error' ? 'Retry' : 'Migrate'}
            </Button>
          ) : null}
        </Group>
      </Group>
      {user.migrationError ? (
        <Alert color="red" title="Why it could not be migrated">
          {user.migrationError}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        <Fact label="Cohort">{user.cohort ? (COHORT_WORDS[user.cohort] ?? user.cohort) : '—'}</Fact>
        <Fact label="Customer in the new system">
          {user.migratedUserId ? (
            <Anchor component={Link} to={paths.customer(user.migratedUserId)}>
              Open the customer
            </Anchor>
          ) : (
            'None yet'
          )}
        </Fact>
        <Fact label="Card on file">
          {user.stripeCustomerId ? 'A Stripe customer' : 'No Stripe customer'}
          {user.isCustomerOnChargeApi ? '' : ' (the legacy system still charges them)'}
        </Fact>
      </SimpleGrid>
      <Section id="legacy" title="In the legacy system">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <Fact label="Name">
            {[user.firstName, user.lastName].filter(Boolean).join(' ') || '—'}
          </Fact>
          <Fact label="Address">
            {address
              ? [address.line1, address.suburb, address.state, address.postcode]
                  .filter(Boolean)
                  .join(', ')
              : 'None'}
          </Fact>
          <Fact label="Plan">
            {subscription
              ? `${subscription.plan}, ${subscription.status}, every ${subscription.cadence}`
              : 'None'}
          </Fact>
          <Fact label="Dogs and past boxes">
            {pets.length ? pets.map((p) => p.name).join(', ') : 'No dogs'} · {orders.length} past
            boxes
          </Fact>
        </SimpleGrid>
      </Section>
      {retrying ? (
        <RetryCustomerDialog email={user.email} onClose={() => setRetrying(false)} />
      ) : null}
    </Stack>
  );
}
