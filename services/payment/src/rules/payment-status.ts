import type { PaymentStatus } from '@pawfresh/contracts/payment';
import { conflict } from '@pawfresh/kit';

/**
 * The allowed moves of a payment's status (docs/payments.md "Payment status"). A payment is
 * `pending` until it is sent to the provider, `processing` while the provider has it (including
 * an authorisation waiting for capture), then `processed` (money taken) or `attempt_failed`
 * (declined: it may be tried again with another card) and finally `expired` when nobody will
 * finish it. `processed` and `expired` are final: refunds never change a payment's status.
 */
const allowedMoves: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: ['processing', 'expired'],
  processing: ['processed', 'attempt_failed', 'expired'],
  attempt_failed: ['processing', 'expired'],
  processed: [],
  expired: [],
};

/** Whether a payment may move from one status to another: the one place this is decided. */
export function canMovePaymentStatus(from: PaymentStatus, to: PaymentStatus): boolean {
  return allowedMoves[from].includes(to);
}

/** Refuses a move the rules do not allow, with words staff can act on. */
export function requirePaymentMove(paymentId: string, from: PaymentStatus, to: PaymentStatus) {
  if (!canMovePaymentStatus(from, to)) {
    throw conflict(`Payment ${paymentId} is ${from}: it cannot become ${to}`, { from, to });
  }
}

export const paymentStatusMoves = allowedMoves;

/**
 * The moves that take a payment from one status to another the provider says it is in: none when
 * it is there already, the move itself when allowed, or through `processing` (a payment recorded
 * `pending` that the provider in fact charged); `null` when no allowed path leads there (money
 * taken on a payment we expired: a difference for reconciliation, never a silent change).
 */
export function movesToward(from: PaymentStatus, to: PaymentStatus): PaymentStatus[] | null {
  if (from === to) return [];
  if (canMovePaymentStatus(from, to)) return [to];
  if (canMovePaymentStatus(from, 'processing') && canMovePaymentStatus('processing', to)) {
    return ['processing', to];
  }
  return null;
}
