import { randomUUID } from 'node:crypto';
import { conflict } from '@pawfresh/kit';
import { isUniqueViolation } from '@pawfresh/db';
import type { CreateOrderInput, Order } from '@pawfresh/contracts/order';
import { insertEvents } from '../db/event-store.js';
import { insertOrder, readOrder } from '../db/order-store.js';
import { enqueueMessages } from '../db/outbox-store.js';
import { storedAddress } from '../rules/order-address.js';
import { orderTotals } from '../rules/order-totals.js';
import type { OrderContext } from './context.js';
import { datesFor, placeOfPostcode } from './delivery-dates.js';
import { checkTotals } from './order-change.js';
import { checkSubscriptionReferences } from './subscription-references.js';

/**
 * A new order: its dates from the delivery date, slot and depot (the courier's for the postcode
 * unless given), its totals from its line items, recorded with its first event and its
 * order_created topic in one transaction.
 */
export async function createOrder(ctx: OrderContext, input: CreateOrderInput): Promise<Order> {
  const totals = orderTotals(input.orderLineItems);
  checkTotals(totals);
  if (input.subscriptionId) {
    await checkSubscriptionReferences(ctx, [
      { path: [], subscriptionId: input.subscriptionId, userId: input.userId },
    ]);
  }
  const place =
    input.depotCode !== undefined && input.facilityId !== undefined
      ? { depotCode: input.depotCode, facilityId: input.facilityId }
      : await placeOfPostcode(ctx, input.address.postcode);
  const dates = datesFor(
    ctx,
    { deliveryDate: input.deliveryDate, slot: input.expectedDeliverySlotId },
    place,
    input.legacyOrderId !== undefined,
  );
  const now = ctx.clock.now();
  const id = randomUUID();
  const { address } = input;
  try {
    return await ctx.db.transaction(async (tx) => {
      await insertOrder(
        tx,
        {
          id,
          userId: input.userId,
          subscriptionId: input.subscriptionId ?? null,
          subscriptionOrderIndex: input.subscriptionOrderIndex ?? null,
          cartNote: input.cartNote ?? null,
          deliveryNote: input.deliveryNote ?? null,
          deliveryContactNumber: input.deliveryContactNumber ?? null,
          expectedDeliverySlotId: input.expectedDeliverySlotId,
          ...dates,
          ...totals,
          ...place,
          address: storedAddress(randomUUID(), address),
          legacyOrderId: input.legacyOrderId ?? null,
          createdAt: now,
          updatedAt: now,
        },
        input.orderLineItems,
        input.discounts,
      );
      await insertEvents(
        tx,
        id,
        [
          {
            action: 'order_created',
            description: `Order created for delivery on ${input.deliveryDate} (${input.expectedDeliverySlotId})`,
            currentValue: input.deliveryDate,
          },
        ],
        input.createdBy ?? null,
        now,
      );
      const order = (await readOrder(tx, id, now))!;
      if (ctx.announces('order_created')) {
        await enqueueMessages(
          tx,
          [{ topic: 'order_created', orderId: id, payload: { order } }],
          now,
        );
      }
      return order;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'orders_legacy_order_id')) {
      throw conflict(`An order with legacyOrderId ${input.legacyOrderId} already exists`);
    }
    if (isUniqueViolation(err, 'orders_subscription_order_index')) {
      throw conflict(
        `Subscription ${input.subscriptionId} already has an order at index ${input.subscriptionOrderIndex}`,
        {
          subscriptionId: input.subscriptionId,
          subscriptionOrderIndex: input.subscriptionOrderIndex,
        },
      );
    }
    throw err;
  }
}
