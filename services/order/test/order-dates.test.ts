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
import { changeRefusal } from '../src/rules/order-changes.js';

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
