import type {
  BulkChargeProgress,
  BulkChargeStatus,
  ChargeResult,
} from '@pawfresh/contracts/orchestration-billing';
import { failureOf } from './workflow-failure.js';

/** A bulk retry before any box finished: every box waiting. */
export function waitingCharges(orderIds: readonly string[]): BulkChargeProgress {
  return {
    total: orderIds.length,
    done: 0,
    left: orderIds.length,
    charged: 0,
    declined: 0,
    alreadyPaid: 0,
    failed: 0,
    orders: orderIds.map((orderId) => ({ orderId, status: 'waiting', message: null })),
  };
}

const COUNTER: Record<Exclude<BulkChargeStatus, 'waiting'>, keyof BulkChargeProgress> = {
  charged: 'charged',
  declined: 'declined',
  already_paid: 'alreadyPaid',
  failed: 'failed',
};

/**
 * The progress once one box's manual-charge-order ended: with its charge (charged, declined with
 * the card provider's words, or paid meanwhile), or with its failure (a refusal in its words, such
 * as "skipped or cancelled", or a service that could not be reached).
 */
export function recordCharge(
  progress: BulkChargeProgress,
  orderId: string,
  outcome: ChargeResult | unknown,
): BulkChargeProgress {
  const charge = outcome as Partial<ChargeResult> | undefined;
  let status: Exclude<BulkChargeStatus, 'waiting'>;
  let message: string | null = null;
  if (charge && typeof charge === 'object' && typeof charge.outcome === 'string') {
    status = charge.outcome;
    message = charge.outcome === 'declined' ? (charge.failureReason ?? 'Declined') : null;
  } else {
    status = 'failed';
    const failure = failureOf(outcome);
    message = failure
      ? [failure.message].flat().join('; ')
      : outcome instanceof Error
        ? outcome.message
        : 'The charge failed';
  }
  const counter = COUNTER[status];
  return {
    ...progress,
    done: progress.done + 1,
    left: progress.left - 1,
    [counter]: (progress[counter] as number) + 1,
    orders: progress.orders.map((o) => (o.orderId === orderId ? { orderId, status, message } : o)),
  };
}
