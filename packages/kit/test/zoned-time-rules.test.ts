import { describe, expect } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { localDate, toInstant, wallClockAt } from '../src/zoned-time.js';

/** Every zone Australian deliveries and promotions are counted in, with and without summer time. */
const zones = [
  'Australia/Sydney',
  'Australia/Melbourne',
  'Australia/Brisbane',
  'Australia/Adelaide',
  'Australia/Perth',
  'Australia/Hobart',
  'Australia/Darwin',
] as const;

/** Instants from 2020 to 2040, to the millisecond. */
const instant = fc
  .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) })
  .map((ms) => new Date(ms));

/** What the platform says the wall clock reads, field by field (the oracle). */
function wallFields(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    time: `${get('hour')}:${get('minute')}:${get('second')}`,
  };
}

describe('wall clocks in Australian zones', () => {
  test.prop([instant, fc.constantFrom(...zones)])(
    'wallClockAt reads the date and time the zone shows at that instant',
    (at, zone) => {
      const wall = wallClockAt(at, zone).toISOString();
      const expected = wallFields(at, zone);
      expect(wall.slice(0, 10)).toBe(expected.date);
      expect(wall.slice(11, 19)).toBe(expected.time);
    },
  );

  test.prop([instant, fc.constantFrom(...zones)])(
    "localDate is the zone's calendar date, asked once or twice",
    (at, zone) => {
      expect(localDate(at, zone)).toBe(wallFields(at, zone).date);
      expect(localDate(new Date(at.getTime()), zone)).toBe(wallFields(at, zone).date);
    },
  );

  test.prop([instant, fc.constantFrom(...zones)])(
    'toInstant of the wall clock gives the instant back (outside the hour summer time repeats)',
    (at, zone) => {
      const wall = wallClockAt(at, zone).toISOString().slice(0, 23);
      const back = toInstant(wall, zone)!;
      // In the hour clocks go back, one wall time names two instants: either is right.
      const diff = Math.abs(back.getTime() - at.getTime());
      expect([0, 3_600_000]).toContain(diff);
      expect(wallClockAt(back, zone).toISOString().slice(0, 23)).toBe(wall);
    },
  );
});
