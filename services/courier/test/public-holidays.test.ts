import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  easterSunday,
  nationalPublicHolidays,
  publicHolidayOn,
} from '../src/rules/public-holidays.js';

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('nationalPublicHolidays', () => {
  it('gives the published calendars of 2026 and 2027 (the table it replaces)', () => {
    expect([...nationalPublicHolidays(2026)]).toEqual([
      ['2026-01-01', "New Year's Day"],
      ['2026-01-26', 'Australia Day'],
      ['2026-04-03', 'Good Friday'],
      ['2026-04-06', 'Easter Monday'],
      ['2026-04-25', 'Anzac Day'],
      ['2026-12-25', 'Christmas Day'],
      ['2026-12-26', 'Boxing Day'],
      ['2026-12-28', 'Boxing Day (substitute)'],
    ]);
    expect([...nationalPublicHolidays(2027)]).toEqual([
      ['2027-01-01', "New Year's Day"],
      ['2027-01-26', 'Australia Day'],
      ['2027-03-26', 'Good Friday'],
      ['2027-03-29', 'Easter Monday'],
      ['2027-04-25', 'Anzac Day'],
      ['2027-12-25', 'Christmas Day'],
      ['2027-12-26', 'Boxing Day'],
      ['2027-12-27', 'Christmas Day (substitute)'],
      ['2027-12-28', 'Boxing Day (substitute)'],
    ]);
  });

  it('knows 2028 and later: Australia Day on a Wednesday, Good Friday 14 April, a Monday New Year', () => {
    expect(publicHolidayOn('2028-01-26')).toBe('Australia Day');
    expect(publicHolidayOn('2028-04-14')).toBe('Good Friday');
    expect(publicHolidayOn('2028-04-17')).toBe('Easter Monday');
    expect(publicHolidayOn('2028-01-03')).toBe("New Year's Day (substitute)"); // 1 Jan a Saturday
    expect(publicHolidayOn('2030-01-28')).toBe('Australia Day (substitute)'); // 26 Jan a Saturday
    expect(publicHolidayOn('2028-01-27')).toBeUndefined();
    expect(easterSunday(2038)).toBe('2038-04-25'); // Easter on Anzac Day
    expect(easterSunday(2285)).toBe('2285-03-22'); // the earliest Easter there can be
  });

  it('over years: Easter on a Sunday from 22 March to 25 April, substitutes on free weekdays', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2400 }), (year) => {
        const easter = easterSunday(year);
        expect(weekday(easter)).toBe(0);
        expect(easter >= `${year}-03-22` && easter <= `${year}-04-25`).toBe(true);
        const days = nationalPublicHolidays(year);
        expect(days.get(plusDays(easter, -2))).toBe('Good Friday');
        expect(days.get(plusDays(easter, 1))).toBe('Easter Monday');
        for (const fixed of ['01-01', '01-26', '04-25', '12-25', '12-26']) {
          expect(days.has(`${year}-${fixed}`)).toBe(true);
        }
        const substitutes = [...days].filter(([, name]) => name.endsWith('(substitute)'));
        for (const [date, name] of substitutes) {
          expect(weekday(date)).not.toBe(0);
          expect(weekday(date)).not.toBe(6);
          expect(date.slice(0, 4)).toBe(String(year));
          // A substitute follows its holiday, which fell on a weekend, within four days.
          const original = [...days].find(([, n]) => `${n} (substitute)` === name)![0];
          expect([0, 6]).toContain(weekday(original));
          expect(date > original && date <= plusDays(original, 4)).toBe(true);
        }
        // Every weekend holiday but Anzac Day (and Easter's, never on a weekend) has one.
        const movable = ["New Year's Day", 'Australia Day', 'Christmas Day', 'Boxing Day'];
        const onWeekend = [...days].filter(
          ([date, name]) => movable.includes(name) && [0, 6].includes(weekday(date)),
        );
        expect(substitutes).toHaveLength(onWeekend.length);
        expect([...days.keys()]).toEqual([...days.keys()].sort());
      }),
    );
  });
});
