import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '@pawfresh/contracts/calendar-dates';
import { fc, test } from '@fast-check/vitest';
import {
  AM_SLOT_EXTRA_DAYS,
  DEPOT_TIME_ZONES,
  TRANSIT_DAYS,
  isPastCutoff,
  orderDates,
  type OrderDates,
} from '../src/rules/order-dates.js';
import {
  changeRefusal,
  deliveryOptions,
  firstDeliveryOptions,
} from '../src/rules/order-changes.js';

const dates = (deliveryDate: string, slot: 'AM' | 'PM', depotCode: string, facilityId: number) =>
  orderDates({ deliveryDate, slot, depotCode, facilityId }) as OrderDates;

/** The wall-clock date and hour of an instant in a zone. */
const wallClock = (at: Date, timeZone: string) => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
};

describe('orderDates', () => {
  it('works the docs/orders.md example: a Friday PM box in Melbourne', () => {
    expect(dates('2026-11-20', 'PM', 'MEL', 1)).toEqual({
      billingCutoffDate: '2026-11-16',
      billingDate: '2026-11-17',
      makeDate: '2026-11-19',
      deliveryDate: '2026-11-20',
      cutoffAt: new Date('2026-11-16T06:00:00.000Z'),
      timezone: 'Australia/Melbourne',
    });
  });

  it('makes an AM box a day earlier, and never on a Sunday', () => {
    expect(dates('2026-11-20', 'AM', 'MEL', 1).makeDate).toBe('2026-11-18');
    // Monday PM in Melbourne: made Sunday by transit, so Saturday.
    expect(dates('2026-11-23', 'PM', 'MEL', 1)).toMatchObject({
      makeDate: '2026-11-21',
      billingDate: '2026-11-19',
      billingCutoffDate: '2026-11-18',
    });
  });

  it("counts the cut-off in the depot's own zone, daylight saving or not", () => {
    expect(dates('2026-11-20', 'PM', 'PER', 2).cutoffAt.toISOString()).toBe(
      '2026-11-13T09:00:00.000Z',
    );
    expect(dates('2026-11-20', 'PM', 'BNE', 2).cutoffAt.toISOString()).toBe(
      '2026-11-15T07:00:00.000Z',
    );
    // Melbourne in winter (AEST, UTC+10).
    expect(dates('2026-06-19', 'PM', 'MEL', 1).cutoffAt.toISOString()).toBe(
      '2026-06-15T07:00:00.000Z',
    );
    // Adelaide on the day daylight saving starts (4 October 2026): 5pm ACDT is 06:30Z.
    const adelaide = dates('2026-10-09', 'PM', 'ADL', 1);
    expect(adelaide.billingCutoffDate).toBe('2026-10-04');
    expect(adelaide.cutoffAt.toISOString()).toBe('2026-10-04T06:30:00.000Z');
  });

  it('names what it does not know', () => {
    expect(
      orderDates({ deliveryDate: '2026-11-20', slot: 'PM', depotCode: 'XYZ', facilityId: 1 }),
    ).toBe('unknown_depot');
    expect(
      orderDates({ deliveryDate: '2026-11-20', slot: 'PM', depotCode: 'PER', facilityId: 1 }),
    ).toBe('facility_does_not_supply_depot');
  });

  it('closes changes at the cut-off instant exactly', () => {
    const { cutoffAt } = dates('2026-11-20', 'PM', 'MEL', 1);
    expect(isPastCutoff(cutoffAt, new Date(cutoffAt.getTime() - 1))).toBe(false);
    expect(isPastCutoff(cutoffAt, cutoffAt)).toBe(true);
    expect(changeRefusal({ cutoffAt, fulfilmentStatus: 'pending' }, cutoffAt)).toEqual({
      reason: 'past_cutoff',
      cutoffAt,
    });
    expect(changeRefusal({ cutoffAt, fulfilmentStatus: 'in_progress' }, new Date(0))).toEqual({
      reason: 'blocked',
      fulfilmentStatus: 'in_progress',
    });
    expect(changeRefusal({ cutoffAt, fulfilmentStatus: 'on_hold' }, new Date(0))).toBeUndefined();
  });
});

const routes = Object.entries(TRANSIT_DAYS).flatMap(([facility, depots]) =>
  Object.keys(depots).map((depot) => ({ facilityId: Number(facility), depotCode: depot })),
);
const deliveryDate = fc.integer({ min: 0, max: 5 * 365 }).map((d) => addDays('2026-01-01', d));
const input = fc.record({
  deliveryDate,
  slot: fc.constantFrom('AM' as const, 'PM' as const),
  route: fc.constantFrom(...routes),
});

