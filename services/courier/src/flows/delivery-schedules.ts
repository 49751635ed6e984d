import { createHash } from 'node:crypto';
import { badRequest, rawJson, type RawJson } from '@pawfresh/kit';
import { courierContract } from '@pawfresh/contracts/courier';
import type { SuburbZoneRow } from '../db/coverage-store.js';
import {
  depotTimeZone,
  earliestDeliveryDay,
  schedule,
  scheduleRangeRefusal,
} from '../rules/delivery-schedule.js';
import type { CourierContext } from './context.js';
import { cachedSuburbZone, suburbNotFound } from './serviceability.js';

const scheduleResponse = courierContract.endpoints.getDeliverySchedules.response;
/**
 * Schedules answered, per suburb row kept in memory (a new coverage revision brings new rows, so
 * these go with them) and per range and earliest day: the only other things an answer depends on.
 */
const answered = new WeakMap<SuburbZoneRow, Map<string, RawJson>>();
const MAX_RANGES = 100;

/** Each date's open slots for a suburb, counting from now's cut-off at its depot. */
export async function getDeliverySchedules(
  ctx: CourierContext,
  query: { postcode: string; suburb: string; fromDate: string; toDate: string },
): Promise<RawJson> {
  const refusal = scheduleRangeRefusal(query.fromDate, query.toDate);
  if (refusal) throw badRequest(refusal);
  const zone = await cachedSuburbZone(ctx, query.postcode, query.suburb);
  if (!zone) throw suburbNotFound(query.suburb, query.postcode);
  const earliest = earliestDeliveryDay(ctx.clock.now(), depotTimeZone(zone.depotCode));
  const key = `${query.fromDate}|${query.toDate}|${earliest}`;
  let ranges = answered.get(zone);
  if (!ranges) answered.set(zone, (ranges = new Map()));
  const kept = ranges.get(key);
  if (kept) return kept;
  const slots = schedule(
    query.fromDate,
    query.toDate,
    { serviceable: zone.isServiceable, deliveryDays: zone.deliveryDays, slots: zone.slots },
    earliest,
  );
  const json = JSON.stringify(scheduleResponse.parse(slots));
  const answer = rawJson(json, createHash('sha1').update(json).digest('base64url'));
  if (ranges.size >= MAX_RANGES) ranges.clear();
  ranges.set(key, answer);
  return answer;
}
