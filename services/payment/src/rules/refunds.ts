import { conflict } from '@pawfresh/kit';
import type { PaymentStatus } from '@pawfresh/contracts/payment';
import { formatCents, refundableCents } from './money.js';

/**
 * Refuses a refund the payment cannot take: only money actually taken (a processed payment) can
 * go back, and never more than is left of it.
 */
export function requireRefundable(
  payment: {
    id: string;
    status: PaymentStatus;
    providerPaymentIntentId: string | null;
    amountCaptured: number;
    amountRefunded: number;
  },
  amount: number,
): void {
  if (payment.status !== 'processed' || !payment.providerPaymentIntentId) {
    throw conflict(
      `Payment ${payment.id} is ${payment.status}: only a processed payment can be refunded`,
      { status: payment.status },
    );
  }
  const left = refundableCents(payment);
  if (amount > left) {
    throw conflict(
      left === 0
        ? `Payment ${payment.id} has been refunded in full: nothing is left to refund`
        : `Refund of ${formatCents(amount)} is more than the ${formatCents(left)} left to refund on payment ${payment.id}`,
      { refundable: left },
    );
  }
}
