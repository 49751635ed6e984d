/** Today's date in the browser's time zone, as YYYY-MM-DD. */
export function todayAsCalendarDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Orders two calendar dates (YYYY-MM-DD) for `sort`, oldest first: their text does, so this is
 * plain comparison (`localeCompare` would load the browser's collation data on first use).
 */
export function compareCalendarDates(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
