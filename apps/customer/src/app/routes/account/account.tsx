import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
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
import {
  describeCard,
  getPaymentMethodsQueryOptions,
  usePaymentMethods,
  useSetDefaultPaymentMethod,
  type PaymentMethod,
} from '../../../features/payments/api/payment-methods';
import { SavedCards } from '../../../features/payments/components/saved-cards';
import { getSubscriptionsQueryOptions } from '../../../features/subscriptions/api/get-subscriptions';
import { PlanStatus } from '../../../features/subscriptions/components/plan-status';
import { useSuccessNotice } from '../../../components/feedback/success-notice';
import { useResultModal } from '../../../components/result-modal/result-modal-provider';
import { ApiError } from '../../../lib/api-client';
import { useFeatureFlag } from '../../../lib/feature-flags';
import { loadQuery } from '../../route-context';

// The card form (Mantine's inputs, checkbox and select) loads when "Add a card" is pressed, not with
// the page: the account page's first load carries no form components (ADR 013).
const AddCardForm = lazy(() =>
  import('../../../features/payments/components/add-card-form').then((module) => ({
    default: module.AddCardForm,
  })),
);

export function clientLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ context }) => {
    await Promise.all([
      loadQuery(queryClient, context, getMeQueryOptions(), { reload: true }),
      loadQuery(queryClient, context, getDefaultAddressQueryOptions(), { reload: true }),
      loadQuery(queryClient, context, getPaymentMethodsQueryOptions(), { reload: true }),
      loadQuery(queryClient, context, getSubscriptionsQueryOptions(), { reload: true }),
    ]);
    return null;
  };
}

function Section({
  title,
  children,
  action,
  id,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
  id?: string;
}) {
  return (
    <Card component="section" aria-label={title} id={id} style={{ scrollMarginTop: '5rem' }}>
      <Stack gap="sm" h="100%">
        <Title order={2} size="h3">
          {title}
        </Title>
        <div style={{ flex: 1 }}>{children}</div>
        {action ? <Group>{action}</Group> : null}
      </Stack>
    </Card>
  );
}

/** /account: the account home. */
export default function AccountRoute() {
  const me = useMe();
  const address = useDefaultAddress();
  const logout = useLogout();
  const cards = usePaymentMethods();
  const setDefault = useSetDefaultPaymentMethod();
  const notify = useSuccessNotice();
  const modal = useResultModal();
  const showOrderHistory = useFeatureFlag('show-order-history');
  const [addingCard, setAddingCard] = useState(false);

  const makeDefault = (card: PaymentMethod) => {
    if (setDefault.isPending) return;
    setDefault.mutate(card.id, {
      onSuccess: () => notify(`Your boxes will now be charged to your ${describeCard(card)}.`),
      onError: (error) => {
        if (error instanceof ApiError && error.sessionExpired) return;
        void modal.showFailure();
      },
    });
  };

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
        <Section
          title="Card on file"
          id="cards"
          action={
            addingCard ? null : (
              <Button variant="light" onClick={() => setAddingCard(true)}>
                Add a card
              </Button>
            )
          }
        >
          <Stack gap="md">
            {cards.data ? (
              <SavedCards
                cards={cards.data}
                onMakeDefault={makeDefault}
                pendingCardId={setDefault.isPending ? (setDefault.variables ?? null) : null}
              />
            ) : cards.isError ? (
              <Text>We couldn’t load your cards. Please try again later.</Text>
            ) : (
              <Text>Loading…</Text>
            )}
            {addingCard ? (
              <Suspense fallback={<Text>Loading…</Text>}>
                <AddCardForm
                  onCancel={() => setAddingCard(false)}
                  onSaved={(card) => {
                    setAddingCard(false);
                    notify(
                      card.default
                        ? `We’ve saved your ${describeCard(card)}. Your boxes will now be charged to it.`
                        : `We’ve saved your ${describeCard(card)}.`,
                    );
                  }}
                />
              </Suspense>
            ) : null}
          </Stack>
        </Section>
        <Section title="Your plan" id="plan">
          <PlanStatus />
        </Section>
        {showOrderHistory ? (
          <Section
            title="Past boxes"
            action={
              <Button component={Link} to={paths.accountOrderHistory} variant="light">
                See order history
              </Button>
            }
          >
            <Text>Everything we’ve delivered, with what was in each box.</Text>
          </Section>
        ) : null}
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
      {me.data ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {content}
        </SimpleGrid>
      ) : (
        content
      )}
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
