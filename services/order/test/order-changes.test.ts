import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@pawfresh/contracts/order';
import { harnessForFile, messagesOf } from '@pawfresh/testing';
import {
  createOrder,
  harness,
  mealItem,
  melbourneAddress,
  newSubscription,
  NOW,
} from './harness.js';

const h = harnessForFile(harness);

const url = (order: Order, tail = '') => `/api/v1/orders/${order.id}${tail}`;
const read = async (order: Order) => (await h.call('GET', url(order))).json<Order>();
const events = async (order: Order) =>
  (await h.call('GET', url(order, '/events'))).json<{ action: string; currentValue: string }[]>();

describe('payment and fulfilment status', () => {
  it('moves payment along its table, recording each move', async () => {
    const order = await createOrder(h);
    for (const status of ['processing', 'attempt_failed', 'processing', 'processed']) {
      const res = await h.call('PATCH', url(order, '/payment-status'), { paymentStatus: status });
      expect(res.statusCode, status).toBe(200);
    }
    expect(await read(order)).toMatchObject({
      paymentStatus: 'processed',
      displayType: 'FUTURE',
      version: 5,
    });
    h.clock.set('2026-11-19T01:00:00.000Z');
    expect((await read(order)).displayType).toBe('PREPARING');
    h.clock.set(NOW);
    const moves = (await events(order)).filter((e) => e.action === 'payment_status_updated');
    expect(moves.map((e) => e.currentValue)).toEqual([
      'processing',
      'attempt_failed',
      'processing',
      'processed',
    ]);
    const back = await h.call('PATCH', url(order, '/payment-status'), { paymentStatus: 'pending' });
    expect(back.statusCode).toBe(409);
    expect(messagesOf(back)).toEqual([
      'Payment status cannot move from processed to pending: processed is final',
    ]);
    const same = await h.call('PATCH', url(order, '/payment-status'), {
      paymentStatus: 'processed',
    });
    expect(same.json()).toMatchObject({ version: 5 });
  });

  it('refuses an illegal fulfilment move with what is still possible', async () => {
    const order = await createOrder(h);
    const res = await h.call('PATCH', url(order, '/fulfilment-status'), {
      fulfilmentStatus: 'packed',
    });
    expect(res.statusCode).toBe(409);
    expect(messagesOf(res)).toEqual([
      'Fulfilment status cannot move from pending to packed; from pending it can move to queued, deprioritised, backlog, on_hold, paused, cancelled',
    ]);
    const bad = await h.call('PATCH', url(order, '/fulfilment-status'), {
      fulfilmentStatus: 'eaten',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('changes after the cut-off or while the kitchen works', () => {
  it('refuses date, address, line-item and discount changes while fulfilment is blocked', async () => {
    const order = await createOrder(h);
    await h.call('PATCH', url(order, '/fulfilment-status'), { fulfilmentStatus: 'queued' });
    const attempts = [
      h.call('PATCH', url(order), { deliveryDate: '2026-11-27' }),
      h.call('PUT', url(order, `/addresses/${order.address.addressId}`), {
        ...melbourneAddress,
        address1: '7 Swan Street',
      }),
      h.call('PUT', url(order, '/line-items'), { orderLineItems: [mealItem()] }),
      h.call('DELETE', url(order, `/line-items/${order.orderLineItems[0]!.id}`)),
      h.call('POST', url(order, '/discounts'), {
        discountId: randomUUID(),
        name: 'Welcome',
        interval: 'once-off',
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(409);
      expect(messagesOf(res)[0]).toMatch(
        /cannot change: the kitchen is working on this order \(fulfilment queued\)/,
      );
    }
    const note = await h.call('PATCH', url(order), { deliveryNote: 'still fine' });
    expect(note.statusCode).toBe(200);
    const del = await h.call('DELETE', url(order));
    expect(del.statusCode).toBe(409);
  });

  it('refuses box changes after 5pm at the depot on the cut-off date, not before', async () => {
    const order = await createOrder(h);
    h.clock.set('2026-11-16T05:59:59.000Z');
    const before = await h.call('PATCH', url(order), { deliveryDate: '2026-11-21' });
    expect(before.statusCode).toBe(200);
    const moved = before.json<Order>();
    h.clock.set(moved.cutoffAt);
    const after = await h.call('PUT', url(order, '/line-items'), { orderLineItems: [mealItem()] });
    expect(after.statusCode).toBe(409);
    expect(messagesOf(after)[0]).toMatch(/^The line items cannot change: changes closed at /);
    h.clock.set(NOW);
  });
});

describe('address', () => {
  it('replaces the address, moving depot and dates with a new postcode', async () => {
    const order = await createOrder(h);
    const sydney = {
      ...melbourneAddress,
      suburb: 'Sydney',
      city: 'Sydney',
      state: 'NSW',
      postcode: '2000',
    };
    const res = await h.call('PUT', url(order, `/addresses/${order.address.addressId}`), sydney);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      depotCode: 'SYD',
      facilityId: 2,
      address: { ...sydney, addressId: order.address.addressId, timezone: 'Australia/Sydney' },
    });
    expect((await events(order)).at(-1)).toMatchObject({
      action: 'address_updated',
      currentValue: '12 Example Street, Sydney NSW 2000',
    });
    const other = await h.call('PUT', url(order, `/addresses/${randomUUID()}`), sydney);
    expect(other.statusCode).toBe(404);
  });

  it('takes the address the order already has as no change (a retried call is harmless)', async () => {
    const order = await createOrder(h);
    const path = url(order, `/addresses/${order.address.addressId}`);
    const same = await h.call('PUT', path, melbourneAddress);
    expect(same.statusCode).toBe(200);
    expect(same.json<Order>().version).toBe(order.version);
    expect((await events(order)).filter((e) => e.action === 'address_updated')).toEqual([]);
  });
});

describe('line items', () => {
  it('replaces all, replaces one and deletes one, keeping the totals', async () => {
    const order = await createOrder(h);
    const all = await h.call('PUT', url(order, '/line-items'), {
      orderLineItems: [mealItem(500, 2), { ...mealItem(1000, 1), discountedPrice: 800 }],
    });
    expect(all.json()).toMatchObject({ totalPrice: 2000, totalCharge: 1800 });
    const [first, second] = all.json<Order>().orderLineItems;
    const one = await h.call('PUT', url(order, `/line-items/${first!.id}`), mealItem(100, 3));
    expect(one.json()).toMatchObject({ totalPrice: 1300, totalCharge: 1100 });
    expect(one.json<Order>().orderLineItems.map((i) => i.id)).toEqual([first!.id, second!.id]);
    const del = await h.call('DELETE', url(order, `/line-items/${second!.id}`));
    expect(del.json()).toMatchObject({ totalPrice: 300, totalCharge: 300 });
    const last = await h.call('DELETE', url(order, `/line-items/${first!.id}`));
    expect(last.statusCode).toBe(409);
    const gone = await h.call('DELETE', url(order, `/line-items/${second!.id}`));
    expect(gone.statusCode).toBe(404);
  });

  it("keeps the ids sent with PUT line-items, and refuses another order's line item", async () => {
    const order = await createOrder(h);
    const [a, b] = order.orderLineItems;
    const res = await h.call('PUT', url(order, '/line-items'), {
      orderLineItems: [
        { ...mealItem(500, 2), id: b!.id },
        { ...mealItem(700, 1), id: a!.id },
        mealItem(900, 1),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json<Order>().orderLineItems.map((i) => i.id);
    expect(ids.slice(0, 2)).toEqual([b!.id, a!.id]);
    expect(ids[2]).not.toBe(a!.id);
    const other = await createOrder(h);
    const stranger = other.orderLineItems[0]!.id;
    const refused = await h.call('PUT', url(order, '/line-items'), {
      orderLineItems: [{ ...mealItem(), id: stranger }],
    });
    expect(refused.statusCode).toBe(404);
    expect(messagesOf(refused)).toEqual([`Line item ${stranger} is not on order ${order.id}`]);
    const twice = await h.call('PUT', url(order, '/line-items'), {
      orderLineItems: [
        { ...mealItem(), id: a!.id },
        { ...mealItem(), id: a!.id },
      ],
    });
    expect(messagesOf(twice)).toEqual(['Each line item id may appear once']);
    expect((await read(other)).orderLineItems[0]!.id).toBe(stranger);
  });
});

describe('discounts', () => {
  it('adds a discount once and removes it', async () => {
    const order = await createOrder(h);
    const discountId = randomUUID();
    const body = { discountId, name: '20% off', interval: 'recurring' };
    const added = await h.call('POST', url(order, '/discounts'), body);
    expect(added.statusCode).toBe(201);
    expect(added.json<Order>().discounts).toMatchObject([
      { discountId, name: '20% off', currencyCode: 'AUD', discountIndex: 0 },
    ]);
    expect((await h.call('POST', url(order, '/discounts'), body)).statusCode).toBe(409);
    const removed = await h.call('DELETE', url(order, `/discounts?discountId=${discountId}`));
    expect(removed.json<Order>().discounts).toEqual([]);
    const again = await h.call('DELETE', url(order, `/discounts?discountId=${discountId}`));
    expect(again.statusCode).toBe(404);
    const usd = await h.call('POST', url(order, '/discounts'), { ...body, currencyCode: 'USD' });
    expect(messagesOf(usd)).toEqual(['currencyCode must be AUD']);
  });
});

describe('events', () => {
  it('records an event someone adds, and refuses unknown actions', async () => {
    const order = await createOrder(h);
    const res = await h.call('POST', url(order, '/events'), {
      action: 'note',
      description: 'Customer called about the gate',
      createdBy: 'staff:casey',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      orderId: order.id,
      action: 'note',
      createdBy: 'staff:casey',
    });
    const bad = await h.call('POST', url(order, '/events'), { action: 'dance', description: 'x' });
    expect(bad.statusCode).toBe(400);
    const missing = await h.call('POST', `/api/v1/orders/${randomUUID()}/events`, {
      action: 'note',
      description: 'x',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('deleting', () => {
  it("deletes one unpaid order, and a subscription's pending orders but not its paid ones", async () => {
    const lone = await createOrder(h);
    expect((await h.call('DELETE', url(lone))).statusCode).toBe(204);
    expect((await h.call('GET', url(lone))).statusCode).toBe(404);
    const household = await newSubscription(h);
    const { subscriptionId } = household;
    const paid = await createOrder(h, { ...household, subscriptionOrderIndex: 0 });
    const pending = await createOrder(h, {
      ...household,
      subscriptionOrderIndex: 1,
      deliveryDate: '2026-12-04',
    });
    await h.call('PATCH', url(paid, '/payment-status'), { paymentStatus: 'processing' });
    expect((await h.call('DELETE', url(paid))).statusCode).toBe(409);
    const res = await h.call(
      'DELETE',
      `/api/v1/orders?subscriptionId=${subscriptionId}&status=pending`,
    );
    expect(res.json()).toEqual({ deletedOrderIds: [pending.id] });
    const wrong = await h.call(
      'DELETE',
      `/api/v1/orders?subscriptionId=${subscriptionId}&status=processed`,
    );
    expect(messagesOf(wrong)).toEqual(['status must be pending']);
  });
});

describe('customer flags', () => {
  it("sets the flags of a customer's orders, and refuses another customer's order", async () => {
    const userId = randomUUID();
    const a = await createOrder(h, { userId });
    const b = await createOrder(h, { userId, deliveryDate: '2026-12-04' });
    const stranger = await createOrder(h);
    const flags = `/api/v1/orders/customers/${userId}/flags`;
    const set = await h.call('PATCH', flags, { phoenixToggle: true, orderIds: [a.id] });
    expect(set.json()).toEqual([
      { orderId: a.id, phoenixToggle: true, shadowToggle: false },
      { orderId: b.id, phoenixToggle: false, shadowToggle: false },
    ]);
    expect((await events(a)).at(-1)).toMatchObject({
      action: 'flags_updated',
      currentValue: 'phoenixToggle true',
    });
    const all = await h.call('PATCH', flags, { shadowToggle: true });
    expect(all.json<{ shadowToggle: boolean }[]>().every((f) => f.shadowToggle)).toBe(true);
    const theirs = await h.call('PATCH', flags, { phoenixToggle: false, orderIds: [stranger.id] });
    expect(theirs.statusCode).toBe(404);
    expect((await h.call('GET', flags)).json()).toHaveLength(2);
    expect(messagesOf(await h.call('PATCH', flags, {}))).toEqual([
      'Send phoenixToggle, shadowToggle or both',
    ]);
  });
});

describe('subscription extras', () => {
  let subscriptionId: string;
  const extraId = randomUUID();
  let orders: Order[];
  beforeAll(async () => {
    const household = await newSubscription(h);
    subscriptionId = household.subscriptionId;
    orders = [];
    for (let i = 0; i < 4; i++) {
      orders.push(
        await createOrder(h, {
          ...household,
          subscriptionOrderIndex: i,
          deliveryDate: ['2026-11-20', '2026-12-04', '2026-12-18', '2027-01-01'][i],
        }),
      );
    }
  });
  const extrasIn = async () =>
    Promise.all(
      orders.map(async (o) => (await read(o)).orderLineItems.filter((i) => i.extraId === extraId)),
    );

  it('adds an extra every nth order, changes it, moves it and removes it', async () => {
    const add = await h.call('POST', '/api/v1/orders/line-items/add-subscription-extras', {
      subscriptionId,
      extraId,
      productId: randomUUID(),
      quantity: 1,
      price: 1495,
      startOrderIndex: 0,
      nthOrder: 2,
    });
    expect(add.json()).toEqual({
      updatedOrderIds: [orders[0]!.id, orders[2]!.id],
      skippedOrderIds: [],
    });
    expect((await extrasIn()).map((l) => l.length)).toEqual([1, 0, 1, 0]);
    expect((await read(orders[0]!)).totalPrice).toBe(875 * 7 + 1000 * 7 + 1495);

    const update = await h.call('POST', '/api/v1/orders/line-items/update-subscription-extras', {
      subscriptionId,
      extraId,
      fromOrderIndex: 1,
      quantity: 2,
    });
    expect(update.json()).toMatchObject({ updatedOrderIds: [orders[2]!.id] });
    expect((await extrasIn())[2]![0]!.quantity).toBe(2);

    const move = await h.call('POST', '/api/v1/orders/line-items/move-subscription-extras', {
      subscriptionId,
      extraId,
      fromOrderIndex: 2,
      toOrderIndex: 3,
    });
    expect(move.statusCode).toBe(200);
    expect((await extrasIn()).map((l) => l.length)).toEqual([1, 0, 0, 1]);
    const nowhere = await h.call('POST', '/api/v1/orders/line-items/move-subscription-extras', {
      subscriptionId,
      extraId,
      fromOrderIndex: 1,
      toOrderIndex: 9,
    });
    expect(nowhere.statusCode).toBe(404);

    h.clock.set('2026-11-17T00:00:00.000Z');
    const del = await h.call('POST', '/api/v1/orders/line-items/delete-subscription-extras', {
      subscriptionId,
      extraId,
    });
    expect(del.json()).toEqual({
      updatedOrderIds: [orders[3]!.id],
      skippedOrderIds: [orders[0]!.id],
    });
    h.clock.set(NOW);
  });

  it('refuses quantities under 1, negative prices and indexes', async () => {
    const res = await h.call('POST', '/api/v1/orders/line-items/add-subscription-extras', {
      subscriptionId,
      extraId,
      productId: randomUUID(),
      quantity: 0,
      price: -1,
      startOrderIndex: -1,
    });
    expect(messagesOf(res).sort()).toEqual([
      'price must be a whole number of cents from 0 to 2147483647',
      'quantity must be a whole number of at least 1',
      'startOrderIndex must be a whole number of at least 0 (0 is the first order)',
    ]);
  });
});

describe("the courier's shipment_delivered topic (POST /courier-topics)", () => {
  const topic = (shipmentId: string, orderId: string | null) => ({
    id: randomUUID(),
    topic: 'shipment_delivered',
    shipmentId,
    orderId,
    occurredAt: '2026-11-20T02:05:00.000Z',
  });
  const deliver = async (body: ReturnType<typeof topic>) => {
    const res = await h.call('POST', '/api/v1/courier-topics', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ marked: boolean; reason: string | null }>();
  };

  it("marks the shipment's order delivered once, and only by the shipment it is booked on", async () => {
    const order = await createOrder(h);
    const shipmentId = randomUUID();
    const first = topic(shipmentId, order.id);
    expect(await deliver(first)).toEqual({
      id: first.id,
      orderId: order.id,
      marked: true,
      reason: null,
    });
    const read = (await h.call('GET', url(order))).json<Order>();
    expect(read).toMatchObject({ shipmentId, shipmentStatus: 'delivered' });
    // Delivered again (at least once): nothing changes.
    expect(await deliver(first)).toMatchObject({
      marked: false,
      reason: 'The order is marked delivered already',
    });
    const events = (await h.call('GET', url(order, '/events'))).json<
      { createdBy: string | null; currentValue: unknown }[]
    >();
    expect(events.filter((e) => e.createdBy === 'courier:becool')).toHaveLength(2);

    const booked = await createOrder(h);
    const bookedOn = randomUUID();
    await h.call('PATCH', url(booked), { shipmentId: bookedOn });
    expect(await deliver(topic(randomUUID(), booked.id))).toMatchObject({
      marked: false,
      reason: `The order is booked on another shipment (${bookedOn})`,
    });
    expect((await h.call('GET', url(booked))).json<Order>().shipmentStatus).toBeNull();

    const gone = randomUUID();
    expect(await deliver(topic(randomUUID(), gone))).toMatchObject({
      marked: false,
      reason: `Order ${gone} not found`,
    });
    expect(await deliver(topic(randomUUID(), null))).toMatchObject({
      marked: false,
      reason: 'The shipment has no order',
    });
  });
});

describe("a new customer's first delivery options", () => {
  it('answers the open days and slots with their cut-offs, and refuses bad input', async () => {
    const res = await h.call('GET', '/api/v1/first-delivery-options?postcode=3121&suburb=Richmond');
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{
      timezone: string;
      options: { deliveryDate: string; slot: string; cutoffAt: string }[];
    }>();
    expect(answer.timezone).toBe('Australia/Melbourne');
    // Monday 8pm in Melbourne: Saturday's afternoon box closes Tuesday 5pm, the first still open.
    expect(answer.options[0]).toEqual({
      deliveryDate: '2026-11-07',
      slot: 'PM',
      cutoffAt: '2026-11-03T06:00:00.000Z',
    });
    expect(answer.options.every((o) => Date.parse(o.cutoffAt) > Date.parse(NOW))).toBe(true);
    const bad = await h.call('GET', '/api/v1/first-delivery-options?postcode=31&suburb=Richmond');
    expect(bad.statusCode).toBe(400);
    const blank = await h.call('GET', '/api/v1/first-delivery-options?postcode=3121&suburb=');
    expect(messagesOf(blank)).toEqual(['Enter the suburb']);
    const unknown = await h.call('GET', '/api/v1/first-delivery-options?postcode=0001&suburb=X');
    expect(unknown.statusCode).toBe(404);
  });
});
