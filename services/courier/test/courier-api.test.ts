import { describe, expect, it } from 'vitest';
import { TestClock } from '@pawfresh/kit';
import {
  callJson,
  fuzzContract,
  messagesOf,
  serviceApp,
  serviceAuth,
  type HttpMethod,
  serviceUnderTest,
} from '@pawfresh/testing';
import {
  courierContract,
  EVENT_PAYLOAD_MISMATCH,
  INVOICE_PREFIX_MESSAGE,
  type Shipment,
} from '@pawfresh/contracts/courier';
import { eq } from '@pawfresh/db/orm';
import { courierServiceWith, relayCourierTopics } from '../src/index.js';
import { courierEvents, outbox, schema } from '../src/db/schema.js';

// Monday 2 November 2026, 15:00 in Melbourne and Sydney (AEDT): before the 5pm cut-off.
const clock = new TestClock('2026-11-02T04:00:00.000Z');
const BASE = '/api/v1/couriers/becool';

// Its relay stays off: the topic test's own courier shares this database, and a second relay
// (to the default subscriber) could claim that test's topic first.
const service = serviceUnderTest(courierServiceWith({ relayEveryMs: 0 }), { clock });

const call = (method: HttpMethod, url: string, payload?: unknown) =>
  callJson(service.app(), method, `${BASE}${url}`, payload);
const messageText = (res: { json(): unknown }) => messagesOf(res).join(' | ');
const expectEnvelope = (res: { statusCode: number; json(): unknown }, status: number) => {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ statusCode: status });
};

describe('GET /postcodes/{postcode}/facility', () => {
  it('maps real postcodes to their depot and facility', async () => {
    expect((await call('GET', '/postcodes/3000/facility')).json()).toEqual({
      facilityId: 1,
      depotCode: 'MEL',
    });
    expect((await call('GET', '/postcodes/2000/facility')).json()).toEqual({
      facilityId: 2,
      depotCode: 'SYD',
    });
    expect((await call('GET', '/postcodes/6000/facility')).json()).toEqual({
      facilityId: 2,
      depotCode: 'PER',
    });
    expect((await call('GET', '/postcodes/7000/facility')).json()).toEqual({
      facilityId: 1,
      depotCode: 'HBA',
    });
  });

  it('answers 404 for an unknown postcode and 400 for a malformed one', async () => {
    const missing = await call('GET', '/postcodes/0001/facility');
    expectEnvelope(missing, 404);
    const bad = await call('GET', '/postcodes/30a0/facility');
    expectEnvelope(bad, 400);
    expect(messageText(bad)).toContain('Postcode must be 4 digits');
  });
});

describe('GET /postcodes/{postcode}/shipping-zone', () => {
  it("lists a postcode's suburbs with zone, cost and serviceability", async () => {
    const res = await call('GET', '/postcodes/3000/shipping-zone');
    expect(res.statusCode).toBe(200);
    const zones = res.json<{ suburb: string }[]>();
    expect(zones.find((z) => z.suburb === 'MELBOURNE')).toEqual({
      shippingZoneId: 41,
      name: 'Melbourne Inner',
      postcode: '3000',
      suburb: 'MELBOURNE',
      isServiceable: true,
      cost: 995,
      customCost: null,
    });
    const remote = await call('GET', '/postcodes/0872/shipping-zone');
    const list = remote.json<{ isServiceable: boolean; name: string }[]>();
    expect(list.length).toBeGreaterThan(50);
    expect(list.every((z) => !z.isServiceable && z.name.endsWith('Remote'))).toBe(true);
  });

  it('404 unknown, 400 malformed', async () => {
    expectEnvelope(await call('GET', '/postcodes/0001/shipping-zone'), 404);
    expectEnvelope(await call('GET', '/postcodes/12345/shipping-zone'), 400);
  });
});

