import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { Link } from 'react-router';

import { useSuccessNotice } from '../../../components/feedback/success-notice';
import { useResultModal } from '../../../components/result-modal/result-modal-provider';
import { ApiError } from '../../../lib/api-client';
import { useRetryPayment } from '../api/retry-payment';
import { declineInWords } from '../utils/decline-in-words';
import { describePrice, formatDay, type Order } from '../utils/order-format';
import classes from './orders.module.css';

type FailedPaymentProps = {
  order: Order;
  /** "Visa ending 4242", when the card on file is known. */
  card: string | null;
  /** Where the saved cards are. */
  updateCardPath: string;
};

/** A box whose payment failed: first on the page, with the ways to fix it. */
export function FailedPayment({ order, card, updateCardPath }: FailedPaymentProps) {
  const headingId = useId();
  const retry = useRetryPayment();
  const notify = useSuccessNotice();
  const modal = useResultModal();
  const [declined, setDeclined] = useState<string | null>(null);
  const day = formatDay(order.deliveryDate);

  const retryPayment = () => {
    if (retry.isPending) return;
    setDeclined(null);
    retry.mutate(order.id, {
      onSuccess: (result) => {
        if (result.outcome === 'declined') {
          setDeclined(declineInWords(result.failureReason));
          return;
        }
        notify(
          result.outcome === 'charged'
            ? `Your payment for the box of ${day} went through.`
            : `Your box of ${day} is already paid.`,
        );
      },
      onError: (error) => {
        if (error instanceof ApiError && error.sessionExpired) return;
        void modal.showFailure();
      },
    });
  };

  return (
    <Card component="section" aria-labelledby={headingId} className={classes.failed} shadow="none">
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          Payment needed for your box of {day}
        </Title>
        <Text>
          We couldn’t take {describePrice(order).charge}
          {card ? ` from your ${card}` : ''}. Check your card details or choose another card, so
          your box can be made.
        </Text>
        {declined ? (
          <Alert color="red" variant="light" role="alert">
            {declined} Update your card, then try again.
          </Alert>
        ) : null}
        <Group gap="sm">
          <Button
            onClick={retryPayment}
            loading={retry.isPending}
            aria-label={`Retry payment for the box of ${day}`}
          >
            Retry payment
          </Button>
          <Button component={Link} to={updateCardPath} variant="light">
            Update card
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
