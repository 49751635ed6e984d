import { conflict } from '@pawfresh/kit';
import type { CaptureMethod, PaymentStatus } from '@pawfresh/contracts/payment';
import { formatCents } from './money.js';

/**
 * Refuses a capture the payment cannot take: only an authorisation waiting for capture, not one
 * already being captured, and never more than was authorised.
 */
export function requireCapturable(
  payment: {
    id: string;
    status: PaymentStatus;
    captureMethod: CaptureMethod;
    providerPaymentIntentId: string | null;
    callStartedAt: Date | null;
    amount: number;
  },
  amount: number | undefined,
): void {
  if (
    payment.status !== 'processing' ||
    payment.captureMethod !== 'manual' ||
    !payment.providerPaymentIntentId
  ) {
    throw conflict(
      `Payment ${payment.id} is ${payment.status}${payment.captureMethod === 'automatic' ? ' (captured automatically)' : ''}: only an authorised payment waiting for capture can be captured`,
      { status: payment.status },
    );
  }
  if (payment.callStartedAt) {
    throw conflict(`Payment ${payment.id} is already being captured`, { status: payment.status });
  }
  if (amount !== undefined && amount > payment.amount) {
    throw conflict(
      `Cannot capture ${formatCents(amount)}: payment ${payment.id} authorised only ${formatCents(payment.amount)}`,
      { authorised: payment.amount },
    );
  }
}
