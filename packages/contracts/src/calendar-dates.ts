/**
 * Arithmetic on calendar dates (`YYYY-MM-DD`, a day on some wall clock, no time and no zone), the
 * one copy for the services and the customer app. A calendar date is read as midnight UTC only to
 * count days: no zone's daylight saving can shift it.
 */
const DAY_MS = 86_400_000;

/** The calendar date `days` later (or earlier, for a negative number). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A calendar date as a day number (days since 1970-01-01), for counting and comparing days. */
/** `count` calendar dates in a row from `from` (a page of days: a forecast, a stock monitor). */
export const datesFrom = (from: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => addDays(from, i));

export const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** The calendar date of a day number. */
export const dateOfDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The weekday of a day number: 0 Sunday … 6 Saturday. */
export const weekdayOfDay = (day: number): number => new Date(day * DAY_MS).getUTCDay();

/** Whole days from one calendar date to another (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

// Days in en-AU words, written out rather than with `Intl` (the customer app's first pages need
// them before any `Intl` data has loaded; apps/customer/src/lib/format.test.ts checks them
// against `Intl`). Customer messages name days this way, never as YYYY-MM-DD.
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const WEEKDAYS_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
// en-AU's short months (CLDR): three letters except June, July and Sept.
const MONTHS_SHORT = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'June',
  'July',
  'Aug',
  'Sept',
  'Oct',
  'Nov',
  'Dec',
];

/**
 * A day given by the UTC fields of `date` as "Fri 20 Nov" (or "Friday 20 November" with `long`).
 * For a wall-clock time elsewhere, shift the instant first (`wallClock`, australian-time.ts).
 */
export function dayOf(date: Date, { long = false } = {}): string {
  const weekday = (long ? WEEKDAYS : WEEKDAYS_SHORT)[date.getUTCDay()];
  const month = (long ? MONTHS : MONTHS_SHORT)[date.getUTCMonth()];
  return `${weekday} ${date.getUTCDate()} ${month}`;
}

/** A calendar date (YYYY-MM-DD) as "Fri 20 Nov" (or "Friday 20 November" with `long`). */
export function formatDay(calendarDate: string, { long = false } = {}): string {
  const [year, month, day] = calendarDate.split('-').map(Number);
  return dayOf(new Date(Date.UTC(year!, month! - 1, day!)), { long });
}

/**
 * A calendar date (YYYY-MM-DD) with its year, as letters and invoices write it: "Friday 20
 * November 2026", or "20 November 2026" without the weekday.
 */
export function formatDate(calendarDate: string, { weekday = true } = {}): string {
  const [year, month, day] = calendarDate.split('-').map(Number);
  const date = `${day!} ${MONTHS[month! - 1]!} ${year!}`;
  return weekday
    ? `${WEEKDAYS[new Date(Date.UTC(year!, month! - 1, day!)).getUTCDay()]!} ${date}`
    : date;
}

/** A wall-clock time (given by the UTC fields of `local`, as `dayOf`) as "5pm" or "4:30pm". */
export function timeOfDay(local: Date): string {
  const hour = local.getUTCHours();
  const minute = local.getUTCMinutes();
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}${minute === 0 ? '' : `:${String(minute).padStart(2, '0')}`}${hour < 12 ? 'am' : 'pm'}`;
}
