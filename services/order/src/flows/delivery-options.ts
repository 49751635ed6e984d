import { orNotFound, upstream } from '@pawfresh/kit';
import { addDays } from '@pawfresh/contracts/calendar-dates';
import type { DeliveryOptions, FirstDeliveryOptions } from '@pawfresh/contracts/order';
import { findOrderRow } from '../db/order-store.js';
import { deliveryOptions, firstDeliveryOptions } from '../rules/order-changes.js';
import { DEPOT_TIME_ZONES, localDate } from '../rules/order-dates.js';
import type { OrderContext } from './context.js';
import { placeOfPostcode } from './delivery-dates.js';
import { orderNotFound } from './order-change.js';

/** The courier's longest schedule (docs/delivery.md): today and the 30 days after. */
const SCHEDULE_DAYS = 31;

/** The courier's schedule for a suburb from `today`; a suburb it does not know has no days. */
async function scheduleFrom(
  ctx: OrderContext,
  where: { postcode: string; suburb: string },
  today: string,
) {
  return (
    (await upstream('Reading the delivery schedule', () =>
      orNotFound(
        ctx.courier.getDeliverySchedules({
          query: {
            postcode: where.postcode,
            suburb: where.suburb,
            fromDate: today,
            toDate: addDays(today, SCHEDULE_DAYS - 1),
          },
        }),
      ),
    )) ?? []
  );
}

/**
 * GET /first-delivery-options: the days and slots a new customer's first order may have at an
 * address, each with its cut-off (rules/order-changes.ts `firstDeliveryOptions`).
 */
export async function newOrderDeliveryOptions(
  ctx: OrderContext,
  where: { postcode: string; suburb: string },
): Promise<FirstDeliveryOptions> {
  const place = await placeOfPostcode(ctx, where.postcode);
  const timezone = DEPOT_TIME_ZONES[place.depotCode] ?? 'Australia/Sydney';
  const now = ctx.clock.now();
  const schedule = await scheduleFrom(ctx, where, localDate(now, timezone));
  return {
    timezone,
    options: firstDeliveryOptions({ place, schedule, now }).map((o) => ({
      deliveryDate: o.deliveryDate,
      slot: o.slot,
      cutoffAt: o.cutoffAt.toISOString(),
    })),
  };
}

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
  const schedule = await scheduleFrom(ctx, row.address, localDate(now, row.timezone));
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
