import { wallClockAt } from '@pawfresh/kit';
import { dateOfDay, dayNumber, weekdayOfDay } from '@pawfresh/contracts/calendar-dates';
import { CUT_OFF_HOUR } from '@pawfresh/contracts/order-rules';
import { depotByCode } from '../coverage/depots.js';
import { publicHolidayOn } from './public-holidays.js';

// Orders for tomorrow must be in by CUT_OFF_HOUR, local time at the depot (services.md §9): the
// one copy, in contracts' order-rules, which the order service's cut-off uses too.
export { CUT_OFF_HOUR };
/** Longest range one schedule request may cover, in days (both ends included). */
export const MAX_SCHEDULE_DAYS = 31;

/** ISO weekday, 1 Monday … 7 Sunday. */
export const isoWeekday = (day: number) => ((weekdayOfDay(day) + 6) % 7) + 1;

/** The date and hour on the wall clock of `timeZone` at `now`. */
export function localDateAndHour(now: Date, timeZone: string): { date: string; hour: number } {
  const wall = wallClockAt(now, timeZone);
  return { date: wall.toISOString().slice(0, 10), hour: wall.getUTCHours() };
}

/** The time zone the cut-off is counted in at a depot (Sydney's for a depot not on the list). */
export const depotTimeZone = (depotCode: string): string =>
  depotByCode.get(depotCode)?.timeZone ?? 'Australia/Sydney';

/** The first date an order placed at `now` can be delivered: tomorrow before 5pm, else the day after. */
export function earliestDeliveryDay(now: Date, timeZone: string): number {
  const local = localDateAndHour(now, timeZone);
  return dayNumber(local.date) + (local.hour < CUT_OFF_HOUR ? 1 : 2);
}

export interface ZoneDelivery {
  serviceable: boolean;
  deliveryDays: readonly number[];
  slots: number;
}

/** Slot availability (0 none, 1 AM, 2 PM, 3 both) of one date. */
export function slotsOn(day: number, zone: ZoneDelivery, earliestDay: number): number {
  if (!zone.serviceable || day < earliestDay) return 0;
  if (publicHolidayOn(dateOfDay(day)) !== undefined) return 0;
  return zone.deliveryDays.includes(isoWeekday(day)) ? zone.slots : 0;
}

/** Why a schedule cannot be given for these dates (undefined: it can). */
export function scheduleRangeRefusal(fromDate: string, toDate: string): string | undefined {
  const days = dayNumber(toDate) - dayNumber(fromDate) + 1;
  if (days < 1) return 'toDate must not be before fromDate';
  if (days > MAX_SCHEDULE_DAYS) return `The date range must be at most ${MAX_SCHEDULE_DAYS} days`;
  return undefined;
}

export function schedule(
  fromDate: string,
  toDate: string,
  zone: ZoneDelivery,
  earliestDay: number,
): { deliveryDate: string; slotAvailability: number }[] {
  const out = [];
  for (let day = dayNumber(fromDate); day <= dayNumber(toDate); day++) {
    out.push({ deliveryDate: dateOfDay(day), slotAvailability: slotsOn(day, zone, earliestDay) });
  }
  return out;
}

/** Local delivery windows, HH:mm at the depot. */
export const TIME_WINDOWS = {
  AM: { start: '06:00', end: '12:00' },
  PM: { start: '12:00', end: '18:00' },
} as const;
