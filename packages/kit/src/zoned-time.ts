/**
 * Times people enter as wall-clock times in an Australian zone ("midnight on 1 February in
 * Sydney": a promotion's start, a pause's resume date) and that are stored as instants.
 */

const WALL = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;

/** One formatter per zone: making one costs far more than using it (order generation and lists make many). */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The zone's offset from UTC, in milliseconds, at an instant. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = formatIn(timeZone).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * An instant from a promotion moment: an ISO instant with `Z` or an offset is taken as is; a date
 * or a date-time without one is a wall-clock time in `timeZone`. Returns undefined for a date that
 * does not exist (2026-02-30). In the hour a daylight-saving change skips, the later offset wins.
 */
export function toInstant(text: string, timeZone: string): Date | undefined {
  if (/(Z|[+-]\d{2}:\d{2})$/.test(text)) {
    const at = new Date(text);
    return Number.isNaN(at.getTime()) ? undefined : at;
  }
  const m = WALL.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second, ms] = m
    .slice(1)
    .map((v, i) => (v === undefined ? 0 : Number(i === 6 ? v.padEnd(3, '0') : v)));
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!, ms!);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month! - 1 || check.getUTCDate() !== day! || hour! > 23) {
    return undefined;
  }
  let guess = wall - offsetAt(wall, timeZone);
  guess = wall - offsetAt(guess, timeZone);
  return new Date(guess);
}

/** The last answer per zone: a list or a bulk creation asks for one instant many times over. */
const lastDates = new Map<string, { at: number; date: string }>();

/** The calendar date (YYYY-MM-DD) of an instant in `timeZone`: today on that zone's wall clock. */
export function localDate(at: Date, timeZone: string): string {
  const time = at.getTime();
  const last = lastDates.get(timeZone);
  if (last?.at === time) return last.date;
  const date = wallClockAt(at, timeZone).toISOString().slice(0, 10);
  lastDates.set(timeZone, { at: time, date });
  return date;
}

/**
 * The wall clock in `timeZone` at an instant, as a Date whose UTC fields (getUTCHours(), …) read
 * that wall-clock time (what `dayOf` and `timeOfDay` in contracts' calendar-dates take).
 */
export function wallClockAt(at: Date, timeZone: string): Date {
  return new Date(at.getTime() + offsetAt(at.getTime(), timeZone));
}
