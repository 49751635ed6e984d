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

/** What a date field says when what was typed is not a day/month/year date. */
export const DAY_MONTH_YEAR_MESSAGE = 'Enter the date as day/month/year, for example 24/12/2026';

/** A calendar date (YYYY-MM-DD) as Australians write it: "24/12/2026". Other text as it is. */
export function toDayMonthYear(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/**
 * Typed day/month/year ("24/12/2026", "1/2/2027", "24.12.2026", "24-12-2026", "24 12 2026") as a
 * calendar date (YYYY-MM-DD); null when it is not one (31/02/2027, a two-digit year, words).
 */
export function fromDayMonthYear(text: string): string | null {
  const match = /^\s*(\d{1,2})\s*[/.\- ]\s*(\d{1,2})\s*[/.\- ]\s*(\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return null;
  if (date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}