describe('POST /serviceability-check', () => {
  it('serves Melbourne and Sydney, case-insensitively', async () => {
    const mel = await call('POST', '/serviceability-check', {
      postcode: '3000',
      suburb: 'melbourne',
    });
    expect(mel.statusCode).toBe(200);
    expect(mel.json()).toEqual({ serviceable: true, postcode: '3000', suburb: 'melbourne' });
    const syd = await call('POST', '/serviceability-check', {
      postcode: '2000',
      suburb: 'The Rocks',
    });
    expect(syd.json()).toMatchObject({ serviceable: true });
  });

  it('does not serve the outback', async () => {
    for (const [postcode, suburb] of [
      ['0872', 'Alice Springs'],
      ['6642', 'Meekatharra'],
    ] as const) {
      const res = await call('POST', '/serviceability-check', { postcode, suburb });
      expect(res.json()).toEqual({ serviceable: false, postcode, suburb });
    }
  });

  it('an unknown pair is not serviceable, not an error', async () => {
    const res = await call('POST', '/serviceability-check', { postcode: '3000', suburb: 'Gotham' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ serviceable: false });
  });

  it('400 on bad input', async () => {
    const res = await call('POST', '/serviceability-check', { postcode: 'abc', suburb: '' });
    expectEnvelope(res, 400);
    expect(messageText(res)).toContain('Postcode must be 4 digits');
    expectEnvelope(await call('POST', '/serviceability-check', {}), 400);
  });
});

describe('PATCH /postcodes/{postcode}/suburbs/{suburb} (staff override)', () => {
  it('overrides serviceability and cost, and null clears them', async () => {
    const on = await call('PATCH', '/postcodes/6642/suburbs/peak%20hill', {
      isServiceable: true,
      customCost: 4995,
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ suburb: 'PEAK HILL', isServiceable: true, customCost: 4995 });
    const check = await call('POST', '/serviceability-check', {
      postcode: '6642',
      suburb: 'Peak Hill',
    });
    expect(check.json()).toMatchObject({ serviceable: true });
    const off = await call('PATCH', '/postcodes/6642/suburbs/PEAK%20HILL', {
      isServiceable: null,
      customCost: null,
    });
    expect(off.json()).toMatchObject({ isServiceable: false, customCost: null });
  });

  it('404 for an unknown suburb, 400 for a bad cost', async () => {
    expectEnvelope(
      await call('PATCH', '/postcodes/3000/suburbs/Gotham', { isServiceable: true }),
      404,
    );
    expectEnvelope(
      await call('PATCH', '/postcodes/3000/suburbs/Melbourne', { customCost: -1 }),
      400,
    );
  });
});

