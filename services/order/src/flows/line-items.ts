import { conflict, notFound } from '@pawfresh/kit';
import type { LineItemInput, OrderTopic } from '@pawfresh/contracts/order';
import {
  deleteLineItemRows,
  lineItemRows,
  replaceLineItemRows,
  updateLineItemRow,
  type OrderDb,
} from '../db/order-store.js';
import type { OrderContext } from './context.js';
import {
  assertBoxCanChange,
  changeOrder,
  totalsOf,
  type ChangeOptions,
  type OrderChange,
} from './order-change.js';

const ONE_LINE_ITEM_LEFT =
  'An order needs at least one line item: this is the last one. Replace it, or delete the order.';

const lineItemNotFound = (orderId: string, lineItemId: string) =>
  notFound(`Line item ${lineItemId} is not on order ${orderId}`);

/** Line items changed: the totals follow, and a bundle's items get their own topic. */
async function lineItemsChanged(
  tx: OrderDb,
  orderId: string,
  description: string,
  before: number,
  bundles: boolean,
): Promise<OrderChange> {
  const totals = await totalsOf(tx, orderId);
  const topics: OrderTopic[] = ['order_lineitem_updated'];
  if (bundles) topics.push('order_bundlelineitem_updated');
  return {
    columns: totals,
    events: [
      {
        action: 'line_items_updated',
        description,
        previousValue: String(before),
        currentValue: String(totals.totalCharge),
      },
    ],
    topics,
  };
}

const hasBundle = (items: readonly { bundleLineItems: readonly unknown[] }[]) =>
  items.some((i) => i.bundleLineItems.length > 0);

export const replaceLineItems = (
  ctx: OrderContext,
  orderId: string,
  items: readonly LineItemInput[],
  options: ChangeOptions,
) =>
  changeOrder(ctx, orderId, options, async (row, now, tx) => {
    assertBoxCanChange(row, now, 'line items');
    const old = await lineItemRows(tx, orderId);
    const known = new Set(old.map((i) => i.id));
    const stranger = items.find((i) => i.id !== undefined && !known.has(i.id));
    if (stranger?.id) throw lineItemNotFound(orderId, stranger.id);
    await replaceLineItemRows(tx, orderId, items);
    return lineItemsChanged(
      tx,
      orderId,
      `Line items replaced (${items.length})`,
      row.totalCharge,
      hasBundle(old) || hasBundle(items),
    );
  });

export const replaceLineItem = (
  ctx: OrderContext,
  orderId: string,
  lineItemId: string,
  item: LineItemInput,
) =>
  changeOrder(ctx, orderId, {}, async (row, now, tx) => {
    const old = (await lineItemRows(tx, orderId)).find((i) => i.id === lineItemId);
    if (!old) throw lineItemNotFound(orderId, lineItemId);
    assertBoxCanChange(row, now, 'line items');
    await updateLineItemRow(tx, orderId, lineItemId, item);
    return lineItemsChanged(
      tx,
      orderId,
      `Line item ${lineItemId} replaced`,
      row.totalCharge,
      hasBundle([old, item]),
    );
  });

export const deleteLineItem = (ctx: OrderContext, orderId: string, lineItemId: string) =>
  changeOrder(ctx, orderId, {}, async (row, now, tx) => {
    const items = await lineItemRows(tx, orderId);
    const old = items.find((i) => i.id === lineItemId);
    if (!old) throw lineItemNotFound(orderId, lineItemId);
    assertBoxCanChange(row, now, 'line items');
    if (items.length === 1) throw conflict(ONE_LINE_ITEM_LEFT);
    await deleteLineItemRows(tx, [lineItemId]);
    return lineItemsChanged(
      tx,
      orderId,
      `Line item ${lineItemId} deleted`,
      row.totalCharge,
      hasBundle([old]),
    );
  });
