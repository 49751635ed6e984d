import { describe, expect, it } from 'vitest';

import { AUSTRALIAN_TIME_ZONES, wallClock, type AustralianTimeZone } from './australian-time';

const HOUR = 3_600_000;

describe('wallClock', () => {
  it('reads the same wall clock as Intl in every Australian zone, 2025-2030', () => {
    for (const timeZone of Object.keys(AUSTRALIAN_TIME_ZONES) as AustralianTimeZone[]) {
      const intl = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
      // Every 7 hours (so every hour of the day comes round) and every quarter of an hour in the
      // first weeks of April and October (the changes; Adelaide and Darwin are half an hour off).
      const instants: Date[] = [];
      for (let at = Date.UTC(2025, 0, 1); at < Date.UTC(2031, 0, 1); at += 7 * HOUR) {
        instants.push(new Date(at));
      }
      for (let year = 2025; year <= 2030; year += 1) {
        for (const month of [3, 9]) {
          for (let at = Date.UTC(year, month, 1); at < Date.UTC(year, month, 8); at += HOUR / 4) {
            instants.push(new Date(at));
          }
        }
      }
      for (const instant of instants) {
        const parts = Object.fromEntries(
          intl.formatToParts(instant).map((part) => [part.type, part.value]),
        );
        const expected = `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
        expect(wallClock(instant, timeZone).toISOString().slice(0, 16), timeZone).toBe(expected);
      }
    }
  });

  it('moves Sydney to daylight time at 2am on the first Sunday of October', () => {
    // 2026-10-04 is the first Sunday of October: 1:59am AEST is followed by 3am AEDT.
    const before = new Date('2026-10-03T15:59:00Z');
    expect(wallClock(before, 'Australia/Sydney').toISOString()).toBe('2026-10-04T01:59:00.000Z');
    const after = new Date('2026-10-03T16:00:00Z');
    expect(wallClock(after, 'Australia/Sydney').toISOString()).toBe('2026-10-04T03:00:00.000Z');
    expect(wallClock(after, 'Australia/Brisbane').toISOString()).toBe('2026-10-04T02:00:00.000Z');
  });
});
