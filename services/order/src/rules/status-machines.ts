import {
  FULFILMENT_STATUS_MOVES,
  type FulfilmentStatus,
  type PaymentStatus,
  type RebalancingStatus,
} from '@pawfresh/contracts/order';

/**
 * Where each status may go next, one table per machine (docs/orders.md "Status machines").
 * A move not in its table is refused with a 409 that lists what is still possible.
 */

/** Charged after the cut-off; failed attempts are retried until the order expires (dunning). */
export const PAYMENT_STATUS_MOVES: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  pending: ['processing', 'expired'],
  processing: ['processed', 'attempt_failed'],
  attempt_failed: ['processing', 'expired'],
  processed: [],
  /** Only a skip the customer takes back before the cut-off (flows/change-status.ts guards it). */
  expired: ['pending'],
};

/** The kitchen's jobs (services.md §4): the table both this service and fulfilment follow. */
export { FULFILMENT_STATUS_MOVES } from '@pawfresh/contracts/order';

/** A rebalance is queued, then processed by the kitchen; a processed one can be queued again. */
export const REBALANCING_STATUS_MOVES: Readonly<
  Record<RebalancingStatus, readonly RebalancingStatus[]>
> = {
  not_applicable: ['queued'],
  queued: ['processed', 'not_applicable'],
  processed: ['queued'],
};

export const canMove = <S extends string>(
  table: Readonly<Record<S, readonly S[]>>,
  from: S,
  to: S,
): boolean => table[from].includes(to);

export const canMovePaymentStatus = (from: PaymentStatus, to: PaymentStatus) =>
  canMove(PAYMENT_STATUS_MOVES, from, to);
export const canMoveFulfilmentStatus = (from: FulfilmentStatus, to: FulfilmentStatus) =>
  canMove(FULFILMENT_STATUS_MOVES, from, to);
export const canMoveRebalancingStatus = (from: RebalancingStatus, to: RebalancingStatus) =>
  canMove(REBALANCING_STATUS_MOVES, from, to);

/** The words of a refused move: what it is, and where the status can still go. */
export function illegalMoveMessage<S extends string>(
  what: string,
  table: Readonly<Record<S, readonly S[]>>,
  from: S,
  to: S,
): string {
  const next = table[from];
  return next.length === 0
    ? `${what} cannot move from ${from} to ${to}: ${from} is final`
    : `${what} cannot move from ${from} to ${to}; from ${from} it can move to ${next.join(', ')}`;
}
