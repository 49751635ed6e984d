import { badRequest, HttpError, notFound } from '@pawfresh/kit';
import {
  orderRefusalTypes,
  TOTAL_CHARGE_MESSAGE,
  TOTAL_PRICE_MESSAGE,
  type Order,
  type OrderTopic,
} from '@pawfresh/contracts/order';
import { insertEvents, type NewOrderEvent } from '../db/event-store.js';
import {
  findOrderRow,
  lineItemRows,
  readOrder,
  updateOrderRow,
  type NewOrderRow,
  type OrderDb,
  type OrderRow,
} from '../db/order-store.js';
import { enqueueMessages } from '../db/outbox-store.js';
import { changeRefusal, changeRefused } from '../rules/order-changes.js';
import { orderTotals, withinCents } from '../rules/order-totals.js';
import type { OrderContext } from './context.js';

/** What one change to an order does: columns to set, events to record, topics to announce. */
export interface OrderChange {
  columns?: Partial<NewOrderRow>;
  events: NewOrderEvent[];
  topics: OrderTopic[];
}

/** Topics that mean the customer's box changed: after payment, the charge may need a look. */
const BOX_TOPICS: readonly OrderTopic[] = [
  'order_updated',
  'address_updated',
  'order_lineitem_updated',
  'order_bundlelineitem_updated',
];

export const orderNotFound = (orderId: string) => notFound(`Order ${orderId} not found`);

export interface ChangeOptions {
  version?: number | undefined;
  actor?: string | undefined;
}

/**
 * Changes one order inside `tx`: locks its row (so concurrent changes wait their turn and none is
 * lost), checks the version the caller last read, lets `decide` write, then moves the version on
 * and records the events and topics in the same transaction. A change that sets nothing and
 * records nothing leaves the order as it was.
 */
export async function changeOrderIn(
  tx: OrderDb,
  ctx: OrderContext,
  orderId: string,
  options: ChangeOptions,
  decide: (row: OrderRow, now: Date) => Promise<OrderChange>,
): Promise<Order> {
  const row = await findOrderRow(tx, orderId, true);
  if (!row) throw orderNotFound(orderId);
  if (options.version !== undefined && options.version !== row.version) {
    throw new HttpError(
      409,
      `Order ${orderId} has changed since version ${options.version} (it is at version ${row.version}): read it again and retry`,
      { type: orderRefusalTypes.versionMoved },
    );
  }
  const now = ctx.clock.now();
  const change = await decide(row, now);
  if (!change.columns && change.events.length === 0) return (await readOrder(tx, orderId, now))!;
  await updateOrderRow(tx, row, change.columns ?? {}, now);
  await insertEvents(tx, orderId, change.events, options.actor ?? null, now);
  const order = (await readOrder(tx, orderId, now))!;
  const topics = new Set(change.topics);
  if (row.paymentStatus === 'processed' && change.topics.some((t) => BOX_TOPICS.includes(t))) {
    topics.add('post_payment_order_modified');
  }
  await enqueueMessages(
    tx,
    [...topics].filter(ctx.announces).map((topic) => ({ topic, orderId, payload: { order } })),
    now,
  );
  return order;
}

/** One order changed in its own transaction. */
export const changeOrder = (
  ctx: OrderContext,
  orderId: string,
  options: ChangeOptions,
  decide: (row: OrderRow, now: Date, tx: OrderDb) => Promise<OrderChange>,
): Promise<Order> =>
  ctx.db.transaction((tx) =>
    changeOrderIn(tx, ctx, orderId, options, (row, now) => decide(row, now, tx)),
  );

/** Refuses (409) a change to the box after its cut-off or while the kitchen works on it. */
export function assertBoxCanChange(row: OrderRow, now: Date, what: string): void {
  const refusal = changeRefusal(row, now);
  if (refusal) throw changeRefused(what, refusal);
}

/** The totals of the order's line items as they now are; 400 past the 32-bit ceiling. */
export async function totalsOf(tx: OrderDb, orderId: string) {
  const totals = orderTotals(await lineItemRows(tx, orderId));
  checkTotals(totals);
  return totals;
}

export function checkTotals(totals: { totalPrice: number; totalCharge: number }): void {
  const problems = [
    ...(withinCents(totals.totalPrice) ? [] : [TOTAL_PRICE_MESSAGE]),
    ...(withinCents(totals.totalCharge) ? [] : [TOTAL_CHARGE_MESSAGE]),
  ];
  if (problems.length) throw badRequest(problems);
}
