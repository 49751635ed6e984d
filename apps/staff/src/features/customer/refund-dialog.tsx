import { List, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Payment } from '@pawfresh/contracts/payment';
import type { StaffResponse } from '@pawfresh/contracts/staff';

import { ActionDialog } from '../../components/action-dialog';
import { api } from '../../lib/api';
import { formatCents, parseDollars } from '../../lib/format';
import { useMe } from '../../lib/me';

/**
 * Refunding part of a payment: the amount and the reason, what it will do before it runs (and
 * whether it is over this role's limit), then what it did.
 */
export function RefundDialog({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  const { me } = useMe();
  const [amountText, setAmountText] = useState('');
  // One key per refund the person means: a retry of this one refunds nothing more.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const left = payment.amountCaptured - payment.amountRefunded;
  const amount = parseDollars(amountText);
  const amountError =
    amountText === ''
      ? null
      : amount === null || amount <= 0
        ? 'Enter an amount in dollars, such as 12.50'
        : amount > left
          ? `At most ${formatCents(left)} is left to refund`
          : null;
  const ready = amount !== null && amountError === null;
  const overLimit = me.refundLimit !== null && amount !== null && amount > me.refundLimit;

  return (
    <ActionDialog
      title="Refund part of a payment"
      confirmLabel={`Refund ${ready ? formatCents(amount) : ''}`}
      onClose={onClose}
      invalidates={['customer', payment.userId]}
      ready={ready}
      warn={overLimit}
      run={(reason) =>
        api.post<StaffResponse<'refundPayment'>>(
          `/payments/${payment.id}/refunds`,
          { amount, reason },
          { headers: { 'Idempotency-Key': idempotencyKey } },
        )
      }
      fields={
        <>
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
        </>
      }
      preview={
        ready ? (
          <>
            <List.Item>
              refund {formatCents(amount)} to the customer’s card, leaving{' '}
              {formatCents(left - amount)} to refund on this payment;
            </List.Item>
            {overLimit ? (
              <List.Item>
                It is over your limit of {formatCents(me.refundLimit ?? 0)}: an admin must make it.
              </List.Item>
            ) : null}
          </>
        ) : null
      }
      failedTitle="Not refunded"
      doneTitle="Refunded"
      result={(data) =>
        `${formatCents(data.refund.amount)} refunded (${data.refund.status}). The payment has ${formatCents(left - data.refund.amount)} left to refund.`
      }
    />
  );
}
