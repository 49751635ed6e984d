/** Words for days and money, shared by every feature (en-AU, dollars from integer cents). */

export const dayParts = (timeZone: string, long = false) =>
  new Intl.DateTimeFormat('en-AU', {
    weekday: long ? 'long' : 'short',
    day: 'numeric',
    month: long ? 'long' : 'short',
    timeZone,
  });

export function joinDay(parts: Intl.DateTimeFormatPart[]): string {
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('weekday')} ${get('day')} ${get('month')}`;
}

/** A calendar date (YYYY-MM-DD) as "Fri 20 Nov" (or "Friday 20 November" with `long`). */
export function formatDay(calendarDate: string, { long = false } = {}): string {
  const [year, month, day] = calendarDate.split('-').map(Number);
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return joinDay(dayParts('UTC', long).formatToParts(date));
}

const money = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

/** Integer cents as "$127.08". */
export function formatCents(cents: number): string {
  return money.format(cents / 100);
}
