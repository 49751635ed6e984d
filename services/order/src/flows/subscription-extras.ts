import type { z } from 'zod';
import { conflict, notFound } from '@pawfresh/kit';
import type {
  addSubscriptionExtrasInput,
  deleteSubscriptionExtrasInput,
  moveSubscriptionExtrasInput,
  updateSubscriptionExtrasInput,
} from '@pawfresh/contracts/order';
import {
  deleteLineItemRows,
  insertLineItems,
  lineItemRows,
  moveLineItemRow,
  setLineItemAmounts,
  subscriptionOrderRows,
  type LineItemRow,
  type OrderDb,
  type OrderRow,
} from '../db/order-store.js';
import { changeRefusal, changeRefused } from '../rules/order-changes.js';
import { isExtraInOrder } from '../rules/subscription-extras.js';
import type { OrderContext } from './context.js';
import { changeOrderIn, totalsOf } from './order-change.js';

type Result = { updatedOrderIds: string[]; skippedOrderIds: string[] };

/**
 * Runs `edit` on each order of a subscription that `applies` to, in one transaction. Orders past
 * their cut-off or being made are skipped and listed; `edit` answering false changed nothing.
 */
async function acrossOrders(
  ctx: OrderContext,
  subscriptionId: string,
  actor: string | undefined,
  applies: (row: OrderRow, items: LineItemRow[]) => boolean,
  edit: (tx: OrderDb, row: OrderRow, items: LineItemRow[]) => Promise<string | false>,
): Promise<Result> {
  return ctx.db.transaction(async (tx) => {
    const result: Result = { updatedOrderIds: [], skippedOrderIds: [] };
    const now = ctx.clock.now();
    for (const order of await subscriptionOrderRows(tx, subscriptionId, true)) {
      const items = await lineItemRows(tx, order.id);
      if (order.subscriptionOrderIndex === null || !applies(order, items)) continue;
      if (changeRefusal(order, now) || order.isCancelled) {
        result.skippedOrderIds.push(order.id);
        continue;
      }
      let changed = false;
      await changeOrderIn(tx, ctx, order.id, { actor }, async (row) => {
        const description = await edit(tx, row, items);
        if (description === false) return { events: [], topics: [] };
        changed = true;
        return {
          columns: await totalsOf(tx, row.id),
          events: [{ action: 'line_items_updated', description }],
          topics: ['order_lineitem_updated'],
        };
      });
      (changed ? result.updatedOrderIds : result.skippedOrderIds).push(order.id);
    }
    return result;
  });
}

const ofExtra = (items: LineItemRow[], extraId: string) =>
  items.filter((i) => i.extraId === extraId);

export const addSubscriptionExtras = (
  ctx: OrderContext,
  body: z.output<typeof addSubscriptionExtrasInput>,
) =>
  acrossOrders(
    ctx,
    body.subscriptionId,
    body.updatedBy,
    (row, items) =>
      isExtraInOrder(row.subscriptionOrderIndex!, body) &&
      ofExtra(items, body.extraId).length === 0,
    async (tx, row) => {
      await insertLineItems(tx, row.id, [
        {
          extraId: body.extraId,
          productId: body.productId,
          productVariantId: body.productVariantId ?? null,
          price: body.price,
          quantity: body.quantity,
          oneOff: false,
          bundleLineItems: [],
        },
      ]);
      return `Subscription extra ${body.extraId} added`;
    },
  );

/**
 * A change to the extra's line items on each order of the subscription from `fromOrderIndex` on
 * that holds the extra (see acrossOrders): `change` is given them and all the order's items.
 */
const acrossOrdersWithExtra = (
  ctx: OrderContext,
  body: {
    subscriptionId: string;
    updatedBy?: string | undefined;
    fromOrderIndex: number;
    extraId: string;
  },
  change: (tx: OrderDb, extraItems: LineItemRow[], items: LineItemRow[]) => Promise<string | false>,
) =>
  acrossOrders(
    ctx,
    body.subscriptionId,
    body.updatedBy,
    (row, items) =>
      row.subscriptionOrderIndex! >= body.fromOrderIndex && ofExtra(items, body.extraId).length > 0,
    (tx, _row, items) => change(tx, ofExtra(items, body.extraId), items),
  );

export const deleteSubscriptionExtras = (
  ctx: OrderContext,
  body: z.output<typeof deleteSubscriptionExtrasInput>,
) =>
  acrossOrdersWithExtra(ctx, body, async (tx, gone, items) => {
    // An order is never left empty: it keeps the extra (and is listed as skipped).
    if (gone.length === items.length) return false;
    await deleteLineItemRows(
      tx,
      gone.map((i) => i.id),
    );
    return `Subscription extra ${body.extraId} removed`;
  });

export const updateSubscriptionExtras = (
  ctx: OrderContext,
  body: z.output<typeof updateSubscriptionExtrasInput>,
) =>
  acrossOrdersWithExtra(ctx, body, async (tx, extraItems) => {
    for (const item of extraItems) {
      await setLineItemAmounts(tx, item.id, { quantity: body.quantity, price: body.price });
    }
    return `Subscription extra ${body.extraId} changed`;
  });

/** The extra's line items move from one order of the subscription to another, both still open. */
export async function moveSubscriptionExtras(
  ctx: OrderContext,
  body: z.output<typeof moveSubscriptionExtrasInput>,
): Promise<Result> {
  return ctx.db.transaction(async (tx) => {
    const rows = await subscriptionOrderRows(tx, body.subscriptionId, true);
    const at = (index: number) => {
      const row = rows.find((r) => r.subscriptionOrderIndex === index);
      if (!row)
        throw notFound(`Subscription ${body.subscriptionId} has no order at index ${index}`);
      return row;
    };
    const from = at(body.fromOrderIndex);
    const to = at(body.toOrderIndex);
    const moving = ofExtra(await lineItemRows(tx, from.id), body.extraId);
    if (moving.length === 0) {
      throw notFound(`Extra ${body.extraId} is not in the order at index ${body.fromOrderIndex}`);
    }
    if (from.id === to.id) return { updatedOrderIds: [], skippedOrderIds: [] };
    const now = ctx.clock.now();
    for (const row of [from, to]) {
      const refusal = changeRefusal(row, now);
      if (refusal) throw changeRefused('extras', refusal);
    }
    if ((await lineItemRows(tx, from.id)).length === moving.length) {
      throw conflict(
        'The extra is the only line item of its order: add it to the other order instead',
      );
    }
    for (const item of moving) await moveLineItemRow(tx, item.id, to.id);
    for (const row of [from, to]) {
      await changeOrderIn(tx, ctx, row.id, { actor: body.updatedBy }, async () => ({
        columns: await totalsOf(tx, row.id),
        events: [
          {
            action: 'line_items_updated',
            description: `Subscription extra ${body.extraId} moved from order ${body.fromOrderIndex} to ${body.toOrderIndex}`,
          },
        ],
        topics: ['order_lineitem_updated'],
      }));
    }
    return { updatedOrderIds: [from.id, to.id], skippedOrderIds: [] };
  });
}