describe('GET /delivery-schedules', () => {
  const schedules = (postcode: string, suburb: string, fromDate: string, toDate: string) =>
    call(
      'GET',
      `/delivery-schedules?${new URLSearchParams({ postcode, suburb, fromDate, toDate }).toString()}`,
    );

  it('Melbourne and Sydney: Tuesday to Saturday, AM and PM, from tomorrow before 5pm', async () => {
    for (const [postcode, suburb] of [
      ['3000', 'Melbourne'],
      ['2000', 'Sydney'],
    ] as const) {
      const res = await schedules(postcode, suburb, '2026-11-01', '2026-11-08');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        { deliveryDate: '2026-11-01', slotAvailability: 0 },
        { deliveryDate: '2026-11-02', slotAvailability: 0 },
        { deliveryDate: '2026-11-03', slotAvailability: 3 },
        { deliveryDate: '2026-11-04', slotAvailability: 3 },
        { deliveryDate: '2026-11-05', slotAvailability: 3 },
        { deliveryDate: '2026-11-06', slotAvailability: 3 },
        { deliveryDate: '2026-11-07', slotAvailability: 3 },
        { deliveryDate: '2026-11-08', slotAvailability: 0 },
      ]);
    }
  });

  it('after 5pm local time tomorrow is gone; Perth still has three hours to go', async () => {
    const late = new TestClock('2026-11-02T06:30:00.000Z'); // 17:30 Melbourne, 14:30 Perth
    const lateApp = await serviceApp(courierServiceWith({ relayEveryMs: 0 }), {
      database: service.database(),
      clock: late,
    });
    try {
      const ask = (postcode: string, suburb: string) =>
        callJson(
          lateApp,
          'GET',
          `${BASE}/delivery-schedules?postcode=${postcode}&suburb=${suburb}&fromDate=2026-11-03&toDate=2026-11-04`,
        );
      expect((await ask('3000', 'MELBOURNE')).json()).toEqual([
        { deliveryDate: '2026-11-03', slotAvailability: 0 },
        { deliveryDate: '2026-11-04', slotAvailability: 3 },
      ]);
      expect((await ask('6000', 'PERTH')).json()).toEqual([
        { deliveryDate: '2026-11-03', slotAvailability: 3 },
        { deliveryDate: '2026-11-04', slotAvailability: 3 },
      ]);
    } finally {
      await lateApp.close();
    }
  });

  it('no deliveries on national public holidays', async () => {
    const res = await schedules('3000', 'Melbourne', '2026-12-22', '2026-12-29');
    expect(res.json()).toEqual([
      { deliveryDate: '2026-12-22', slotAvailability: 3 },
      { deliveryDate: '2026-12-23', slotAvailability: 3 },
      { deliveryDate: '2026-12-24', slotAvailability: 3 },
      { deliveryDate: '2026-12-25', slotAvailability: 0 },
      { deliveryDate: '2026-12-26', slotAvailability: 0 },
      { deliveryDate: '2026-12-27', slotAvailability: 0 },
      { deliveryDate: '2026-12-28', slotAvailability: 0 },
      { deliveryDate: '2026-12-29', slotAvailability: 3 },
    ]);
  });

  it('no deliveries on the holidays of any year: Australia Day and Good Friday 2028', async () => {
    const slots = async (from: string, to: string) =>
      Object.fromEntries(
        (await schedules('3000', 'Melbourne', from, to))
          .json<{ deliveryDate: string; slotAvailability: number }[]>()
          .map((d) => [d.deliveryDate, d.slotAvailability]),
      );
    const january = await slots('2028-01-25', '2028-01-27');
    expect(january).toEqual({ '2028-01-25': 3, '2028-01-26': 0, '2028-01-27': 3 }); // Wed 26 Jan
    const easter = await slots('2028-04-13', '2028-04-19');
    expect(easter['2028-04-14']).toBe(0); // Good Friday
    expect(easter['2028-04-18']).toBe(3); // the Tuesday after Easter Monday
  });

  it('regional depots: Wednesday and Friday mornings; the outback: nothing', async () => {
    const tsv = await schedules('4810', 'Townsville', '2026-11-09', '2026-11-15');
    expect(tsv.json<{ slotAvailability: number }[]>().map((d) => d.slotAvailability)).toEqual([
      0, 0, 1, 0, 1, 0, 0,
    ]);
    const outback = await schedules('0872', 'Alice Springs', '2026-11-09', '2026-11-15');
    expect(outback.statusCode).toBe(200);
    expect(
      outback.json<{ slotAvailability: number }[]>().every((d) => d.slotAvailability === 0),
    ).toBe(true);
  });

  it('31 days at most, dates in order and well formed, known suburb', async () => {
    expect((await schedules('3000', 'Melbourne', '2026-11-01', '2026-12-01')).json()).toHaveLength(
      31,
    );
    const long = await schedules('3000', 'Melbourne', '2026-11-01', '2026-12-02');
    expectEnvelope(long, 400);
    expect(messageText(long)).toContain('at most 31 days');
    expectEnvelope(await schedules('3000', 'Melbourne', '2026-11-05', '2026-11-01'), 400);
    const bad = await schedules('3000', 'Melbourne', '2026-13-01', '2026-11-01');
    expectEnvelope(bad, 400);
    expect(messageText(bad)).toContain('Invalid date format. Expected YYYY-MM-DD.');
    expectEnvelope(await schedules('3000', 'Gotham', '2026-11-01', '2026-11-02'), 404);
    expectEnvelope(await call('GET', '/delivery-schedules'), 400);
  });
});

