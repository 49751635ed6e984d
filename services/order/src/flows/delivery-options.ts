import { orNotFound, upstream } from '@pawfresh/kit';
import { addDays } from '@pawfresh/contracts/calendar-dates';
import type { DeliveryOptions } from '@pawfresh/contracts/order';
import { findOrderRow } from '../db/order-store.js';
import { deliveryOptions } from '../rules/order-changes.js';
import { localDate } from '../rules/order-dates.js';
import type { OrderContext } from './context.js';
import { orderNotFound } from './order-change.js';

/** The courier's longest schedule (docs/delivery.md): today and the 30 days after. */
const SCHEDULE_DAYS = 31;

/**
 * GET /orders/{orderId}/delivery-options: the days and slots the order may move to, each with its
 * cut-off and whether a PATCH of the date would take it (rules/order-changes.ts `deliveryOptions`).
 * `userId`: another user's order is not found, as an unknown one.
 */
export async function orderDeliveryOptions(
  ctx: OrderContext,
  orderId: string,
  userId: string | undefined,
): Promise<DeliveryOptions> {
  const row = await findOrderRow(ctx.db, orderId);
  if (!row || (userId !== undefined && row.userId !== userId)) throw orderNotFound(orderId);
  const now = ctx.clock.now();
  const today = localDate(now, row.timezone);
  // A suburb the courier no longer knows has no days to offer (not an error of this order).
  const schedule =
    (await upstream('Reading the delivery schedule', () =>
      orNotFound(
        ctx.courier.getDeliverySchedules({
          query: {
            postcode: row.address.postcode,
            suburb: row.address.suburb,
            fromDate: today,
            toDate: addDays(today, SCHEDULE_DAYS - 1),
          },
        }),
      ),
    )) ?? [];
  const options = deliveryOptions({ box: row, place: row, schedule, now });
  return {
    orderId: row.id,
    deliveryDate: row.deliveryDate,
    expectedDeliverySlotId: row.expectedDeliverySlotId,
    timezone: row.timezone,
    options: options.map((option) => ({
      deliveryDate: option.deliveryDate,
      slot: option.slot,
      cutoffAt: option.cutoffAt.toISOString(),
      accepted: option.refusal === null,
      refusal: option.refusal,
    })),
  };
}
