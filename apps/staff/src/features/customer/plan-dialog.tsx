import { Alert, Button, Group, List, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { StaffResponse } from '@pawfresh/contracts/staff';
import type { Subscription } from '@pawfresh/contracts/subscription';

import { messageOf } from '../../components/states';
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
  const queryClient = useQueryClient();
  const [resumeAt, setResumeAt] = useState('');
  const [reason, setReason] = useState('');
  const change = useMutation({
    mutationFn: () =>
      api.post<StaffResponse<'pauseSubscription'>>(
        `/subscriptions/${subscription.id}/${action}`,
        action === 'pause' ? { resumeAt, reason } : { reason },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['customer', subscription.userId] }),
  });
  const dateOk = action === 'resume' || /^\d{4}-\d{2}-\d{2}$/.test(resumeAt);
  const ready = dateOk && reason.trim() !== '';
  const title = action === 'pause' ? 'Pause deliveries' : 'Resume deliveries';

  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      {change.isSuccess ? (
        <Stack>
          <Alert color="green" title={action === 'pause' ? 'Paused' : 'Resumed'} role="status">
            The subscription is now {change.data.subscription.status}
            {change.data.subscription.resumeAt
              ? `, resuming on ${formatDate(change.data.subscription.resumeAt.slice(0, 10))}`
              : ''}
            . Kept in the customer’s timeline with your reason.
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (ready) change.mutate();
          }}
        >
          <Stack>
            {action === 'pause' ? (
              <TextInput
                type="date"
                label="Resume deliveries on"
                value={resumeAt}
                onChange={(e) => setResumeAt(e.currentTarget.value)}
                required
              />
            ) : null}
            <Textarea
              label="Reason"
              description="Kept in the customer’s timeline"
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              maxLength={500}
              required
              autosize
              minRows={2}
            />
            {ready ? (
              <Alert color="blue" title="This will" role="note">
                <List size="sm">
                  {action === 'pause' ? (
                    <>
                      <List.Item>
                        pause deliveries until {formatDate(resumeAt)}: boxes not yet paid or being
                        made are removed, but the next one, moved to that day;
                      </List.Item>
                    </>
                  ) : (
                    <List.Item>resume deliveries now, at the plan’s cadence;</List.Item>
                  )}
                  <List.Item>record it in the timeline as yours, with the reason.</List.Item>
                </List>
              </Alert>
            ) : null}
            {change.isError ? (
              <Alert color="red" title="Nothing changed" role="alert">
                {messageOf(change.error)}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={!ready} loading={change.isPending}>
                {title}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
