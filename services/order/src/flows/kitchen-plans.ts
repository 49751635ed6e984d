import { boxesPerMakeDate, unitsPerMakeDate } from '../db/kitchen-store.js';
import { addDays } from '@pawfresh/contracts/calendar-dates';
import type { OrderContext } from './context.js';

/** A forecast from `fromDate` alone covers two weeks of make dates. */
export const FORECAST_DAYS = 14;

/** Boxes per make date at a facility, each day with its depots. */
export async function forecastBoxes(
  ctx: OrderContext,
  facilityId: number,
  q: {
    fromDate?: string | undefined;
    dateRangeStart?: string | undefined;
    dateRangeEnd?: string | undefined;
  },
) {
  const fromDate = q.fromDate ?? q.dateRangeStart!;
  const toDate = q.fromDate ? addDays(q.fromDate, FORECAST_DAYS - 1) : q.dateRangeEnd!;
  const rows = await boxesPerMakeDate(ctx.db, facilityId, fromDate, toDate);
  const days = new Map<
    string,
    { makeDate: string; boxes: number; depots: { depotCode: string; boxes: number }[] }
  >();
  for (const r of rows) {
    const day = days.get(r.makeDate) ?? { makeDate: r.makeDate, boxes: 0, depots: [] };
    day.boxes += r.boxes;
    day.depots.push({ depotCode: r.depotCode, boxes: r.boxes });
    days.set(r.makeDate, day);
  }
  return { facilityId, fromDate, toDate, days: [...days.values()] };
}

/** Pouches per meal and size, and extras, per make date at a facility. */
export async function stockMonitor(
  ctx: OrderContext,
  facilityId: number,
  q: { fromDate: string; toDate: string; productId?: string | undefined },
) {
  const items = await unitsPerMakeDate(ctx.db, facilityId, q);
  return { facilityId, fromDate: q.fromDate, toDate: q.toDate, items };
}
