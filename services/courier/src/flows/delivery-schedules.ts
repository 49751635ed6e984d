import { badRequest } from '@pawfresh/kit';
import {
  depotTimeZone,
  earliestDeliveryDay,
  schedule,
  scheduleRangeRefusal,
} from '../rules/delivery-schedule.js';
import type { CourierContext } from './context.js';
import { cachedSuburbZone, suburbNotFound } from './serviceability.js';

/** Each date's open slots for a suburb, counting from now's cut-off at its depot. */
export async function getDeliverySchedules(
  ctx: CourierContext,
  query: { postcode: string; suburb: string; fromDate: string; toDate: string },
) {
  const refusal = scheduleRangeRefusal(query.fromDate, query.toDate);
  if (refusal) throw badRequest(refusal);
  const zone = await cachedSuburbZone(ctx, query.postcode, query.suburb);
  if (!zone) throw suburbNotFound(query.suburb, query.postcode);
  const earliest = earliestDeliveryDay(ctx.clock.now(), depotTimeZone(zone.depotCode));
  return schedule(
    query.fromDate,
    query.toDate,
    { serviceable: zone.isServiceable, deliveryDays: zone.deliveryDays, slots: zone.slots },
    earliest,
  );
}