describe('orderDates properties', () => {
  test.prop([input])('cut-off < billing < make < delivery, made Monday to Saturday', (i) => {
    const d = dates(i.deliveryDate, i.slot, i.route.depotCode, i.route.facilityId);
    expect(daysBetween(d.billingCutoffDate, d.billingDate)).toBe(1);
    expect(daysBetween(d.billingDate, d.makeDate)).toBe(2);
    const lead = daysBetween(d.makeDate, d.deliveryDate);
    const transit =
      TRANSIT_DAYS[i.route.facilityId]![i.route.depotCode]! +
      (i.slot === 'AM' ? AM_SLOT_EXTRA_DAYS : 0);
    expect(lead === transit || lead === transit + 1).toBe(true);
    expect(new Date(`${d.makeDate}T00:00:00Z`).getUTCDay()).not.toBe(0);
  });

  test.prop([input])("the cut-off is 5pm on the cut-off date on the depot's clock", (i) => {
    const d = dates(i.deliveryDate, i.slot, i.route.depotCode, i.route.facilityId);
    expect(d.timezone).toBe(DEPOT_TIME_ZONES[i.route.depotCode]);
    expect(wallClock(d.cutoffAt, d.timezone)).toBe(`${d.billingCutoffDate} 17:00`);
  });

  test.prop([input, fc.integer({ min: 1, max: 30 })])(
    'a later delivery never closes earlier',
    (i, later) => {
      const a = dates(i.deliveryDate, i.slot, i.route.depotCode, i.route.facilityId);
      const b = dates(
        addDays(i.deliveryDate, later),
        i.slot,
        i.route.depotCode,
        i.route.facilityId,
      );
      expect(b.cutoffAt.getTime()).toBeGreaterThanOrEqual(a.cutoffAt.getTime());
      expect(daysBetween(a.makeDate, b.makeDate)).toBeGreaterThanOrEqual(0);
    },
  );
});

describe('deliveryOptions: the days and slots a box may move to', () => {
  const place = { depotCode: 'MEL', facilityId: 1 };
  const box = (
    cutoffAt: string,
    more: Partial<{
      fulfilmentStatus: 'pending' | 'queued';
      paymentStatus: 'pending' | 'attempt_failed';
    }> = {},
  ) => ({
    cutoffAt: new Date(cutoffAt),
    fulfilmentStatus: more.fulfilmentStatus ?? ('pending' as const),
    paymentStatus: more.paymentStatus ?? ('pending' as const),
  });
  const schedule = [
    { deliveryDate: '2026-12-02', slotAvailability: 3 },
    { deliveryDate: '2026-12-06', slotAvailability: 0 },
    { deliveryDate: '2026-12-17', slotAvailability: 2 },
  ];
  const now = new Date('2026-11-28T01:00:00Z'); // Saturday 28 November, noon in Melbourne

  test.prop([fc.constantFrom('2026-12-02', '2026-12-17'), fc.constantFrom('AM', 'PM')])(
    "each slot the courier offers gets the dates rule's cut-off for that day and slot",
    (deliveryDate, slot) => {
      const options = deliveryOptions({ box: box('2026-12-13T06:00:00Z'), place, schedule, now });
      const option = options.find((o) => o.deliveryDate === deliveryDate && o.slot === slot);
      const offered =
        (schedule.find((d) => d.deliveryDate === deliveryDate)!.slotAvailability &
          (slot === 'AM' ? 1 : 2)) !==
        0;
      expect(option !== undefined).toBe(offered);
      if (option) {
        const expected = dates(deliveryDate, slot, 'MEL', 1).cutoffAt;
        expect(option.cutoffAt).toEqual(expected);
        expect(option.refusal).toBe(isPastCutoff(expected, now) ? 'past_cutoff' : null);
      }
    },
  );

  // Issue 28's case: on Saturday 28 November the picker offered "Wed 2 Dec · Change by Sat 28
  // Nov, 5pm" and the morning was then refused: an AM box is made a day earlier, so its changes
  // closed on Friday 27 already.
  it('on 28 November refuses Wednesday 2 December in the morning but not in the afternoon', () => {
    const options = deliveryOptions({ box: box('2026-12-13T06:00:00Z'), place, schedule, now });
    expect(options.map((o) => [o.deliveryDate, o.slot, o.refusal])).toEqual([
      ['2026-12-02', 'AM', 'past_cutoff'],
      ['2026-12-02', 'PM', null],
      ['2026-12-17', 'PM', null],
    ]);
  });

  // A new customer's first box (docs/sign-up.md): the same days, only those still open.
  it('offers a first order only the days and slots whose cut-off is ahead', () => {
    expect(
      firstDeliveryOptions({ place, schedule, now }).map((o) => [o.deliveryDate, o.slot]),
    ).toEqual([
      ['2026-12-02', 'PM'],
      ['2026-12-17', 'PM'],
    ]);
  });

  test.prop([
    fc.date({ min: new Date('2026-11-20'), max: new Date('2026-12-20'), noInvalidDate: true }),
  ])(
    "a first order's options are the options a box could move to, without the closed ones",
    (at) => {
      const first = firstDeliveryOptions({ place, schedule, now: at });
      const moves = deliveryOptions({ box: box('2027-01-01T00:00:00Z'), place, schedule, now: at });
      expect(first).toEqual(
        moves.filter((o) => o.refusal === null).map(({ refusal: _r, ...o }) => o),
      );
      expect(first.every((o) => !isPastCutoff(o.cutoffAt, at))).toBe(true);
    },
  );

  it('refuses every day when the box itself can no longer move', () => {
    const queued = deliveryOptions({
      box: box('2026-12-13T06:00:00Z', { fulfilmentStatus: 'queued' }),
      place,
      schedule,
      now,
    });
    expect(queued.map((o) => o.refusal)).toEqual(['box_closed', 'box_closed', 'box_closed']);
    const closed = deliveryOptions({ box: box('2026-11-27T06:00:00Z'), place, schedule, now });
    expect(closed.every((o) => o.refusal === 'box_closed')).toBe(true);
    // A failed payment may still move after its cut-off (docs/dunning.md), to a day still open.
    const failed = deliveryOptions({
      box: box('2026-11-27T06:00:00Z', { paymentStatus: 'attempt_failed' }),
      place,
      schedule,
      now,
    });
    expect(failed.map((o) => o.refusal)).toEqual(['past_cutoff', null, null]);
  });
});
