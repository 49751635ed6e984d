import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, type LoaderFunction } from 'react-router';

import { PageError } from '../../../components/errors/page-error';
import { PageLoading } from '../../../components/feedback/page-loading';
import { paths } from '../../../config/paths';
import { useMe, getMeQueryOptions } from '../../../features/account/api/get-me';
import { ProfileSummary } from '../../../features/account/components/profile-summary';
import {
  getDefaultAddressQueryOptions,
  useDefaultAddress,
} from '../../../features/addresses/api/get-default-address';
import { AddressSummary } from '../../../features/addresses/components/address-summary';
import { useLogout } from '../../../features/auth/api/logout';
import { loadQuery } from '../../route-context';

export function clientLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ context }) => {
    await Promise.all([
      loadQuery(queryClient, context, getMeQueryOptions(), { reload: true }),
      loadQuery(queryClient, context, getDefaultAddressQueryOptions(), { reload: true }),
    ]);
    return null;
  };
}

function Section({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <Card component="section" withBorder padding="lg" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
        <Group>{action}</Group>
      </Stack>
    </Card>
  );
}

/** /account: the account home. */
export default function AccountRoute() {
  const me = useMe();
  const address = useDefaultAddress();
  const logout = useLogout();

  let content: ReactNode;
  if (me.data) {
    content = (
      <>
        <Section
          title="Your details"
          action={
            <Button component={Link} to={paths.accountEditDetails} variant="light">
              Edit details
            </Button>
          }
        >
          <ProfileSummary profile={me.data} />
        </Section>
        <Section
          title="Password"
          action={
            <Button component={Link} to={paths.accountEditPassword} variant="light">
              Change password
            </Button>
          }
        >
          <Text>Change the password you sign in with.</Text>
        </Section>
        <Section
          title="Default address"
          action={
            <Button component={Link} to={paths.accountEditAddress} variant="light">
              Edit address
            </Button>
          }
        >
          {address.data !== undefined ? (
            <AddressSummary address={address.data} />
          ) : address.isError ? (
            <Text>We couldn’t load your address. Please try again later.</Text>
          ) : (
            <Text>Loading…</Text>
          )}
        </Section>
      </>
    );
  } else if (me.isError) {
    content = <PageError error={me.error} onRetry={() => me.refetch()} />;
  } else {
    content = <PageLoading />;
  }

  return (
    <Stack gap="lg">
      <Title order={1}>Account</Title>
      {content}
      <Group>
        <Button
          variant="outline"
          loading={logout.isPending}
          onClick={() => {
            if (!logout.isPending) logout.mutate();
          }}
        >
          Sign out
        </Button>
      </Group>
    </Stack>
  );
}
