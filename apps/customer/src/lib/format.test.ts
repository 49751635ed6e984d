import { describe, expect, it } from 'vitest';

import { dayOf, formatCents, formatDay, formatNumber } from './format';

// The words were Intl's en-AU output before format.ts wrote them out; they must stay the same.
const intlDay = (date: Date, long: boolean) =>
  new Intl.DateTimeFormat('en-AU', {
    weekday: long ? 'long' : 'short',
    day: 'numeric',
    month: long ? 'long' : 'short',
    timeZone: 'UTC',
  })
    .formatToParts(date)
    .filter((part) => part.type !== 'literal')
    .map((part) => part.value)
    .join(' ');

describe('format', () => {
  it('writes every day of a leap year as Intl en-AU does, short and long', () => {
    for (let day = 0; day < 366; day += 1) {
      const date = new Date(Date.UTC(2028, 0, 1 + day));
      const calendarDate = date.toISOString().slice(0, 10);
      expect(formatDay(calendarDate)).toBe(intlDay(date, false));
      expect(formatDay(calendarDate, { long: true })).toBe(intlDay(date, true));
      expect(dayOf(date)).toBe(intlDay(date, false));
    }
    expect(formatDay('2026-11-28', { long: true })).toBe('Saturday 28 November');
    expect(formatDay('2026-09-04')).toBe('Fri 4 Sept');
  });

  it('writes cents as Australian dollars as Intl en-AU does', () => {
    const money = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });
    for (const cents of [0, 1, 9, 10, 99, 100, 101, 12708, 99999, 100000, 123456789, -500, -1]) {
      expect(formatCents(cents)).toBe(money.format(cents / 100));
    }
    expect(formatCents(12708)).toBe('$127.08');
  });

  it('writes numbers with thousands separators and the decimals asked for, as Intl does', () => {
    const whole = new Intl.NumberFormat('en-AU');
    const oneDecimal = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 1 });
    for (const value of [0, 1, 12, 999, 1000, 1250, 98765, 1234567, -1250]) {
      expect(formatNumber(value)).toBe(whole.format(value));
    }
    for (const [pouches, days] of [
      [14, 14],
      [14, 7],
      [28, 14],
      [21, 14],
      [10, 3],
      [7, 14],
      [1, 3],
      [2, 3],
      [3, 7],
      [5, 4],
    ] as const) {
      expect(formatNumber(pouches / days, 1)).toBe(oneDecimal.format(pouches / days));
    }
    expect(formatNumber(1.5, 1)).toBe('1.5');
    expect(formatNumber(2, 1)).toBe('2');
  });
});