const CUSTOMER_ID = '6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const goodShipment = () => ({
  makeDate: '2026-11-03',
  customer: {
    id: CUSTOMER_ID,
    name: 'Alex Citizen',
    contact: { phone1: '0412345678', email: 'alex@example.com' },
    address: {
      address1: '1 Collins St',
      city: 'Melbourne',
      state: 'vic',
      postcode: '3000',
    },
  },
  delivery: { instructions: 'Leave at the door', date: '2026-11-04', timePreference: 'PM' },
});

async function createShipment(): Promise<Shipment> {
  const res = await call('POST', '/shipments', goodShipment());
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ delivery: Shipment }>().delivery;
}

describe('POST /shipments', () => {
  it('books a delivery', async () => {
    const shipment = await createShipment();
    expect(shipment).toMatchObject({
      status: 'pending',
      orderId: null,
      deliveryAddress: {
        address1: '1 Collins St',
        address2: null,
        city: 'Melbourne',
        state: 'VIC',
        postcode: '3000',
      },
      deliveryContactName: 'Alex Citizen',
      deliveryContactNumber: '0412345678',
      deliveryContactEmail: 'alex@example.com',
      deliveryDate: '2026-11-04',
      deliveryInstructions: 'Leave at the door',
      deliveryTimeWindowStart: '12:00',
      deliveryTimeWindowEnd: '18:00',
      makeDate: '2026-11-03',
      dispatchDate: null,
      boxes: [],
      createdAt: '2026-11-02T04:00:00.000Z',
    });
    expect(shipment.invoiceNumber).toMatch(/^PFR\d{8}$/);
    expect(shipment.trackingNumber).toMatch(/^BC[0-9A-F]{12}$/);
    const second = await createShipment();
    expect(second.invoiceNumber).not.toBe(shipment.invoiceNumber);
  });

  it('refuses bad input with the spec messages', async () => {
    const base = goodShipment();
    const cases: [unknown, string][] = [
      [
        { ...base, customer: { ...base.customer, name: '' } },
        'Customer name must be at least 1 character',
      ],
      [
        { ...base, customer: { ...base.customer, contact: { email: 'nope' } } },
        'Contact email must be valid',
      ],
      [
        { ...base, customer: { ...base.customer, contact: { phone1: '', email: 'a@b.co' } } },
        'phone1 must not be empty',
      ],
      [
        { ...base, delivery: { ...base.delivery, date: '04/11/2026' } },
        'Invalid date format. Expected YYYY-MM-DD.',
      ],
      [
        { ...base, delivery: { ...base.delivery, timePreference: 'XM' } },
        'timePreference must be AM or PM',
      ],
      [{ ...base, customer: { ...base.customer, id: 'nope' } }, 'customer.id must be a valid UUID'],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/shipments', body);
      expectEnvelope(res, 400);
      expect(messageText(res)).toContain(message);
    }
  });

  it('refuses an address it does not serve, and a slot the zone does not have', async () => {
    const base = goodShipment();
    const outback = await call('POST', '/shipments', {
      ...base,
      customer: {
        ...base.customer,
        address: { ...base.customer.address, city: 'Alice Springs', state: 'NT', postcode: '0872' },
      },
    });
    expectEnvelope(outback, 400);
    expect(messageText(outback)).toContain('We do not deliver to Alice Springs 0872');
    const sunday = await call('POST', '/shipments', {
      ...base,
      delivery: { ...base.delivery, date: '2026-11-08' },
    });
    expectEnvelope(sunday, 400);
    expect(messageText(sunday)).toContain('No PM delivery to 3000 on 2026-11-08');
    const early = await call('POST', '/shipments', { ...base, makeDate: '2026-11-05' });
    expectEnvelope(early, 400);
  });
});

