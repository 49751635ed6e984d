import '../../../styles/mantine-forms.css';
import { Button, Text } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, type LoaderFunction } from 'react-router';

import { PageError } from '../../../components/errors/page-error';
import { PageLoading } from '../../../components/feedback/page-loading';
import { useSuccessNotice } from '../../../components/feedback/success-notice';
import { DayMonthYearInput } from '../../../components/form/day-month-year-input';
import { PageForm } from '../../../components/form/page-form';
import { useFailureReport } from '../../../components/form/use-submission';
import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { paths } from '../../../config/paths';
import { formatDay } from '../../../features/orders/utils/order-format';
import {
  pauseSubscription,
  useSubscriptionChange,
  type StatusChange,
} from '../../../features/subscriptions/api/subscription-changes';
import { DAY_MONTH_YEAR_MESSAGE, todayAsCalendarDate } from '../../../lib/calendar-date';
import { accountPlanLoader, useAccountPlan } from './plan-route-data';
import { addDays } from '@pawfresh/contracts/calendar-dates';

export function clientLoader(queryClient: QueryClient): LoaderFunction {
  return accountPlanLoader(queryClient);
}

/** docs/subscriptions.md "Pausing": from tomorrow to 26 weeks ahead. */
const MAX_PAUSE_DAYS = 26 * 7;

/** "Your deliveries are paused until Tue 26 Jan. Your next box arrives on Fri 29 Jan." */
export function describePause(answer: StatusChange, resumeAt: string): string {
  const parts = [`Your deliveries are paused until ${formatDay(resumeAt)}.`];
  if (answer.nextOrder)
    parts.push(`Your next box arrives on ${formatDay(answer.nextOrder.deliveryDate)}.`);
  if (answer.arrivingOrders.length > 0) {
    parts.push(
      `Already paid or being packed, still arriving: ${answer.arrivingOrders.map((o) => formatDay(o.deliveryDate)).join(', ')}.`,
    );
  }
  return parts.join(' ');
}

/** /account/pause-plan (beyond the spec): pause deliveries until a date. */
export default function PausePlanRoute() {
  const data = useAccountPlan();
  const pause = useSubscriptionChange(pauseSubscription);
  const notify = useSuccessNotice();
  const navigate = useNavigate();
  const [today] = useState(todayAsCalendarDate);
  const [resumeAt, setResumeAt] = useState<string | null>(null);
  const [dateError, setDateError] = useState<string | null>(null);
  const { formError, setFormError, report } = useFailureReport();
  const back = { to: paths.account, label: 'Back to account' };
  const title = 'Pause deliveries';

  if (data.status !== 'ready') {
    return (
      <FullScreenPage title={title} back={back}>
        {data.status === 'error' ? (
          <PageError error={data.error} onRetry={data.retry} />
        ) : (
          <PageLoading />
        )}
      </FullScreenPage>
    );
  }
  const subscription = data.subscription;
  if (!subscription || (subscription.status !== 'active' && subscription.status !== 'paused')) {
    return (
      <FullScreenPage title={title} back={back}>
        <Text>You have no active plan to pause.</Text>
        <Button component={Link} to={paths.account} variant="light">
          Back to account
        </Button>
      </FullScreenPage>
    );
  }
  const first = addDays(today, 1);
  const last = addDays(today, MAX_PAUSE_DAYS);
  const value = resumeAt ?? subscription.resumeAt ?? addDays(today, 28);

  const submit = () => {
    if (pause.isPending) return;
    setFormError(null);
    const typed = /^\d{4}-\d{2}-\d{2}$/.test(value);
    if (!typed || value < first || value > last) {
      setDateError(
        typed
          ? `Choose a day from ${formatDay(first)} to ${formatDay(last)}`
          : DAY_MONTH_YEAR_MESSAGE,
      );
      document.getElementById('resume-at')?.focus();
      return;
    }
    pause.mutate(
      { subscriptionId: subscription.id, resumeAt: value, version: subscription.version },
      {
        onSuccess: (answer) => {
          notify(describePause(answer, value));
          void navigate(paths.account);
        },
        onError: report,
      },
    );
  };

  return (
    <FullScreenPage
      title={subscription.status === 'paused' ? 'Change your restart date' : title}
      back={back}
      intro="Away for a while? Pause your boxes and choose the day they start again (up to 26 weeks)."
    >
      <PageForm onSubmit={submit} formError={formError}>
        <DayMonthYearInput
          id="resume-at"
          label="Restart deliveries on"
          description="Day/month/year. Your first box after the pause comes on your usual delivery day on or after this date."
          value={value}
          error={dateError}
          onChange={(date) => {
            setResumeAt(date);
            setDateError(null);
          }}
        />
        <Text size="sm">
          Boxes not paid yet are taken off; boxes already paid or being packed still arrive.
        </Text>
        <Button type="submit" loading={pause.isPending}>
          {subscription.status === 'paused' ? 'Change restart date' : 'Pause deliveries'}
        </Button>
      </PageForm>
    </FullScreenPage>
  );
}
