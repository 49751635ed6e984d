import { randomUUID } from 'node:crypto';
import { HttpError } from '@pawfresh/kit';
import type { BulkOrdersInput, LatestSubscriptionOrder } from '@pawfresh/contracts/order';
import {
  insertBulkOrders,
  latestSubscriptionOrders,
  type NewBulkOrder,
} from '../db/bulk-order-store.js';
import { storedAddress } from '../rules/order-address.js';
import { orderTotals } from '../rules/order-totals.js';
import type { OrderContext } from './context.js';
import { datesFor, placeOfPostcode, type DeliveryPlace } from './delivery-dates.js';
import { checkTotals } from './order-change.js';
import { checkSubscriptionReferences } from './subscription-references.js';
import type { OrderDates } from '../rules/order-dates.js';

/** Each subscription's latest order (by delivery date): where order generation goes on from. */
export async function latestOrders(
  ctx: OrderContext,
  subscriptionIds: readonly string[],
): Promise<{ items: LatestSubscriptionOrder[] }> {
  return { items: await latestSubscriptionOrders(ctx.db, subscriptionIds) };
}

/** A refusal of one order of a bulk creation, with its place. */
const atOrder = (n: number, err: unknown) =>
  err instanceof HttpError
    ? new HttpError(
        err.statusCode,
        [err.messages].flat().map((m) => `orders.${n}: ${m}`),
        err.options,
      )
    : err;

/**
 * Many subscription orders at once (order generation), each as createOrder makes it — dates from
 * its delivery date, slot and depot, totals from its lines, its order_created event and topic —
 * in one transaction of multi-row INSERTs. An order at an index the subscription has already is
 * left as it is (`existing`); one whose cut-off has passed is not made (`existing` too: a retry
 * after the cut-off makes nothing). Any other refusal refuses all, naming the order.
 */
export async function createSubscriptionOrders(
  ctx: OrderContext,
  input: BulkOrdersInput,
): Promise<{ createdOrderIds: string[]; existing: number }> {
  // Every order's subscription is its customer's: one lookup for all, before anything is written.
  await checkSubscriptionReferences(
    ctx,
    input.orders.flatMap((o, n) =>
      o.subscriptionId
        ? [{ path: ['orders', n], subscriptionId: o.subscriptionId, userId: o.userId }]
        : [],
    ),
  );
  // The depot of each postcode, once (a courier call, never inside the transaction).
  const places = new Map<string, DeliveryPlace>();
  for (const [n, o] of input.orders.entries()) {
    const postcode = o.address.postcode;
    if (o.depotCode !== undefined || places.has(postcode)) continue;
    try {
      places.set(postcode, await placeOfPostcode(ctx, postcode));
    } catch (err) {
      throw atOrder(n, err);
    }
  }
  const now = ctx.clock.now();
  const wanted: NewBulkOrder[] = [];
  // Many orders share a delivery date, slot and depot: their dates (or refusal) are worked out once.
  const datesOf = new Map<string, { dates: OrderDates } | { refused: unknown }>();
  const dated = (delivery: { deliveryDate: string; slot: 'AM' | 'PM' }, place: DeliveryPlace) => {
    const key = `${delivery.deliveryDate} ${delivery.slot} ${place.depotCode} ${place.facilityId}`;
    let found = datesOf.get(key);
    if (!found) {
      try {
        found = { dates: datesFor(ctx, delivery, place) };
      } catch (refused) {
        found = { refused };
      }
      datesOf.set(key, found);
    }
    if ('refused' in found) throw found.refused;
    return found.dates;
  };

  for (const [n, o] of input.orders.entries()) {
    const totals = orderTotals(o.orderLineItems);
    const place =
      o.depotCode !== undefined && o.facilityId !== undefined
        ? { depotCode: o.depotCode, facilityId: o.facilityId }
        : places.get(o.address.postcode)!;
    let dates;
    try {
      checkTotals(totals);
      dates = dated({ deliveryDate: o.deliveryDate, slot: o.expectedDeliverySlotId }, place);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 409) {
        continue;
      }
      throw atOrder(n, err);
    }
    wanted.push({
      row: {
        id: randomUUID(),
        userId: o.userId,
        subscriptionId: o.subscriptionId ?? null,
        subscriptionOrderIndex: o.subscriptionOrderIndex ?? null,
        cartNote: o.cartNote ?? null,
        deliveryNote: o.deliveryNote ?? null,
        deliveryContactNumber: o.deliveryContactNumber ?? null,
        expectedDeliverySlotId: o.expectedDeliverySlotId,
        ...dates,
        ...totals,
        ...place,
        address: storedAddress(randomUUID(), o.address),
        legacyOrderId: null,
        createdAt: now,
        updatedAt: now,
      },
      items: o.orderLineItems.map(({ id: _id, ...item }) => item),
      discounts: o.discounts,
      event: {
        description: `Order created for delivery on ${o.deliveryDate} (${o.expectedDeliverySlotId})`,
        currentValue: o.deliveryDate,
        createdBy: o.createdBy ?? null,
      },
    });
  }
  const made = await ctx.db.transaction((tx) =>
    insertBulkOrders(tx, wanted, now, {
      announce: ctx.announces('order_created'),
    }),
  );
  return {
    createdOrderIds: made,
    existing: input.orders.length - made.length,
  };
}
