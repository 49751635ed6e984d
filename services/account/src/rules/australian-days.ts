/**
 * What a customer's deliveries page depends on besides their orders: the calendar day in the zone
 * of each order (display types change at local midnight). The customer API does not know those
 * zones, so it keys on the days of every Australian zone: a key that changes whenever a local
 * date changes anywhere in Australia (about a dozen times a day), never later.
 */
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const ZONES = Intl.supportedValuesOf('timeZone').filter((zone) => zone.startsWith('Australia/'));

const offsets = ZONES.map(
  (timeZone) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    }),
);

/** The zone's offset from UTC at `at` (ms), from its wall clock. */
function offsetAt(format: Intl.DateTimeFormat, at: number): number {
  const parts = format.formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return wall - Math.floor(at / 60_000) * 60_000;
}

export interface AustralianDays {
  /** The local dates of every Australian zone, joined. */
  key: string;
  /** Until this instant (ms) no local date changes: the next midnight anywhere, at most an hour on. */
  until: number;
}

/**
 * The key at `now`. Valid at most an hour, so a daylight-saving change (2am or 3am local, never
 * within the hour before a midnight) cannot move the midnight it computed.
 */
export function australianDays(now: Date): AustralianDays {
  const at = now.getTime();
  let until = at + HOUR_MS;
  const days: number[] = [];
  for (const format of offsets) {
    const local = at + offsetAt(format, at);
    const day = Math.floor(local / DAY_MS);
    days.push(day);
    until = Math.min(until, (day + 1) * DAY_MS - (local - at));
  }
  return { key: days.join(','), until };
}
