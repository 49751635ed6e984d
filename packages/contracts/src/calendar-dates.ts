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

/** Whole days from one calendar date to another (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}
