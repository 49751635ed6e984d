import { describe, expect, it } from 'vitest';
import { completesDelivery, courierEventHash } from '../src/rules/courier-events.js';
import { depotTimeZone, scheduleRangeRefusal } from '../src/rules/delivery-schedule.js';
import {
  deliveryContactNumber,
  makeDateRefusal,
  slotRefusal,
} from '../src/rules/shipment-booking.js';

describe('courier event hash', () => {
  const event = {
    eventType: 'delivery_completed' as const,
    trackingId: 'BC0123456789AB',
    invoiceNumber: 'PFR10000001',
    payload: {
      tracking: 'BC0123456789AB',
      invoice: 'PFR10000001',
      time: '2026-11-04T13:05:00+11:00',
      latitude: -37.8136,
      longitude: 144.9631,
      signed_by: 'Zoë "Z" Ng',
      extra: [1, { b: null, a: true }],
    },
  };

  it('is the hash already stored for recorded events (sorted-key JSON, sha256)', () => {
    expect(courierEventHash(event)).toBe(
      '6368ec9855e10a4e992da31169ee30683f7ff6985c75a8cfea075692242fc6b9',
    );
  });

  it('does not depend on key order, and tells different events apart', () => {
    const reordered = {
      payload: Object.fromEntries(Object.entries(event.payload).reverse()),
      invoiceNumber: event.invoiceNumber,
      trackingId: event.trackingId,
      eventType: event.eventType,
    };
    expect(courierEventHash(reordered)).toBe(courierEventHash(event));
    expect(
      courierEventHash({ ...event, payload: { ...event.payload, signed_by: 'Sam' } }),
    ).not.toBe(courierEventHash(event));
  });

  it('only delivery_completed completes a delivery', () => {
    expect(completesDelivery('delivery_completed')).toBe(true);
    expect(completesDelivery('delivery_scheduled')).toBe(false);
    expect(completesDelivery('delivery_exception')).toBe(false);
  });
});

describe('delivery schedule range', () => {
  it('one to 31 days, in order', () => {
    expect(scheduleRangeRefusal('2026-11-01', '2026-11-01')).toBeUndefined();
    expect(scheduleRangeRefusal('2026-11-01', '2026-12-01')).toBeUndefined();
    expect(scheduleRangeRefusal('2026-11-01', '2026-12-02')).toBe(
      'The date range must be at most 31 days',
    );
    expect(scheduleRangeRefusal('2026-11-02', '2026-11-01')).toBe(
      'toDate must not be before fromDate',
    );
  });

  it("counts the cut-off in the depot's time zone", () => {
    expect(depotTimeZone('PER')).toBe('Australia/Perth');
    expect(depotTimeZone('NOPE')).toBe('Australia/Sydney');
  });
});

describe('shipment booking', () => {
  it('the food is made on or before the delivery date', () => {
    expect(makeDateRefusal('2026-11-04', '2026-11-04')).toBeUndefined();
    expect(makeDateRefusal('2026-11-05', '2026-11-04')).toBe(
      'makeDate must not be after the delivery date',
    );
  });

  it('the slot asked for must be open', () => {
    const am = { date: '2026-11-04', timePreference: 'AM' as const };
    const pm = { date: '2026-11-04', timePreference: 'PM' as const };
    expect(slotRefusal(3, am, '3000')).toBeUndefined();
    expect(slotRefusal(1, am, '3000')).toBeUndefined();
    expect(slotRefusal(1, pm, '4810')).toBe('No PM delivery to 4810 on 2026-11-04');
    expect(slotRefusal(0, am, '0872')).toBe('No AM delivery to 0872 on 2026-11-04');
  });

  it('the contact number is the first phone given', () => {
    expect(deliveryContactNumber({ phone1: '0412345678', phone2: '0298765432' })).toBe(
      '0412345678',
    );
    expect(deliveryContactNumber({ phone2: '0298765432' })).toBe('0298765432');
    expect(deliveryContactNumber({})).toBeNull();
  });
});
