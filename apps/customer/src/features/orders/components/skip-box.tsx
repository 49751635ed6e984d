import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import { Alert, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';

import { useSuccessNotice } from '../../../components/feedback/success-notice';
import { ApiError } from '../../../lib/api-client';
import type { Orders } from '../api/get-orders';
import { useChangeSkip } from '../api/skip-box';
import { describeCutoff, formatDay, type Order } from '../utils/order-format';
import { skipConfirmWords, skippedWords, unskippedWords } from '../utils/skip-words';

/** The server's words for a refusal (a 409 "Your box of … can no longer change: …"), or ours. */
function failureWords(error: unknown): string {
  if (error instanceof ApiError && error.status < 500 && error.serverError) {
    return error.serverError;
  }
  return 'We couldn’t reach PawFresh just now. Nothing changed.';
}

/**
 * "Skip this box" and its confirm step (docs/skipping.md): what skipping does to the charges is
 * said before anything is done; a refusal is shown in the server's words with Try again.
 */
export function SkipBoxButton({
  order,
  orders,
  variant = 'light',
}: {
  order: Order;
  orders: Orders;
  variant?: 'light' | 'white';
}) {
  const [opened, setOpened] = useState(false);
  const change = useChangeSkip();
  const notify = useSuccessNotice();
  const day = formatDay(order.deliveryDate, { long: true });

  const close = () => {
    if (change.isPending) return;
    change.reset();
    setOpened(false);
  };
  const skip = () => {
    if (change.isPending) return;
    change.mutate(
      { orderId: order.id, version: order.version, skip: true },
      {
        onSuccess: (answer) => {
          setOpened(false);
          notify(skippedWords(answer.order, answer.nextCharge));
        },
      },
    );
  };
  const failed =
    change.isError && !(change.error instanceof ApiError && change.error.sessionExpired);

  return (
    <>
      <Button
        variant={variant}
        size={variant === 'white' ? 'sm' : 'xs'}
        onClick={() => setOpened(true)}
        aria-label={`Skip this box: ${day}`}
      >
        Skip this box
      </Button>
      <Modal.Root opened={opened} onClose={close} centered>
        <Modal.Overlay />
        <Modal.Content>
          <Modal.Header component="div">
            <Modal.Title fw={700}>Skip your box of {day}?</Modal.Title>
            <Modal.CloseButton aria-label="Close" />
          </Modal.Header>
          <Modal.Body>
            <Stack gap="md">
              <Text>{skipConfirmWords(order, orders)}</Text>
              <Text size="sm">
                Your plan and your other boxes stay as they are. You can undo the skip until changes
                close ({describeCutoff(order, new Date()).replace(/^Change by /, '')}).
              </Text>
              {failed ? (
                <Alert color="red" variant="light" role="alert" title="Nothing changed">
                  {failureWords(change.error)}
                </Alert>
              ) : null}
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={close} disabled={change.isPending}>
                  Keep this box
                </Button>
                <Button onClick={skip} loading={change.isPending} data-autofocus>
                  {failed ? 'Try again' : 'Skip this box'}
                </Button>
              </Group>
            </Stack>
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </>
  );
}

/**
 * A box the customer skipped, still before its cut-off: muted, marked Skipped, with Undo skip
 * when the customer skipped it themselves (a box skipped by PawFresh says to contact us).
 */
export function SkippedBoxCard({
  order,
  now,
}: {
  order: Order & { canUndoSkip: boolean };
  now: Date;
}) {
  const headingId = useId();
  const change = useChangeSkip();
  const notify = useSuccessNotice();
  const day = formatDay(order.deliveryDate, { long: true });
  const open = order.canUndoSkip && new Date(order.cutoffAt).getTime() > now.getTime();
  const undo = () => {
    if (change.isPending) return;
    change.mutate(
      { orderId: order.id, version: order.version, skip: false },
      { onSuccess: (answer) => notify(unskippedWords(answer.order)) },
    );
  };
  const failed =
    change.isError && !(change.error instanceof ApiError && change.error.sessionExpired);
  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      withBorder
      bg="gray.0"
      style={{ borderStyle: 'dashed' }}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="baseline">
          <Title order={3} id={headingId} size="h4" c="gray.8">
            {day}
          </Title>
          <Text fw={700} size="sm" c="gray.8">
            Skipped
          </Text>
        </Group>
        <Text c="gray.8">
          {order.canUndoSkip
            ? 'You skipped this box: it won’t be made or charged.'
            : 'We skipped this box: it won’t be made or charged. Contact us to have it back.'}
        </Text>
        {open ? (
          <Text size="sm" c="gray.8">
            {describeCutoff(order, now).replace(/^Change by/, 'Undo by')}
          </Text>
        ) : null}
        {failed ? (
          <Alert color="red" variant="light" role="alert" title="Nothing changed">
            {failureWords(change.error)}
          </Alert>
        ) : null}
        {open ? (
          <Group>
            <Button
              variant="light"
              size="xs"
              onClick={undo}
              loading={change.isPending}
              aria-label={`Undo skip: ${day}`}
            >
              {failed ? 'Try again' : 'Undo skip'}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
