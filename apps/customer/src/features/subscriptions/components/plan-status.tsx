import { Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

import { useSuccessNotice } from '../../../components/feedback/success-notice';
import { FormAlert } from '../../../components/form/form-alert';
import { useFailureReport } from '../../../components/form/use-submission';
import { planPaths } from '../../../config/paths';
import { formatDay } from '../../../lib/format';
import { currentSubscription, useSubscriptions, type Subscription } from '../api/get-subscriptions';
import {
  reactivateSubscription,
  resumeSubscription,
  useSubscriptionChange,
  type StatusChange,
} from '../api/subscription-changes';

/** "Your next box arrives on Fri 4 Dec." after a restart, or what is planned. */
function describeRestart(answer: StatusChange, verb: string): string {
  const next = answer.nextOrder
    ? ` Your next box arrives on ${formatDay(answer.nextOrder.deliveryDate)}.`
    : answer.ordersCreated > 0
      ? ` ${answer.ordersCreated === 1 ? '1 box is' : `${answer.ordersCreated} boxes are`} planned.`
      : '';
  return `Your plan is ${verb}.${next}`;
}

function statusWords(s: Subscription): string {
  const cadence = s.cadenceInWeeks === 1 ? 'every week' : `every ${s.cadenceInWeeks} weeks`;
  if (s.status === 'active') return `Active: a box ${cadence}.`;
  if (s.status === 'paused') {
    return s.resumeAt
      ? `Paused until ${formatDay(s.resumeAt, { long: true })}.`
      : 'Paused until you resume it.';
  }
  if (s.status === 'cancelled') return 'Cancelled: no more boxes will come.';
  return 'Not started yet.';
}

/**
 * The account home's plan section: its status, and pause / resume / cancel / restart (the last
 * three beyond customer-app.md: docs/subscriptions.md "Pausing").
 */
export function PlanStatus() {
  const subscriptions = useSubscriptions();
  const resume = useSubscriptionChange(resumeSubscription);
  const reactivate = useSubscriptionChange(reactivateSubscription);
  const notify = useSuccessNotice();
  const { formError, setFormError, report } = useFailureReport();
  const subscription = currentSubscription(subscriptions.data?.subscriptions);

  if (!subscriptions.data) {
    return subscriptions.isError ? (
      <Stack gap="xs" align="flex-start">
        <Text>We couldn’t load your plan.</Text>
        <Button variant="light" onClick={() => void subscriptions.refetch()}>
          Retry
        </Button>
      </Stack>
    ) : (
      <Text>Loading…</Text>
    );
  }
  if (!subscription) return <Text>You don’t have a plan yet.</Text>;

  const restart = (mutation: typeof resume | typeof reactivate, verb: string) => {
    if (mutation.isPending) return;
    setFormError(null);
    mutation.mutate(
      { subscriptionId: subscription.id, version: subscription.version },
      {
        onSuccess: (answer) => notify(describeRestart(answer, verb)),
        onError: report,
      },
    );
  };

  return (
    <Stack gap="sm">
      <FormAlert message={formError} />
      <Text fw={600}>{statusWords(subscription)}</Text>
      <Group gap="sm">
        {subscription.status === 'active' ? (
          <Button component={Link} to={planPaths.pause} variant="light">
            Pause deliveries
          </Button>
        ) : null}
        {subscription.status === 'paused' ? (
          <>
            <Button loading={resume.isPending} onClick={() => restart(resume, 'active again')}>
              Resume deliveries now
            </Button>
            <Button component={Link} to={planPaths.pause} variant="light">
              Change restart date
            </Button>
          </>
        ) : null}
        {subscription.status === 'cancelled' ? (
          <Button loading={reactivate.isPending} onClick={() => restart(reactivate, 'restarted')}>
            Restart my plan
          </Button>
        ) : null}
        {subscription.status === 'active' || subscription.status === 'paused' ? (
          <Button component={Link} to={planPaths.cancel} variant="subtle">
            Cancel plan
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
