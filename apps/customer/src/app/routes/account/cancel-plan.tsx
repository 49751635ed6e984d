import '../../../styles/mantine-forms.css';
import '@mantine/core/styles/List.layer.css';
import { Button, List, Radio, Stack, Text, Textarea } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, type LoaderFunction } from 'react-router';
import { MAX_CANCEL_REASON_LENGTH, otherCancelReasonText } from '@pawfresh/contracts/fields';

import { PageError } from '../../../components/errors/page-error';
import { PageLoading } from '../../../components/feedback/page-loading';
import { useSuccessNotice } from '../../../components/feedback/success-notice';
import { PageForm } from '../../../components/form/page-form';
import { useFailureReport } from '../../../components/form/use-submission';
import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { paths, planPaths } from '../../../config/paths';
import {
  getCancelReasonsQueryOptions,
  sortReasons,
  useCancelReasons,
} from '../../../features/subscriptions/api/get-cancel-reasons';
import {
  cancelSubscription,
  useSubscriptionChange,
  type Cancellation,
} from '../../../features/subscriptions/api/subscription-changes';
import { loadQuery } from '../../route-context';
import { accountPlanLoader, useAccountPlan } from './plan-route-data';

export function clientLoader(queryClient: QueryClient): LoaderFunction {
  const plan = accountPlanLoader(queryClient);
  return async (args) => {
    await Promise.all([
      plan(args),
      loadQuery(queryClient, args.context, getCancelReasonsQueryOptions(), { reload: false }),
    ]);
    return null;
  };
}

const TOO_LONG = `Keep it to ${MAX_CANCEL_REASON_LENGTH} characters or less`;

/**
 * "Your plan is cancelled. Your box of Friday 4 December still arrives: it is already paid for.":
 * the server says why each box still comes (`arrivingOrders[].message`, customer words).
 */
export function describeCancellation(answer: Pick<Cancellation, 'arrivingOrders'>): string {
  if (answer.arrivingOrders.length === 0) return 'Your plan is cancelled. No more boxes will come.';
  const why = answer.arrivingOrders.map((o) => `${o.message.replace(/\.$/, '')}.`);
  return `Your plan is cancelled. ${why.join(' ')}`;
}

/** /account/cancel-plan: cancel the subscription with optional reasons (customer-app.md §2). */
export default function CancelPlanRoute() {
  const data = useAccountPlan();
  const reasons = useCancelReasons();
  const cancel = useSubscriptionChange(cancelSubscription);
  const notify = useSuccessNotice();
  const navigate = useNavigate();
  const [primary, setPrimary] = useState('');
  const [secondary, setSecondary] = useState('');
  const [other, setOther] = useState('');
  const [otherError, setOtherError] = useState<string | null>(null);
  const { formError, setFormError, report } = useFailureReport();
  const back = { to: paths.account, label: 'Back to account' };

  if (data.status !== 'ready' || !reasons.data) {
    const failed =
      data.status === 'error'
        ? data
        : reasons.isError
          ? { error: reasons.error, retry: () => reasons.refetch() }
          : null;
    return (
      <FullScreenPage title="Cancel your plan" back={back}>
        {failed ? <PageError error={failed.error} onRetry={failed.retry} /> : <PageLoading />}
      </FullScreenPage>
    );
  }
  const subscription = data.subscription;
  if (!subscription || subscription.status === 'cancelled' || subscription.status === 'draft') {
    return (
      <FullScreenPage title="Cancel your plan" back={back}>
        <Text>You have no plan to cancel.</Text>
        <Button component={Link} to={paths.account} variant="light">
          Back to account
        </Button>
      </FullScreenPage>
    );
  }
  const primaries = sortReasons(reasons.data);
  const children = sortReasons(primaries.find((r) => r.id === primary)?.childReasons ?? []);

  const submit = () => {
    if (cancel.isPending) return;
    setFormError(null);
    const text = otherCancelReasonText.safeParse(other);
    if (!text.success) {
      setOtherError(TOO_LONG);
      document.getElementById('other-cancel-reason')?.focus();
      return;
    }
    cancel.mutate(
      {
        subscriptionId: subscription.id,
        primaryCancelReasonId: primary || null,
        secondaryCancelReasonId: secondary || null,
        otherCancelReason: text.data || null,
        version: subscription.version,
      },
      {
        onSuccess: (answer) => {
          notify(describeCancellation(answer));
          void navigate(paths.account);
        },
        onError: report,
      },
    );
  };

  return (
    <FullScreenPage
      title="Cancel your plan"
      back={back}
      intro="We’re sorry to see you go. Telling us why is optional, and helps us do better."
    >
      <PageForm onSubmit={submit} formError={formError}>
        <Radio.Group
          label="Why are you cancelling?"
          value={primary}
          onChange={(value) => {
            setPrimary(value);
            setSecondary('');
          }}
        >
          <Stack gap="xs" mt="xs">
            {primaries.map((reason) => (
              <Radio key={reason.id} value={reason.id} label={reason.description} />
            ))}
          </Stack>
        </Radio.Group>
        {children.length > 0 ? (
          <Radio.Group label="Tell us a little more" value={secondary} onChange={setSecondary}>
            <Stack gap="xs" mt="xs">
              {children.map((reason) => (
                <Radio key={reason.id} value={reason.id} label={reason.description} />
              ))}
            </Stack>
          </Radio.Group>
        ) : null}
        <Textarea
          id="other-cancel-reason"
          label="Anything else you’d like to tell us?"
          description={`${other.length} of ${MAX_CANCEL_REASON_LENGTH} characters`}
          autosize
          minRows={3}
          value={other}
          error={otherError}
          onChange={(event) => {
            setOther(event.currentTarget.value);
            setOtherError(null);
          }}
        />
        <Stack gap={4}>
          <Text fw={600}>What happens next</Text>
          <List size="sm">
            <List.Item>Boxes not paid yet are removed.</List.Item>
            <List.Item>Boxes already paid or being packed still arrive.</List.Item>
            <List.Item>You can restart your plan from your account at any time.</List.Item>
          </List>
        </Stack>
        <Button type="submit" color="red.9" loading={cancel.isPending}>
          Cancel my plan
        </Button>
        <Button component={Link} to={planPaths.pause} variant="light">
          Pause deliveries instead
        </Button>
      </PageForm>
    </FullScreenPage>
  );
}
