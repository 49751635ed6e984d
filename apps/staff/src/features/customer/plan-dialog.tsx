import { List, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { StaffResponse } from '@pawfresh/contracts/staff';
import type { Subscription } from '@pawfresh/contracts/subscription';

import { ActionDialog } from '../../components/action-dialog';
import { api } from '../../lib/api';
import { formatDate } from '../../lib/format';

/**
 * Pausing a subscription until a day, or resuming it now: the reason, what it will change before
 * it runs, then what it did (the subscription as it now is).
 */
export function PlanDialog({
  action,
  subscription,
  onClose,
}: {
  action: 'pause' | 'resume';
  subscription: Subscription;
  onClose: () => void;
}) {
  const [resumeAt, setResumeAt] = useState('');
  const dateOk = action === 'resume' || /^\d{4}-\d{2}-\d{2}$/.test(resumeAt);
  const title = action === 'pause' ? 'Pause deliveries' : 'Resume deliveries';

  return (
    <ActionDialog
      title={title}
      confirmLabel={title}
      onClose={onClose}
      invalidates={['customer', subscription.userId]}
      ready={dateOk}
      run={(reason) =>
        api.post<StaffResponse<'pauseSubscription'>>(
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
        ) : (
          <List.Item>resume deliveries now, at the plan’s cadence;</List.Item>
        )
      }
      doneTitle={action === 'pause' ? 'Paused' : 'Resumed'}
      result={(data) => (
        <>
          The subscription is now {data.subscription.status}
          {data.subscription.resumeAt
            ? `, resuming on ${formatDate(data.subscription.resumeAt.slice(0, 10))}`
            : ''}
          .
        </>
      )}
    />
  );
}
