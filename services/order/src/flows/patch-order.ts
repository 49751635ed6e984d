import { conflict } from '@pawfresh/kit';
import type { Order, OrderPatchInput } from '@pawfresh/contracts/order';
import { REBALANCING_STATUS_MOVES, canMove, illegalMoveMessage } from '../rules/status-machines.js';
import { changeRefused, deliveryMoveRefusal } from '../rules/order-changes.js';
import type { NewOrderEvent } from '../db/event-store.js';
import type { NewOrderRow, OrderDb, OrderRow } from '../db/order-store.js';
import type { OrderContext } from './context.js';
import { datesFor } from './delivery-dates.js';
import { changeOrder, changeOrderIn, type OrderChange } from './order-change.js';

/** Fields a PATCH sets as given, with the column each lives in. */
const PLAIN_FIELDS = [
  'cartNote',
  'deliveryNote',
  'deliveryContactNumber',
  'shipmentId',
  'shipmentStatus',
  'isOnHold',
  'isCancelled',
  'phoenixToggle',
  'shadowToggle',
] as const;

const shown = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** What a PATCH changes: the delivery date and slot (with the dates they bring), and the rest. */
export async function patchChange(
  ctx: OrderContext,
  row: OrderRow,
  patch: OrderPatchInput,
  now: Date,
): Promise<OrderChange> {
  const columns: Partial<NewOrderRow> = {};
  const events: NewOrderEvent[] = [];
  const topics: OrderChange['topics'] = [];
  const deliveryDate = patch.deliveryDate ?? row.deliveryDate;
  const slot = patch.expectedDeliverySlotId ?? row.expectedDeliverySlotId;
  if (deliveryDate !== row.deliveryDate || slot !== row.expectedDeliverySlotId) {
    const refusal = deliveryMoveRefusal(row, now);
    if (refusal) throw changeRefused('delivery date', refusal);
    const dates = datesFor(ctx, { deliveryDate, slot }, row);
    Object.assign(columns, dates, { expectedDeliverySlotId: slot });
    events.push({
      action: 'delivery_date_updated',
      description: `Delivery moved to ${deliveryDate} (${slot})`,
      previousValue: `${row.deliveryDate} ${row.expectedDeliverySlotId}`,
      currentValue: `${deliveryDate} ${slot}`,
    });
  }
  const rebalancing = patch.rebalancingStatus;
  if (rebalancing !== undefined && rebalancing !== row.rebalancingStatus) {
    if (!canMove(REBALANCING_STATUS_MOVES, row.rebalancingStatus, rebalancing)) {
      throw conflict(
        illegalMoveMessage(
          'Rebalancing status',
          REBALANCING_STATUS_MOVES,
          row.rebalancingStatus,
          rebalancing,
        ),
      );
    }
    columns.rebalancingStatus = rebalancing;
    events.push({
      action: 'rebalancing_status_updated',
      description: `Rebalancing ${rebalancing}`,
      previousValue: row.rebalancingStatus,
      currentValue: rebalancing,
    });
  }
  const changed: string[] = [];
  for (const field of PLAIN_FIELDS) {
    const value = patch[field];
    if (value === undefined || value === row[field]) continue;
    Object.assign(columns, { [field]: value });
    changed.push(field);
    events.push({
      action: 'order_updated',
      description: `${field} changed`,
      previousValue: shown(row[field]),
      currentValue: shown(value),
    });
  }
  if (changed.includes('shipmentId') && patch.shipmentId) topics.push('shipment_created');
  if (events.length === 0) return { events, topics };
  topics.push('order_updated');
  return { columns, events, topics };
}

export const patchOrder = (ctx: OrderContext, orderId: string, patch: OrderPatchInput) =>
  changeOrder(ctx, orderId, { version: patch.version, actor: patch.updatedBy }, (row, now) =>
    patchChange(ctx, row, patch, now),
  );

/** Several orders changed together: all of them, or (on the first refusal) none. */
export const patchOrders = (
  ctx: OrderContext,
  patches: readonly (OrderPatchInput & { id: string })[],
): Promise<Order[]> =>
  ctx.db.transaction(async (tx: OrderDb) => {
    const out: Order[] = [];
    for (const patch of patches) {
      out.push(
        await changeOrderIn(
          tx,
          ctx,
          patch.id,
          { version: patch.version, actor: patch.updatedBy },
          (row, now) => patchChange(ctx, row, patch, now),
        ),
      );
    }
    return out;
  });
