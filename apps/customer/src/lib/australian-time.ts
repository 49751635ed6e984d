/**
 * Wall-clock time in the Australian time zones the app shows cut-offs in, without `Intl` (a page's
 * first time-zone formatter loads ICU's zone data on the main thread, see format.ts). The rules are
 * those in force since 2008: no daylight saving in QLD, NT and WA; elsewhere from the first Sunday
 * of October at 2am standard time to the first Sunday of April at 3am daylight time.
 * australian-time.test.ts checks every hour of several years against `Intl`.
 */
export const AUSTRALIAN_TIME_ZONES = {
  'Australia/Sydney': { standardMinutes: 600, daylightSaving: true },
  'Australia/Melbourne': { standardMinutes: 600, daylightSaving: true },
  'Australia/Hobart': { standardMinutes: 600, daylightSaving: true },
  'Australia/Adelaide': { standardMinutes: 570, daylightSaving: true },
  'Australia/Brisbane': { standardMinutes: 600, daylightSaving: false },
  'Australia/Darwin': { standardMinutes: 570, daylightSaving: false },
  'Australia/Perth': { standardMinutes: 480, daylightSaving: false },
} as const;

export type AustralianTimeZone = keyof typeof AUSTRALIAN_TIME_ZONES;

const MINUTE = 60_000;

/** 2am on the first Sunday of `month` (0-based) of `year`, as UTC fields of a standard-time clock. */
function firstSundayAt2am(year: number, month: number): number {
  const first = new Date(Date.UTC(year, month, 1));
  const day = 1 + ((7 - first.getUTCDay()) % 7);
  return Date.UTC(year, month, day, 2);
}

/** Minutes east of UTC in `timeZone` at `instant`. */
export function offsetMinutes(instant: Date, timeZone: AustralianTimeZone): number {
  const zone = AUSTRALIAN_TIME_ZONES[timeZone];
  if (!zone.daylightSaving) return zone.standardMinutes;
  // Both changes happen at 2am standard time (3am daylight time is 2am standard time).
  const standard = instant.getTime() + zone.standardMinutes * MINUTE;
  const year = new Date(standard).getUTCFullYear();
  const daylight = standard >= firstSundayAt2am(year, 9) || standard < firstSundayAt2am(year, 3);
  return zone.standardMinutes + (daylight ? 60 : 0);
}

/**
 * The wall clock in `timeZone` at `instant`, as a Date whose UTC fields (getUTCHours(), ...) read
 * that wall-clock time.
 */
export function wallClock(instant: Date, timeZone: AustralianTimeZone): Date {
  return new Date(instant.getTime() + offsetMinutes(instant, timeZone) * MINUTE);
}
