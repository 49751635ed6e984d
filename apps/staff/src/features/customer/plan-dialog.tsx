import { List, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { StaffResponse } from '@pawfresh/contracts/staff';
import type { Subscription } from '@pawfresh/contracts/subscription';

import { ActionDialog } from '../../components/action-dialog';
import { api } from '../../lib/api';
import { formatDate } from '../../lib/format';

type PlanAnswer = StaffResponse<'pauseSubscription'> | StaffResponse<'reactivateSubscription'>;

/** What each plan change is called in its dialog. */
const PLAN_ACTIONS = {
  pause: { title: 'Pause deliveries', done: 'Paused' },
  resume: { title: 'Resume deliveries', done: 'Resumed' },
  reactivate: { title: 'Reactivate the subscription', done: 'Reactivated' },
} as const;

/**
 * Pausing a subscription until a day, resuming it now, or reactivating a cancelled one: the
 * reason, what it will change before it runs, then what it did (the subscription as it now is).
 */
export function PlanDialog({
  action,
  subscription,
  onClose,
}: {
  action: keyof typeof PLAN_ACTIONS;
  subscription: Subscription;
  onClose: () => void;
}) {
  const [resumeAt, setResumeAt] = useState('');
  const dateOk = action !== 'pause' || /^\d{4}-\d{2}-\d{2}$/.test(resumeAt);
  const { title, done } = PLAN_ACTIONS[action];

  return (
    <ActionDialog<PlanAnswer>
      title={title}
      confirmLabel={title}
      onClose={onClose}
      invalidates={['customer', subscription.userId]}
      ready={dateOk}
      run={(reason) =>
        action === 'reactivate'
          ? api.post<StaffResponse<'reactivateSubscription'>>(
              `/customers/${subscription.userId}/subscriptions/${subscription.id}/reactivate`,
              { reason },
            )
          : api.post<StaffResponse<'pauseSubscription'>>(
              `/subscriptions/${subscription.id}/${action}`,
              action === 'pause' ? { resumeAt, reason } : { reason },
            )
      }
      fields={
        action === 'pause' ? (
          <TextInput
            type="date"
            label="Resume deliveries on"
            value={resumeAt}
            onChange={(e) => setResumeAt(e.currentTarget.value)}
            required
          />
        ) : null
      }
      // Built at every render, shown only once the inputs are complete: no date formatted before
      // there is one.
      preview={
        action === 'pause' ? (
          <List.Item>
            pause deliveries until {dateOk ? formatDate(resumeAt) : 'the day chosen'}: boxes not yet
            paid or being made are removed, but the next one, moved to that day;
          </List.Item>
        ) : action === 'resume' ? (
          <List.Item>resume deliveries now, at the plan’s cadence;</List.Item>
        ) : (
          <List.Item>
            make the cancelled subscription active again: its boxes are planned from the soonest
            open day, at the plan’s cadence and price;
          </List.Item>
        )
      }
      doneTitle={done}
      result={(data) => (
        <>
          The subscription is now {data.subscription.status}
          {data.subscription.resumeAt
            ? `, resuming on ${formatDate(data.subscription.resumeAt.slice(0, 10))}`
            : ''}
          {'ordersCreated' in data
            ? `; ${data.ordersCreated} box${data.ordersCreated === 1 ? '' : 'es'} planned${
                data.nextOrder ? `, the first on ${formatDate(data.nextOrder.deliveryDate)}` : ''
              }`
            : ''}
          .
        </>
      )}
    />
  );
}
