import { conflict, HttpError } from '@pawfresh/kit';
import {
  customerActor,
  orderRefusalTypes,
  skippedBy,
  unskipRefusalType,
  type FulfilmentStatus,
  type PaymentStatus,
} from '@pawfresh/contracts/order';
import { listEvents } from '../db/event-store.js';
import {
  FULFILMENT_STATUS_MOVES,
  PAYMENT_STATUS_MOVES,
  canMove,
  illegalMoveMessage,
} from '../rules/status-machines.js';
import type { OrderContext } from './context.js';
import { changeOrder, type ChangeOptions, type OrderChange } from './order-change.js';
import type { OrderRow } from '../db/order-store.js';

/**
 * Moves a status along its table. Asking for the status it already has changes nothing (a retried
 * call is harmless); any other move not in the table is a 409.
 */
function move<S extends string>(
  what: string,
  table: Readonly<Record<S, readonly S[]>>,
  from: S,
  to: S,
  change: OrderChange,
): OrderChange {
  if (from === to) return { events: [], topics: [] };
  if (!canMove(table, from, to)) throw conflict(illegalMoveMessage(what, table, from, to));
  return change;
}

/**
 * The one move out of `expired` (a skipped box taken back, docs/skipping.md): only to `pending`,
 * only by the customer who skipped it (the author of the move to expired, asking as the same
 * actor), before the box's cut-off and while the kitchen is not on it. Anyone else is a 409 whose
 * `type` says why (`unskipRefusalType`).
 */
async function assertUnskip(
  tx: Parameters<typeof listEvents>[0],
  row: OrderRow,
  actor: string | undefined,
  now: Date,
) {
  const refusal = unskipRefusalType(
    {
      paymentStatus: row.paymentStatus,
      fulfilmentStatus: row.fulfilmentStatus,
      cutoffAt: row.cutoffAt,
      isCancelled: row.isCancelled,
    },
    skippedBy(await listEvents(tx, row.id)),
    actor === customerActor(row.userId) ? actor : undefined,
    now,
  );
  if (refusal) {
    throw new HttpError(
      409,
      `Payment status cannot move from expired to pending: ${refusal.replaceAll('_', ' ')} (only the customer who skipped the box may take the skip back, before its cut-off)`,
      {
        type:
          refusal === 'changes_closed'
            ? orderRefusalTypes.changesClosed
            : refusal === 'being_made'
              ? orderRefusalTypes.beingMade
              : refusal,
      },
    );
  }
}

export const changePaymentStatus = (
  ctx: OrderContext,
  orderId: string,
  to: PaymentStatus,
  options: ChangeOptions,
) =>
  changeOrder(ctx, orderId, options, async (row, now, tx) => {
    if (row.paymentStatus === 'expired' && to === 'pending') {
      await assertUnskip(tx, row, options.actor, now);
    }
    return move('Payment status', PAYMENT_STATUS_MOVES, row.paymentStatus, to, {
      columns: { paymentStatus: to },
      events: [
        {
          action: 'payment_status_updated',
          description: `Payment ${to}`,
          previousValue: row.paymentStatus,
          currentValue: to,
        },
      ],
      topics: to === 'processed' ? ['order_paid'] : ['order_updated'],
    });
  });

export const changeFulfilmentStatus = (
  ctx: OrderContext,
  orderId: string,
  to: FulfilmentStatus,
  options: ChangeOptions,
) =>
  changeOrder(ctx, orderId, options, async (row) =>
    move('Fulfilment status', FULFILMENT_STATUS_MOVES, row.fulfilmentStatus, to, {
      columns: { fulfilmentStatus: to },
      events: [
        {
          action: 'fulfilment_status_updated',
          description: `Fulfilment ${to}`,
          previousValue: row.fulfilmentStatus,
          currentValue: to,
        },
      ],
      topics: ['fulfilment_status_updated'],
    }),
  );
