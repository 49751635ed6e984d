import { conflict } from '@pawfresh/kit';
import type { FulfilmentStatus, PaymentStatus } from '@pawfresh/contracts/order';
import {
  FULFILMENT_STATUS_MOVES,
  PAYMENT_STATUS_MOVES,
  canMove,
  illegalMoveMessage,
} from '../rules/status-machines.js';
import type { OrderContext } from './context.js';
import { changeOrder, type ChangeOptions, type OrderChange } from './order-change.js';

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

export const changePaymentStatus = (
  ctx: OrderContext,
  orderId: string,
  to: PaymentStatus,
  options: ChangeOptions,
) =>
  changeOrder(ctx, orderId, options, async (row) =>
    move('Payment status', PAYMENT_STATUS_MOVES, row.paymentStatus, to, {
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
    }),
  );

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
