import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORECAST_DATE_MESSAGE, type Order } from '@pawfresh/contracts/order';
import { messagesOf } from '@pawfresh/testing';
import { createOrder, harness, mealItem, melbourneAddress, type Harness } from './harness.js';

let h: Harness;
const meal = mealItem(875, 14);
const extra = { productId: randomUUID(), extraId: randomUUID(), price: 1495, quantity: 1 };
let mel: Order[];
beforeAll(async () => {
  h = await harness();
  const items = { orderLineItems: [meal, extra] };
  mel = [
    await createOrder(h, items),
    await createOrder(h, items),
    await createOrder(h, { ...items, expectedDeliverySlotId: 'AM' }),
  ];
  await createOrder(h, {
    ...items,
    address: { ...melbourneAddress, suburb: 'Adelaide', state: 'SA', postcode: '5000' },
  });
  await createOrder(h, {
    ...items,
    address: { ...melbourneAddress, suburb: 'Sydney', state: 'NSW', postcode: '2000' },
  });
});
afterAll(async () => h?.close());

const forecast = async (qs = 'fromDate=2026-11-16') =>
  (await h.call('GET', `/api/v1/forecast/boxes/facility/1?${qs}`)).json<{
    days: { makeDate: string; boxes: number; depots: { depotCode: string; boxes: number }[] }[];
  }>();

