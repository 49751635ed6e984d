import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LatestSubscriptionOrder, Order } from '@pawfresh/contracts/order';
import { messagesOf } from '@pawfresh/testing';
import { orderServiceWith } from '../src/index.js';
import {
  harness,
  mealItem,
  melbourneAddress,
  newOrder,
  newSubscription,
  NOW,
  type Harness,
} from './harness.js';

/** The bulk routes of order generation: POST /orders/bulk and /orders/subscriptions/latest. */
let h: Harness;
beforeAll(async () => {
  // A subscriber of every topic (never called here: the relay is off), so order_created is written.
  const subscribers = [{ name: 'kitchen', url: 'http://kitchen.test/topics' }];
  h = await harness(NOW, orderServiceWith({ subscribers, relayEveryMs: 0 }));
});
afterAll(async () => h?.close());

type Household = Awaited<ReturnType<typeof newSubscription>>;

const subscriptionOrder = (household: Household, index: number, deliveryDate: string) =>
  newOrder({
    ...household,
    subscriptionOrderIndex: index,
    deliveryDate,
    orderLineItems: [mealItem(875, 7)],
    discounts: [
      {
        discountId: randomUUID(),
        discountIndex: 0,
        name: 'Welcome',
        interval: 'recurring',
        currencyCode: 'AUD',
      },
    ],
    createdBy: 'generate-orders',
  });

const ordersOf = async ({ subscriptionId }: Household) =>
  (
    await h.call('GET', `/api/v1/orders?subscriptionId=${subscriptionId}&orderBy=deliveryDate`)
  ).json<{ data: Order[] }>().data;

describe('POST /orders/bulk', () => {
  it('makes every order as POST /orders does, each index once however often it is asked', async () => {
    const a = await newSubscription(h);
    const b = await newSubscription(h);
    const body = {
      orders: [
        subscriptionOrder(a, 1, '2026-11-20'),
        subscriptionOrder(a, 2, '2026-12-04'),
        subscriptionOrder(b, 1, '2026-11-27'),
      ],
    };
    const res = await h.call('POST', '/api/v1/orders/bulk', body);
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<{ createdOrderIds: string[]; existing: number }>();
    expect(made.createdOrderIds).toHaveLength(3);
    expect(made.existing).toBe(0);

    const [first, second] = await ordersOf(a);
    expect(first).toMatchObject({
      subscriptionOrderIndex: 1,
      depotCode: 'MEL',
      deliveryDate: '2026-11-20',
      makeDate: '2026-11-19',
      billingDate: '2026-11-17',
      cutoffAt: '2026-11-16T06:00:00.000Z',
      totalPrice: 875 * 7,
      paymentStatus: 'pending',
    });
    expect(first!.address).toMatchObject({ ...melbourneAddress, timezone: 'Australia/Melbourne' });
    expect(first!.orderLineItems).toHaveLength(1);
    expect(first!.discounts).toMatchObject([{ name: 'Welcome', discountIndex: 0 }]);
    expect(second!.subscriptionOrderIndex).toBe(2);
    const events = await h.call('GET', `/api/v1/orders/${first!.id}/events`);
    expect(events.json()).toMatchObject([
      {
        action: 'order_created',
        description: `Order created for delivery on 2026-11-20 (${first!.expectedDeliverySlotId})`,
        previousValue: null,
        currentValue: '2026-11-20',
        createdBy: 'generate-orders',
      },
    ]);
    const topics = (await h.call('GET', '/api/v1/outbox?status=pending')).json<{
      data: { topic: string; orderId: string }[];
    }>();
    expect(
      topics.data.filter((t) => made.createdOrderIds.includes(t.orderId)).map((t) => t.topic),
    ).toEqual(['order_created', 'order_created', 'order_created']);

    // Again, with one more: the three are there already and only the new one is made.
    const again = await h.call('POST', '/api/v1/orders/bulk', {
      orders: [...body.orders, subscriptionOrder(b, 2, '2026-12-11')],
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ existing: 3 });
    expect(again.json<{ createdOrderIds: string[] }>().createdOrderIds).toHaveLength(1);
    expect((await ordersOf(a)).map((o) => o.subscriptionOrderIndex)).toEqual([1, 2]);
    expect((await ordersOf(b)).map((o) => o.subscriptionOrderIndex)).toEqual([1, 2]);
  });

  it('leaves out an order whose cut-off has passed, and refuses what is not a subscription order', async () => {
    const s = await newSubscription(h);
    const late = await h.call('POST', '/api/v1/orders/bulk', {
      orders: [subscriptionOrder(s, 1, '2026-11-03'), subscriptionOrder(s, 2, '2026-11-20')],
    });
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json()).toMatchObject({ existing: 1 });
    expect((await ordersOf(s)).map((o) => o.subscriptionOrderIndex)).toEqual([2]);

    const loose = await h.call('POST', '/api/v1/orders/bulk', { orders: [newOrder()] });
    expect(loose.statusCode).toBe(400);
    expect(messagesOf(loose).join(' ')).toMatch(/subscription order/);
    expect((await h.call('POST', '/api/v1/orders/bulk', { orders: [] })).statusCode).toBe(400);
    const bad = await h.call('POST', '/api/v1/orders/bulk', {
      orders: [{ ...subscriptionOrder(s, 3, '2026-11-27'), deliveryDate: '2026-02-30' }],
    });
    expect(bad.statusCode).toBe(400);
    // Nothing of a refused call is made.
    expect((await ordersOf(s)).map((o) => o.subscriptionOrderIndex)).toEqual([2]);
  });
});

