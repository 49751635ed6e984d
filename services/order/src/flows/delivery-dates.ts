import { badRequest, HttpError, orNotFound, upstream } from '@pawfresh/kit';
import { orderRefusalTypes } from '@pawfresh/contracts/order';
import {
  dateProblemMessage,
  isPastCutoff,
  orderDates,
  type OrderDates,
} from '../rules/order-dates.js';
import type { OrderContext } from './context.js';

export interface DeliveryPlace {
  depotCode: string;
  facilityId: number;
}

/** The depot and facility for a postcode, from the courier's coverage. */
export async function placeOfPostcode(ctx: OrderContext, postcode: string): Promise<DeliveryPlace> {
  const found = await upstream('Finding the depot for the postcode', () =>
    orNotFound(
      ctx.courier.getPostcodeFacility({ params: { postcode } }),
      `The courier does not deliver to postcode ${postcode}`,
    ),
  );
  return { depotCode: found.depotCode, facilityId: found.facilityId };
}

/**
 * The dates of a delivery; 400 for a depot or facility the rule does not know, 409 when the
 * cut-off for that date has already passed (unless `allowPast`, for migrated history).
 */
export function datesFor(
  ctx: OrderContext,
  delivery: { deliveryDate: string; slot: 'AM' | 'PM' },
  place: DeliveryPlace,
  allowPast = false,
): OrderDates {
  const dates = orderDates({
    ...delivery,
    depotCode: place.depotCode,
    facilityId: place.facilityId,
  });
  if (typeof dates === 'string') {
    throw badRequest(dateProblemMessage(dates, place.depotCode, place.facilityId));
  }
  if (!allowPast && isPastCutoff(dates.cutoffAt, ctx.clock.now())) {
    throw new HttpError(
      409,
      `Too late for a delivery on ${delivery.deliveryDate} (${delivery.slot}): its cut-off was ${dates.cutoffAt.toISOString()} (5pm at the depot on ${dates.billingCutoffDate}). Choose a later delivery date.`,
      { type: orderRefusalTypes.tooLate },
    );
  }
  return dates;
}
