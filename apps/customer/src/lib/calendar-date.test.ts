import { describe, expect, it } from 'vitest';

import { fromDayMonthYear, toDayMonthYear } from './calendar-date';

describe('day/month/year', () => {
  it('reads what Australians type as the calendar date it means', () => {
    expect(fromDayMonthYear('24/12/2026')).toBe('2026-12-24');
    expect(fromDayMonthYear('1/2/2027')).toBe('2027-02-01');
    expect(fromDayMonthYear(' 24.12.2026 ')).toBe('2026-12-24');
    expect(fromDayMonthYear('24-12-2026')).toBe('2026-12-24');
    expect(fromDayMonthYear('24 12 2026')).toBe('2026-12-24');
    expect(fromDayMonthYear('29/02/2028')).toBe('2028-02-29');
  });

  it('is not a date for days that do not exist, month first, two-digit years or ISO', () => {
    for (const text of ['31/02/2027', '29/02/2027', '12/31/2026', '24/12/26', '2026-12-24', '']) {
      expect(fromDayMonthYear(text)).toBeNull();
    }
  });

  it('shows a calendar date day first, and other text as it is', () => {
    expect(toDayMonthYear('2026-12-04')).toBe('04/12/2026');
    expect(toDayMonthYear('4/12')).toBe('4/12');
    expect(fromDayMonthYear(toDayMonthYear('2026-12-04'))).toBe('2026-12-04');
  });
});