describe("an order's subscription (docs/orders.md)", () => {
  const ofOrders = async (userId: string) =>
    (await h.call('GET', `/api/v1/orders?userId=${userId}`)).json<{ data: Order[] }>().data;

  it("refuses an order naming no subscription, or another customer's, and writes nothing", async () => {
    const mine = await newSubscription(h);
    const theirs = await newSubscription(h);
    const unknown = { userId: mine.userId, subscriptionId: randomUUID() };
    for (const named of [unknown, { userId: mine.userId, subscriptionId: theirs.subscriptionId }]) {
      const one = await h.call('POST', '/api/v1/orders', {
        ...newOrder(named),
        subscriptionOrderIndex: 0,
      });
      expect(one.statusCode, one.body).toBe(400);
      expect(messagesOf(one)).toEqual([
        `subscriptionId ${named.subscriptionId} is not a subscription of customer ${mine.userId}`,
      ]);
    }
    const bulk = await h.call('POST', '/api/v1/orders/bulk', {
      orders: [
        subscriptionOrder(mine, 1, '2026-11-20'),
        subscriptionOrder(unknown, 1, '2026-11-20'),
      ],
    });
    expect(bulk.statusCode, bulk.body).toBe(400);
    expect(messagesOf(bulk)).toEqual([
      `orders[1].subscriptionId ${unknown.subscriptionId} is not a subscription of customer ${mine.userId}`,
    ]);
    // Nothing of a refused call is made: not even the good order beside the unknown one.
    expect(await ofOrders(mine.userId)).toEqual([]);
    expect(await ofOrders(theirs.userId)).toEqual([]);

    const fine = await h.call('POST', '/api/v1/orders', newOrder(mine));
    expect(fine.statusCode, fine.body).toBe(201);
  });

  it('checks a whole bulk creation with one call to the subscription service', async () => {
    const households = await Promise.all([1, 2, 3].map(() => newSubscription(h)));
    h.calls.length = 0;
    const res = await h.call('POST', '/api/v1/orders/bulk', {
      orders: households.flatMap((household) => [
        subscriptionOrder(household, 1, '2026-11-20'),
        subscriptionOrder(household, 2, '2026-12-04'),
      ]),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(h.calls.filter((c) => c.includes('subscription.svc'))).toEqual([
      'POST http://subscription.svc/subscriptions/lookup',
    ]);
  });
});

describe('POST /orders/subscriptions/latest', () => {
  it("answers each subscription's latest order by delivery date, none for one without", async () => {
    const s = await newSubscription(h);
    await h.call('POST', '/api/v1/orders/bulk', {
      orders: [subscriptionOrder(s, 3, '2026-12-04'), subscriptionOrder(s, 4, '2026-12-18')],
    });
    const none = randomUUID();
    const res = await h.call('POST', '/api/v1/orders/subscriptions/latest', {
      subscriptionIds: [s.subscriptionId, none],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json<{ items: LatestSubscriptionOrder[] }>();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      subscriptionId: s.subscriptionId,
      subscriptionOrderIndex: 4,
      deliveryDate: '2026-12-18',
      expectedDeliverySlotId: 'PM',
      address: { postcode: '3121' },
    });
    const bad = await h.call('POST', '/api/v1/orders/subscriptions/latest', {
      subscriptionIds: ['nope'],
    });
    expect(bad.statusCode).toBe(400);
  });
});
