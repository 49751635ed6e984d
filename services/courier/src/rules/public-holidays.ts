/**
 * Australian national public holidays of any year (days every state and territory observes): no
 * deliveries (docs/delivery.md "Public holidays"). Computed from the rules, not a table:
 * - fixed dates: New Year's Day 1 Jan, Australia Day 26 Jan, Anzac Day 25 Apr, Christmas Day
 *   25 Dec, Boxing Day 26 Dec;
 * - Easter: Good Friday and Easter Monday (Gregorian computus);
 * - substitutes: New Year's Day, Australia Day, Christmas Day and Boxing Day on a weekend are
 *   also observed on the next weekday that is not already a holiday (Anzac Day is not moved
 *   nationally). The day itself stays a holiday too.
 * State-only holidays (King's Birthday, Labour Day, Melbourne Cup, Easter Saturday…) are not here:
 * deliveries are scheduled per zone, and a zone does not carry its state's calendar.
 */

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const utc = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day);

/** Easter Sunday of a Gregorian year (anonymous Gregorian algorithm: Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(utc(year, month, day));
}

const isWeekend = (ms: number) => {
  const weekday = new Date(ms).getUTCDay();
  return weekday === 0 || weekday === 6;
};

/** Fixed-date holidays moved to the next free weekday when they fall on a weekend. */
const SUBSTITUTED: readonly [month: number, day: number, name: string][] = [
  [1, 1, "New Year's Day"],
  [1, 26, 'Australia Day'],
  [12, 25, 'Christmas Day'],
  [12, 26, 'Boxing Day'],
];

const byYear = new Map<number, ReadonlyMap<string, string>>();

/** The national public holidays of one year, `YYYY-MM-DD` → name, in date order. */
export function nationalPublicHolidays(year: number): ReadonlyMap<string, string> {
  const kept = byYear.get(year);
  if (kept) return kept;
  const days = new Map<number, string>();
  for (const [month, day, name] of SUBSTITUTED) days.set(utc(year, month, day), name);
  days.set(utc(year, 4, 25), 'Anzac Day');
  const easter = Date.parse(`${easterSunday(year)}T00:00:00Z`);
  days.set(easter - 2 * DAY_MS, 'Good Friday');
  days.set(easter + DAY_MS, 'Easter Monday');
  // In date order, so Christmas Day's substitute is placed before Boxing Day's.
  for (const [month, day, name] of SUBSTITUTED) {
    const date = utc(year, month, day);
    if (!isWeekend(date)) continue;
    let substitute = date + DAY_MS;
    while (isWeekend(substitute) || days.has(substitute)) substitute += DAY_MS;
    days.set(substitute, `${name} (substitute)`);
  }
  const sorted = new Map([...days].sort(([a], [b]) => a - b).map(([ms, name]) => [iso(ms), name]));
  byYear.set(year, sorted);
  return sorted;
}

/** The national public holiday on a date (`YYYY-MM-DD`), or undefined. */
export function publicHolidayOn(date: string): string | undefined {
  return nationalPublicHolidays(Number(date.slice(0, 4))).get(date);
}