describe('GET /shipments/search and DELETE /shipments/{id}', () => {
  it('finds by tracking and invoice number', async () => {
    const shipment = await createShipment();
    const byTracking = await call(
      'GET',
      `/shipments/search?trackingNumber=${shipment.trackingNumber}`,
    );
    expect(byTracking.json()).toEqual({
      data: [shipment],
      meta: { total: 1, offset: 0, limit: 100 },
    });
    const byInvoice = await call(
      'GET',
      `/shipments/search?invoiceNumber=${shipment.invoiceNumber}`,
    );
    expect(byInvoice.json()).toEqual({
      data: [shipment],
      meta: { total: 1, offset: 0, limit: 100 },
    });
    const both = await call(
      'GET',
      `/shipments/search?invoiceNumber=${shipment.invoiceNumber}&trackingNumber=nope`,
    );
    expect(both.json()).toEqual({ data: [], meta: { total: 0, offset: 0, limit: 100 } });
    const all = await call('GET', '/shipments/search');
    expect(all.json<{ meta: { total: number } }>().meta.total).toBeGreaterThanOrEqual(1);
    expectEnvelope(await call('GET', '/shipments/search?trackingNumber='), 400);
  });

  it('deletes a pending shipment: 204, then 404', async () => {
    const shipment = await createShipment();
    const res = await call('DELETE', `/shipments/${shipment.id}`);
    expect(res.statusCode).toBe(204);
    expectEnvelope(await call('DELETE', `/shipments/${shipment.id}`), 404);
    expectEnvelope(await call('DELETE', '/shipments/not-a-uuid'), 400);
  });
});

const completed = (s: Shipment, time = '2026-11-04T13:05:00+11:00') => ({
  trackingId: s.trackingNumber,
  invoiceNumber: s.invoiceNumber,
  eventType: 'delivery_completed',
  payload: {
    tracking: s.trackingNumber,
    invoice: s.invoiceNumber,
    time,
    latitude: -37.8136,
    longitude: 144.9631,
    signed_by: 'Alex',
  },
});

describe('POST /courier/events', () => {
  it('delivery_completed marks the shipment delivered; a repeat is recorded once', async () => {
    const shipment = await createShipment();
    const first = await call('POST', '/courier/events', completed(shipment));
    expect(first.statusCode, first.body).toBe(201);
    const { id } = first.json<{ id: string }>();
    const again = await call('POST', '/courier/events', completed(shipment));
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ id });
    // The same event with its keys in another order is still the same event.
    const event = completed(shipment);
    const reordered = {
      payload: Object.fromEntries(Object.entries(event.payload).reverse()),
      eventType: event.eventType,
      invoiceNumber: event.invoiceNumber,
      trackingId: event.trackingId,
    };
    expect((await call('POST', '/courier/events', reordered)).json()).toEqual({ id });
    const db = service.database().forSchema(schema);
    const rows = await db
      .select({ id: courierEvents.id })
      .from(courierEvents)
      .where(eq(courierEvents.invoiceNumber, shipment.invoiceNumber));
    expect(rows).toEqual([{ id }]);
    const found = await call('GET', `/shipments/search?invoiceNumber=${shipment.invoiceNumber}`);
    expect(found.json<{ data: Shipment[] }>().data[0]!.status).toBe('delivered');
    const del = await call('DELETE', `/shipments/${shipment.id}`);
    expectEnvelope(del, 400);
    expect(messageText(del)).toContain('A delivered shipment cannot be deleted');
  });

  it('records scheduled, exception and unknown events', async () => {
    const s = await createShipment();
    const ids = new Set<string>();
    for (const [eventType, extra] of [
      ['delivery_scheduled', { date: '2026-11-04', eta: '13:00' }],
      [
        'delivery_exception',
        { status: 'failed', time: '2026-11-04T13:00:00+11:00', reason_code: 'CNX' },
      ],
      ['unknown_event_received', { whatever: 1 }],
    ] as const) {
      const res = await call('POST', '/courier/events', {
        trackingId: s.trackingNumber,
        invoiceNumber: s.invoiceNumber,
        eventType,
        payload: { tracking: s.trackingNumber, invoice: s.invoiceNumber, ticket: 'T1', ...extra },
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.add(res.json<{ id: string }>().id);
    }
    expect(ids.size).toBe(3);
    const found = await call('GET', `/shipments/search?invoiceNumber=${s.invoiceNumber}`);
    expect(found.json<{ data: Shipment[] }>().data[0]!.status).toBe('pending');
  });

  it('the payload must match the event type', async () => {
    const s = await createShipment();
    const res = await call('POST', '/courier/events', {
      ...completed(s),
      eventType: 'delivery_scheduled',
    });
    expectEnvelope(res, 400);
    expect(messageText(res)).toBe(EVENT_PAYLOAD_MISMATCH);
    const badReason = await call('POST', '/courier/events', {
      trackingId: s.trackingNumber,
      invoiceNumber: s.invoiceNumber,
      eventType: 'delivery_exception',
      payload: {
        tracking: s.trackingNumber,
        invoice: s.invoiceNumber,
        status: 'failed',
        time: 'now',
        reason_code: 'ZZZ',
      },
    });
    expect(messageText(badReason)).toBe(EVENT_PAYLOAD_MISMATCH);
  });

  it('invoice numbers must start with the prefix', async () => {
    const res = await call('POST', '/courier/events', {
      trackingId: 'T',
      invoiceNumber: 'INV123',
      eventType: 'unknown_event_received',
      payload: { tracking: 'T', invoice: 'INV123' },
    });
    expectEnvelope(res, 400);
    expect(messageText(res)).toContain(INVOICE_PREFIX_MESSAGE);
    expectEnvelope(await call('POST', '/courier/events', { eventType: 'nope' }), 400);
  });
});

