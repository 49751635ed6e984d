import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dateOfDay,
  dayNumber,
  daysBetween,
  formatDate,
  weekdayOfDay,
} from '../src/calendar-dates.js';

/** Calendar dates from 1900 to 2400, as `YYYY-MM-DD`. */
const calendarDate = fc
  .date({
    min: new Date('1900-01-01T00:00:00Z'),
    max: new Date('2400-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10));

describe('calendar dates', () => {
  it('counts days: a date and its day number are one and the same day', () => {
    fc.assert(
      fc.property(calendarDate, fc.integer({ min: -4000, max: 4000 }), (date, days) => {
        expect(dateOfDay(dayNumber(date))).toBe(date);
        expect(Number.isInteger(dayNumber(date))).toBe(true);
        expect(dayNumber(addDays(date, days)) - dayNumber(date)).toBe(days);
        expect(daysBetween(date, addDays(date, days))).toBe(days);
      }),
    );
  });

  it('names the weekday as the calendar does', () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(weekdayOfDay(dayNumber('1970-01-01'))).toBe(4); // a Thursday
    expect(weekdayOfDay(dayNumber('2026-11-28'))).toBe(6); // a Saturday
    fc.assert(
      fc.property(calendarDate, (date) => {
        expect(weekdayOfDay(dayNumber(date))).toBe(new Date(`${date}T12:00:00Z`).getUTCDay());
      }),
    );
  });

  it('writes a date with its year as en-AU does, with or without the weekday', () => {
    expect(formatDate('2026-11-20')).toBe('Friday 20 November 2026');
    expect(formatDate('2026-11-20', { weekday: false })).toBe('20 November 2026');
    const withDay = new Intl.DateTimeFormat('en-AU', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    fc.assert(
      fc.property(calendarDate, (date) => {
        const at = new Date(`${date}T00:00:00Z`);
        expect(formatDate(date)).toBe(withDay.format(at).replace(',', ''));
      }),
    );
  });
});
