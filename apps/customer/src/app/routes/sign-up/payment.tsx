import '@mantine/core/styles/List.layer.css';
import { Button, List, Paper, Stack, Text } from '@mantine/core';
import { Navigate } from 'react-router';

import { PageError } from '../../../components/errors/page-error';
import { PageLoading } from '../../../components/feedback/page-loading';
import { FormAlert } from '../../../components/form/form-alert';
import { useFailureReport } from '../../../components/form/use-submission';
import { APP_BASENAME, paths } from '../../../config/paths';
import { useCardEntry } from '../../../features/payments/components/add-card-form';
import { useSignUp, useSignUpPlans } from '../../../features/sign-up/api/sign-up-api';
import { FunnelPage, useStepCompleted } from '../../../features/sign-up/components/funnel-page';
import { PriceSummary } from '../../../features/sign-up/components/price-summary';
import { dayInWords } from '../../../features/sign-up/components/when';
import { clearDraft, useSignUpDraft } from '../../../features/sign-up/draft';
import { forgetPassword, rememberedPassword } from '../../../features/sign-up/password-memory';
import { plansInputOf } from '../../../features/sign-up/plans-input';
import { signUpPaths } from '../../../features/sign-up/steps';
import { addDays } from '@pawfresh/contracts/calendar-dates';
import { formatCents } from '../../../lib/format';

/** /start/payment: the total, the billing dates, how to skip or cancel, then the card. */
export default function PaymentRoute() {
  const draft = useSignUpDraft();
  const priced = useSignUpPlans(plansInputOf(draft));
  const signUp = useSignUp();
  const completed = useStepCompleted('payment');
  const entry = useCardEntry();
  const { formError, setFormError, report } = useFailureReport();
  const password = rememberedPassword();

  if (!draft.guestId || !draft.deliveryDate || !draft.deliverySlot) {
    return <Navigate to={signUpPaths.delivery} replace />;
  }
  // The password is never stored: after a reload it is asked again.
  if (!password || !draft.details.firstName) return <Navigate to={signUpPaths.details} replace />;

  const submit = () => {
    if (signUp.isPending || !priced.data) return;
    setFormError(null);
    const card = entry.check();
    if (!card) return;
    const input = plansInputOf(draft)!;
    signUp.mutate(
      {
        ...input,
        deliveryDate: draft.deliveryDate,
        deliverySlot: draft.deliverySlot as 'AM' | 'PM',
        address: {
          firstName: draft.details.firstName,
          lastName: draft.details.lastName,
          email: draft.email,
          phoneNumber: draft.details.phoneNumber,
          address1: draft.details.address1,
          address2: draft.details.address2 || null,
          suburb: draft.suburb,
          state: draft.details.state,
          postCode: draft.postcode,
        },
        password,
        card,
        expectedTotal: priced.data.firstBoxPrice,
      },
      {
        onSuccess: (result) => {
          completed({ amountCharged: result.amountCharged });
          clearDraft();
          forgetPassword();
          // A full page load: the app starts signed in from the refresh cookie just set.
          window.location.assign(`${APP_BASENAME}${paths.deliveries}`);
        },
        onError: report,
      },
    );
  };

  const data = priced.data;
  const second = addDays(draft.deliveryDate, 14);
  return (
    <FunnelPage
      step="payment"
      title="Pay for your first box"
      back={{ to: signUpPaths.details, label: 'Back' }}
    >
      {priced.isPending ? (
        <PageLoading />
      ) : !data ? (
        <PageError error={priced.error} onRetry={priced.refetch} />
      ) : (
        <Stack gap="lg">
          <Paper withBorder radius="lg" p="md">
            <PriceSummary priced={data} />
          </Paper>
          <List spacing="xs" size="sm">
            <List.Item>
              Today we charge {formatCents(data.firstBoxPrice)} for your first box, delivered{' '}
              {dayInWords(draft.deliveryDate)}.
            </List.Item>
            <List.Item>
              Then {formatCents(data.boxPrice)} a box every 2 weeks
              {data.promotion ? ' (less your code’s discount where it applies)' : ''}, from{' '}
              {dayInWords(second)}, charged a few days before each box is made.
            </List.Item>
            <List.Item>
              Skip or change any box until its cut-off, and pause or cancel any time from your
              account. No lock-in.
            </List.Item>
          </List>
          <form
            noValidate
            aria-label="Card"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Stack gap="sm">
              <FormAlert message={formError} />
              {entry.fields}
              <Text size="sm" c="dimmed">
                Test mode: use 4242 4242 4242 4242.
              </Text>
              <Button type="submit" loading={signUp.isPending}>
                Pay {formatCents(data.firstBoxPrice)} and start
              </Button>
            </Stack>
          </form>
        </Stack>
      )}
    </FunnelPage>
  );
}
