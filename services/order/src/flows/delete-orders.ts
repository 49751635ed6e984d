import { conflict } from '@pawfresh/kit';
import {
  deleteOrderRows,
  findOrderRow,
  subscriptionOrderRows,
  type OrderRow,
} from '../db/order-store.js';
import { isBlockedFulfilmentStatus } from '../rules/order-changes.js';
import type { OrderContext } from './context.js';
import { orderNotFound } from './order-change.js';

/** Only an order nobody has paid for and the kitchen has not started can go. */
const deletable = (row: OrderRow) =>
  (row.paymentStatus === 'pending' || row.paymentStatus === 'expired') &&
  !isBlockedFulfilmentStatus(row.fulfilmentStatus);

export async function deleteOrder(ctx: OrderContext, orderId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await findOrderRow(tx, orderId, true);
    if (!row) throw orderNotFound(orderId);
    if (!deletable(row)) {
      throw conflict(
        `Order ${orderId} cannot be deleted: its payment is ${row.paymentStatus} and its fulfilment ${row.fulfilmentStatus}. Only unpaid orders the kitchen has not started can be deleted; mark it cancelled instead.`,
      );
    }
    await deleteOrderRows(tx, [orderId]);
  });
}

/** A subscription's unpaid orders that are not being made (on cancelling it); paid ones stay. */
export async function deletePendingOrders(
  ctx: OrderContext,
  subscriptionId: string,
): Promise<{ deletedOrderIds: string[] }> {
  return ctx.db.transaction(async (tx) => {
    const rows = await subscriptionOrderRows(tx, subscriptionId, true);
    const ids = rows
      .filter(
        (r) => r.paymentStatus === 'pending' && !isBlockedFulfilmentStatus(r.fulfilmentStatus),
      )
      .map((r) => r.id);
    await deleteOrderRows(tx, ids);
    return { deletedOrderIds: ids };
  });
}