describe('forecast', () => {
  it('counts boxes per make date and depot at a facility', async () => {
    const res = await h.call('GET', '/api/v1/forecast/boxes/facility/1?fromDate=2026-11-16');
    expect(res.json()).toEqual({
      facilityId: 1,
      fromDate: '2026-11-16',
      toDate: '2026-11-29',
      days: [
        {
          makeDate: '2026-11-18',
          boxes: 2,
          depots: [
            { depotCode: 'ADL', boxes: 1 },
            { depotCode: 'MEL', boxes: 1 },
          ],
        },
        { makeDate: '2026-11-19', boxes: 2, depots: [{ depotCode: 'MEL', boxes: 2 }] },
      ],
    });
    const range = await forecast('dateRangeStart=2026-11-19&dateRangeEnd=2026-11-19');
    expect(range.days.map((d) => d.boxes)).toEqual([2]);
  });

  it('answers the §5 message when the dates are incomplete', async () => {
    for (const qs of [
      '',
      'dateRangeStart=2026-11-16',
      'fromDate=2026-11-16&dateRangeEnd=2026-11-20',
    ]) {
      const res = await h.call('GET', `/api/v1/forecast/boxes/facility/1?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(messagesOf(res)).toEqual([FORECAST_DATE_MESSAGE]);
    }
  });
});

describe('stock monitor', () => {
  it('adds up pouches per meal and size, and extras, per make date', async () => {
    const res = await h.call(
      'GET',
      '/api/v1/stock-monitor/products/facility/1?fromDate=2026-11-19&toDate=2026-11-19',
    );
    expect(res.json<{ items: unknown[] }>().items).toEqual(
      expect.arrayContaining([
        {
          makeDate: '2026-11-19',
          kind: 'meal',
          productId: meal.productId,
          productVariantId: meal.productVariantId,
          quantity: 28,
        },
        {
          makeDate: '2026-11-19',
          kind: 'extra',
          productId: extra.productId,
          productVariantId: null,
          quantity: 2,
        },
      ]),
    );
    const one = await h.call(
      'GET',
      `/api/v1/stock-monitor/products/facility/1?fromDate=2026-11-16&toDate=2026-11-22&productId=${extra.productId}`,
    );
    expect(one.json<{ items: { quantity: number }[] }>().items.map((i) => i.quantity)).toEqual([
      2, 2,
    ]);
    const backwards = await h.call(
      'GET',
      '/api/v1/stock-monitor/products/facility/1?fromDate=2026-11-19&toDate=2026-11-18',
    );
    expect(messagesOf(backwards)).toEqual(['toDate must not be before fromDate']);
  });
});

describe('rebalancing', () => {
  const rebalance = (body: Record<string, unknown>) =>
    h.call('PUT', '/api/v1/forecast/rebalance/facility/1/rebalance', {
      fromDate: '2026-11-19',
      timezone: 'Australia/Melbourne',
      amountOfBoxes: 1,
      ...body,
    });

  it('a dry run plans the move and writes nothing; the same request then moves those boxes', async () => {
    const before = await forecast();
    const dry = await rebalance({ toDate: '2026-11-18', amountOfBoxes: 2, dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toEqual({
      movedOrderIds: [],
      requested: 2,
      dryRun: true,
      plannedOrderIds: [mel[0]!.id, mel[1]!.id],
      staying: [],
    });
    expect(await forecast()).toEqual(before);
    expect((await h.call('GET', `/api/v1/orders/${mel[0]!.id}`)).json<Order>()).toMatchObject({
      makeDate: '2026-11-19',
      rebalancingStatus: 'not_applicable',
    });
    // A dry run that cannot move anything says what the move would: the same 409.
    const refused = await rebalance({ toDate: '2026-11-15', dryRun: true });
    expect(refused.statusCode).toBe(409);
    expect(messagesOf(refused)[0]).toMatch(/do not cook on Sundays/);
    const bad = await rebalance({ toDate: '2026-11-18', dryRun: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(messagesOf(bad)).toContain('dryRun must be true or false');
  });

  it('moves boxes earlier within the limits, queued for the kitchen', async () => {
    const planned = await rebalance({ toDate: '2026-11-18', dryRun: true });
    expect(planned.json()).toMatchObject({ plannedOrderIds: [mel[0]!.id] });
    const res = await rebalance({ toDate: '2026-11-18' });
    expect(res.json()).toEqual({ movedOrderIds: [mel[0]!.id], requested: 1 });
    const moved = (await h.call('GET', `/api/v1/orders/${mel[0]!.id}`)).json<Order>();
    expect(moved).toMatchObject({
      makeDate: '2026-11-18',
      rebalancingStatus: 'queued',
      deliveryDate: '2026-11-20',
    });
    expect((await forecast()).days.map((d) => d.boxes)).toEqual([3, 1]);
    const events = (await h.call('GET', `/api/v1/orders/${mel[0]!.id}/events`)).json<
      { action: string }[]
    >();
    expect(events.at(-1)).toMatchObject({ action: 'rebalancing_status_updated' });
  });

  it('refuses a later day, a Sunday, or too early without force', async () => {
    const later = await rebalance({ toDate: '2026-11-20' });
    expect(later.statusCode).toBe(409);
    expect(messagesOf(later)[0]).toMatch(/would miss its truck/);
    const sunday = await rebalance({ toDate: '2026-11-15' });
    expect(messagesOf(sunday)[0]).toMatch(/do not cook on Sundays/);
    const early = await rebalance({ toDate: '2026-11-16' });
    expect(messagesOf(early)[0]).toMatch(/more than 2 days before .*send force/);
    const unpaid = await rebalance({ toDate: '2026-11-16', force: true });
    expect(messagesOf(unpaid)[0]).toMatch(/made before its billing date, and it is not paid/);
    for (const paymentStatus of ['processing', 'processed']) {
      await h.call('PATCH', `/api/v1/orders/${mel[1]!.id}/payment-status`, { paymentStatus });
    }
    const forced = await rebalance({ toDate: '2026-11-16', force: true });
    expect(forced.json()).toEqual({ movedOrderIds: [mel[1]!.id], requested: 1 });
    const none = await rebalance({ fromDate: '2026-11-25', toDate: '2026-11-24' });
    expect(messagesOf(none)).toEqual(['Facility 1 has no boxes to make on 2026-11-25']);
  });

  it('moves one order, and the kitchen marks the rebalance processed along the table', async () => {
    const order = mel[2]!;
    const res = await h.call('PUT', `/api/v1/orders/${order.id}/rebalance`, {
      toDate: '2026-11-17',
      timezone: 'Australia/Melbourne',
    });
    expect(res.json()).toMatchObject({ makeDate: '2026-11-17', rebalancingStatus: 'queued' });
    const done = await h.call('PATCH', `/api/v1/orders/${order.id}`, {
      rebalancingStatus: 'processed',
    });
    expect(done.json()).toMatchObject({ rebalancingStatus: 'processed' });
    const back = await h.call('PATCH', `/api/v1/orders/${order.id}`, {
      rebalancingStatus: 'not_applicable',
    });
    expect(back.statusCode).toBe(409);
    expect(messagesOf(back)).toEqual([
      'Rebalancing status cannot move from processed to not_applicable; from processed it can move to queued',
    ]);
    await h.call('PATCH', `/api/v1/orders/${order.id}/fulfilment-status`, {
      fulfilmentStatus: 'queued',
    });
    const started = await h.call('PUT', `/api/v1/orders/${order.id}/rebalance`, {
      toDate: '2026-11-18',
      timezone: 'Australia/Melbourne',
    });
    expect(messagesOf(started)[0]).toMatch(/the kitchen has started it/);
  });
});
