import { Alert, Button, Group, List, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Payment } from '@pawfresh/contracts/payment';
import type { StaffResponse } from '@pawfresh/contracts/staff';

import { messageOf } from '../../components/states';
import { api } from '../../lib/api';
import { formatCents, parseDollars } from '../../lib/format';
import { useMe } from '../../lib/me';

/**
 * Refunding part of a payment: the amount and the reason, what it will do before it runs (and
 * whether it is over this role's limit), then what it did.
 */
export function RefundDialog({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  const { me } = useMe();
  const queryClient = useQueryClient();
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  // One key per refund the person means: a retry of this one refunds nothing more.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const left = payment.amountCaptured - payment.amountRefunded;
  const amount = parseDollars(amountText);
  const refund = useMutation({
    mutationFn: () =>
      api.post<StaffResponse<'refundPayment'>>(
        `/payments/${payment.id}/refunds`,
        { amount, reason },
        { headers: { 'Idempotency-Key': idempotencyKey } },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['customer', payment.userId] }),
  });
  const amountError =
    amountText === ''
      ? null
      : amount === null || amount <= 0
        ? 'Enter an amount in dollars, such as 12.50'
        : amount > left
          ? `At most ${formatCents(left)} is left to refund`
          : null;
  const ready = amount !== null && amountError === null && reason.trim() !== '';
  const overLimit = me.refundLimit !== null && amount !== null && amount > me.refundLimit;

  return (
    <Modal opened onClose={onClose} title="Refund part of a payment" size="lg">
      {refund.isSuccess ? (
        <Stack>
          <Alert color="green" title="Refunded" role="status">
            {formatCents(refund.data.refund.amount)} refunded ({refund.data.refund.status}). The
            payment has {formatCents(left - refund.data.refund.amount)} left to refund. Kept in the
            customer’s timeline with your reason.
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (ready) refund.mutate();
          }}
        >
          <Stack>
            <Text size="sm">
              {payment.description || 'Payment'}: {formatCents(payment.amountCaptured)} taken,{' '}
              {formatCents(payment.amountRefunded)} refunded already, {formatCents(left)} left.
            </Text>
            <TextInput
              label="Amount to refund (AUD)"
              value={amountText}
              onChange={(e) => setAmountText(e.currentTarget.value)}
              error={amountError}
              inputMode="decimal"
              required
            />
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
              <Alert color={overLimit ? 'yellow' : 'blue'} title="This will" role="note">
                <List size="sm">
                  <List.Item>
                    refund {formatCents(amount)} to the customer’s card, leaving{' '}
                    {formatCents(left - amount)} to refund on this payment;
                  </List.Item>
                  <List.Item>record it in the timeline as yours, with the reason.</List.Item>
                  {overLimit ? (
                    <List.Item>
                      It is over your limit of {formatCents(me.refundLimit ?? 0)}: an admin must
                      make it.
                    </List.Item>
                  ) : null}
                </List>
              </Alert>
            ) : null}
            {refund.isError ? (
              <Alert color="red" title="Not refunded" role="alert">
                {messageOf(refund.error)}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={!ready} loading={refund.isPending}>
                Refund {ready ? formatCents(amount) : ''}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