describe('the shipment_delivered topic (the courier calls no other service)', () => {
  it('is written once with the delivery, and relayed until its subscriber takes it', async () => {
    const subscriber = { name: 'order', url: 'http://order.test/api/v1/courier-topics' };
    const topics = await serviceApp(
      courierServiceWith({ subscribers: [subscriber], relayEveryMs: 0 }),
      { database: service.database(), clock },
    );
    try {
      const booked = await callJson(topics, 'POST', `${BASE}/shipments`, {
        ...goodShipment(),
        orderId: '6f1c0e0a-8d8e-4d52-9a53-0d5c2b1c9e11',
      });
      const shipment = booked.json<{ delivery: Shipment }>().delivery;
      const report = (event: unknown) => callJson(topics, 'POST', `${BASE}/courier/events`, event);
      expect((await report(completed(shipment))).statusCode).toBe(201);
      // A repeat, and another completion of the delivered shipment, announce nothing more.
      expect((await report(completed(shipment))).statusCode).toBe(201);
      expect((await report(completed(shipment, '2026-11-04T14:00:00+11:00'))).statusCode).toBe(201);
      const db = service.database().forSchema(schema);
      const written = await db.select().from(outbox).where(eq(outbox.shipmentId, shipment.id));
      expect(written).toMatchObject([
        { topic: 'shipment_delivered', orderId: shipment.orderId, status: 'pending' },
      ]);

      const received: { url: string; key: string | null; body: unknown }[] = [];
      let answer = 503;
      const relay = () =>
        relayCourierTopics(db, clock, {
          subscribers: [subscriber],
          fetch: async (url, init) => {
            const headers = new Headers(init.headers);
            received.push({
              url,
              key: headers.get('idempotency-key'),
              body: JSON.parse(String(init.body)),
            });
            return new Response('{}', { status: answer });
          },
        });
      await relay();
      expect(received).toEqual([
        {
          url: subscriber.url,
          key: written[0]!.id,
          body: {
            id: written[0]!.id,
            topic: 'shipment_delivered',
            shipmentId: shipment.id,
            orderId: shipment.orderId,
            occurredAt: clock.now().toISOString(),
          },
        },
      ]);
      // Refused: kept, and offered again once its retry is due (a second on).
      await relay();
      expect(received).toHaveLength(1);
      answer = 200;
      clock.advance(1_000);
      await relay();
      expect(received.map((r) => r.key)).toEqual([written[0]!.id, written[0]!.id]);
      const [done] = await db.select().from(outbox).where(eq(outbox.id, written[0]!.id));
      expect(done).toMatchObject({ status: 'delivered', attempts: 2, deliveredTo: ['order'] });
      await relay();
      expect(received).toHaveLength(2);
    } finally {
      await topics.close();
    }
  });
});

describe('fuzz', () => {
  it('answers odd input with a 4xx envelope, never a crash', async () => {
    expect(await fuzzContract(service.app(), courierContract, serviceAuth, 10)).toEqual([]);
  });
});
