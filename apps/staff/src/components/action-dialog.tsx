import { Alert, Button, Group, List, Modal, Stack, Textarea } from '@mantine/core';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

import { messageOf } from './states';

/**
 * The one dialog every staff action uses: a title, the action's own fields, a required reason,
 * "what will change" shown before the confirm button, the call's progress and its error (with the
 * way to try again), and after it ran, what it truthfully did.
 *
 * The action supplies only what differs: its fields and whether they are complete (`ready`), the
 * preview lines, the call (given the reason) and how to say what the result changed.
 */
export function ActionDialog<T>({
  title,
  confirmLabel,
  fields,
  ready,
  preview,
  warn = false,
  run,
  invalidates,
  failedTitle = 'Nothing changed',
  doneTitle,
  result,
  recordedIn = 'the customer’s timeline',
  onClose,
}: {
  title: string;
  /** What the confirm button says (the action, such as "Refund $12.50"). */
  confirmLabel: ReactNode;
  /** The action's own inputs (the reason comes after them). */
  fields?: ReactNode;
  /** Whether the action's own inputs are complete and valid. */
  ready: boolean;
  /** What will change, one list item each: shown once the inputs and the reason are complete. */
  preview: ReactNode;
  /** Shows the preview as a warning (such as over the person's limit). */
  warn?: boolean;
  run: (reason: string) => Promise<T>;
  /** The queries the action changes, read again once it ran. */
  invalidates: QueryKey;
  failedTitle?: string;
  doneTitle: string;
  /** What the action did, from the server's answer. */
  result: (data: T) => ReactNode;
  /** Where the action is kept with its reason, as staff would look for it. */
  recordedIn?: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const action = useMutation({
    mutationFn: () => run(reason.trim()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invalidates }),
  });
  const complete = ready && reason.trim() !== '';

  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      {action.isSuccess ? (
        <Stack>
          <Alert color="green" title={doneTitle} role="status">
            {result(action.data)} Kept in {recordedIn} with your reason.
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (complete && !action.isPending) action.mutate();
          }}
        >
          <Stack>
            {fields}
            <Textarea
              label="Reason"
              description={`Kept in ${recordedIn}`}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              maxLength={500}
              required
              autosize
              minRows={2}
            />
            {complete ? (
              <Alert color={warn ? 'yellow' : 'blue'} title="This will" role="note">
                <List size="sm">
                  {preview}
                  <List.Item>record it in {recordedIn} as yours, with the reason.</List.Item>
                </List>
              </Alert>
            ) : null}
            {action.isError ? (
              <Alert color="red" title={failedTitle} role="alert">
                {messageOf(action.error)}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={!complete} loading={action.isPending}>
                {action.isError ? 'Try again' : confirmLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
