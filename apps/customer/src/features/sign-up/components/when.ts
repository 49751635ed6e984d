import { formatDate } from '@pawfresh/contracts/calendar-dates';

/** An instant on the depot's wall clock: "Tuesday 3 November, 5pm". */
export function cutoffInWords(instant: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-AU', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const minutes = part('minute') === '00' ? '' : `:${part('minute')}`;
  return `${part('weekday')} ${part('day')} ${part('month')}, ${part('hour')}${minutes}${part('dayPeriod').toLowerCase()}`;
}

export const dayInWords = (date: string) => formatDate(date);
