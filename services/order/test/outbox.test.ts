import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@pawfresh/contracts/order';
import { messagesOf } from '@pawfresh/testing';
import { orderServiceWith, relayTopics } from '../src/index.js';
import { schema } from '../src/db/schema.js';
import type { RelayOptions } from '../src/flows/relay-topics.js';
import { MAX_RETRY_MS, parseSubscribers, retryDelayMs } from '../src/rules/outbox-delivery.js';
import {
  createOrder,
  elsewhere,
  harness,
  mealItem,
  newOrder,
  newSubscription,
  type Harness,
} from './harness.js';

interface Received {
  subscriber: string;
  key: string | null;
  body: { id: string; topic: string; orderId: string; payload: { order: Order } };
}
const received: Received[] = [];
const failing = new Set<string>();
const fakeFetch = async (url: string, init: RequestInit) => {
  const subscriber = new URL(url).hostname.split('.')[0]!;
  received.push({
    subscriber,
    key: new Headers(init.headers).get('idempotency-key'),
    body: JSON.parse(String(init.body)) as Received['body'],
  });
  return new Response(null, { status: failing.has(subscriber) ? 503 : 204 });
};
const relay: RelayOptions = {
  subscribers: [
    { name: 'orchestration', url: 'http://orchestration.test/topics' },
    { name: 'analytics', url: 'http://analytics.test/topics' },
  ],
  fetch: fakeFetch,
  leaseMs: 60_000,
};

let h: Harness;
beforeAll(async () => {
  h = await harness(undefined, orderServiceWith({ ...relay, relayEveryMs: 0 }));
});
afterAll(async () => h?.close());

const relayOnce = () => relayTopics(h.database.forSchema(schema), h.clock, relay);
const outbox = async (qs = '') =>
  (await h.call('GET', `/api/v1/outbox${qs}`)).json<{
    data: {
      id: string;
      topic: string;
      orderId: string;
      status: string;
      attempts: number;
      deliveredTo: string[];
      lastError: string | null;
      nextAttemptAt: string;
    }[];
    meta: { total: number };
  }>();

describe('the outbox', () => {
  it('holds each topic of a change, written with it, until the relay delivers it to every subscriber', async () => {
    const order = await createOrder(h);
    await h.call('PATCH', `/api/v1/orders/${order.id}/payment-status`, {
      paymentStatus: 'processing',
    });
    await h.call('PATCH', `/api/v1/orders/${order.id}/payment-status`, {
      paymentStatus: 'processed',
    });
    await h.call('PUT', `/api/v1/orders/${order.id}/line-items`, {
      orderLineItems: order.orderLineItems.map(({ id: _id, ...item }) => item),
    });
    const pending = await outbox('?status=pending');
    expect(pending.data.map((m) => m.topic)).toEqual([
      'order_created',
      'order_updated',
      'order_paid',
      'order_lineitem_updated',
      'post_payment_order_modified',
    ]);
    expect(await relayOnce()).toBe(5);
    expect((await outbox('?status=pending')).meta.total).toBe(0);
    const delivered = await outbox('?status=delivered');
    expect(delivered.data.every((m) => m.deliveredTo.join() === 'orchestration,analytics')).toBe(
      true,
    );
    const first = received.find((r) => r.body.topic === 'order_created')!;
    expect(first.key).toBe(first.body.id);
    expect(first.body.payload.order.id).toBe(order.id);
    expect(received).toHaveLength(10);
  });

  it('retries only the subscriber that failed, with backoff, and gives the same event id', async () => {
    received.length = 0;
    failing.add('analytics');
    const order = await createOrder(h);
    await relayOnce();
    let [message] = (await outbox('?status=pending')).data;
    expect(message).toMatchObject({
      orderId: order.id,
      attempts: 1,
      deliveredTo: ['orchestration'],
      lastError: 'analytics answered 503',
      nextAttemptAt: new Date(h.clock.now().getTime() + 1_000).toISOString(),
    });
    expect(await relayOnce()).toBe(0);
    h.clock.advance(1_000);
    await relayOnce();
    [message] = (await outbox('?status=pending')).data;
    expect(message).toMatchObject({
      attempts: 2,
      nextAttemptAt: new Date(h.clock.now().getTime() + 2_000).toISOString(),
    });
    failing.delete('analytics');
    h.clock.advance(2_000);
    await relayOnce();
    expect((await outbox('?status=pending')).meta.total).toBe(0);
    expect(received.map((r) => r.subscriber)).toEqual([
      'orchestration',
      'analytics',
      'analytics',
      'analytics',
    ]);
    expect(new Set(received.map((r) => r.key))).toEqual(new Set([message!.id]));
  });

  it("delivers a bulk creation's order_created topics with each order as it is when delivered", async () => {
    received.length = 0;
    const household = await newSubscription(h);
    const bulk = await h.call('POST', '/api/v1/orders/bulk', {
      orders: [1, 2, 3].map((index) =>
        newOrder({
          ...household,
          subscriptionOrderIndex: index,
          deliveryDate: ['2026-11-20', '2026-11-27', '2026-12-04'][index - 1],
          orderLineItems: [mealItem(875, 7), mealItem(1000, 7)],
        }),
      ),
    });
    expect(bulk.statusCode, bulk.body).toBe(201);
    const [first, second, gone] = bulk.json<{ createdOrderIds: string[] }>().createdOrderIds;
    // Changed, and deleted, before the relay runs.
    const note = await h.call('PATCH', `/api/v1/orders/${first}`, { deliveryNote: 'Side gate' });
    expect(note.statusCode, note.body).toBe(200);
    expect((await h.call('DELETE', `/api/v1/orders/${gone}`)).statusCode).toBe(204);

    await relayOnce();
    const created = (id: string) =>
      received.filter(
        (r) =>
          r.subscriber === 'orchestration' &&
          r.body.orderId === id &&
          r.body.topic === 'order_created',
      );
    for (const id of [first!, second!]) {
      const order = (await h.call('GET', `/api/v1/orders/${id}`)).json<Order>();
      expect(created(id).map((r) => r.body.payload)).toEqual([{ order }]);
    }
    expect(created(first!)[0]!.body.payload.order.deliveryNote).toBe('Side gate');
    expect(created(gone!).map((r) => r.body.payload)).toEqual([{}]);
    expect((await outbox('?status=pending')).meta.total).toBe(0);
  });

  it('gives up after its attempts and shows the topic as failed', async () => {
    failing.add('orchestration');
    await createOrder(h);
    for (let i = 0; i < 150; i++) {
      await relayOnce();
      h.clock.advance(MAX_RETRY_MS);
    }
    const failed = await outbox('?status=failed');
    expect(failed.data).toHaveLength(1);
    expect(failed.data[0]).toMatchObject({ attempts: 150, deliveredTo: ['analytics'] });
    failing.delete('orchestration');
  }, 180_000);

  it('refuses an unknown status filter', async () => {
    const res = await h.call('GET', '/api/v1/outbox?status=lost');
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)).toEqual(['status must be pending, delivered or failed']);
  });
});

describe('outbox rules', () => {
  it('backs off exponentially from a second, at most ten minutes apart', () => {
    expect([1, 2, 3, 4, 10, 11, 50].map(retryDelayMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 512_000, 600_000, 600_000,
    ]);
  });

  it('reads subscribers from configuration, refusing what it cannot read', () => {
    expect(parseSubscribers(undefined)).toEqual([]);
    expect(parseSubscribers('orchestration=http://127.0.0.1:3100/workflows/topics?a=b')).toEqual([
      { name: 'orchestration', url: 'http://127.0.0.1:3100/workflows/topics?a=b' },
    ]);
    expect(parseSubscribers('orchestration')).toMatch(/must be name=url pairs/);
    expect(parseSubscribers('a=ftp://x')).toMatch(/is not an http\(s\) URL/);
    expect(parseSubscribers('a=http://x,a=http://y')).toBe('ORDER_TOPIC_SUBSCRIBERS names a twice');
    expect(
      parseSubscribers('orchestration[order_paid|order_updated]=http://127.0.0.1:3100/t'),
    ).toEqual([
      {
        name: 'orchestration',
        url: 'http://127.0.0.1:3100/t',
        topics: ['order_paid', 'order_updated'],
      },
    ]);
    expect(parseSubscribers('a[order_paid|order_shipped]=http://x')).toMatch(
      /"order_shipped" is not an order topic/,
    );
    expect(parseSubscribers('a[]=http://x')).toMatch(/"" is not an order topic/);
  });
});

describe("a subscriber's topics", () => {
  const paidOnly: RelayOptions = {
    subscribers: [{ name: 'kitchen', url: 'http://kitchen.test/topics', topics: ['order_paid'] }],
    fetch: fakeFetch,
  };
  let only: Harness;
  beforeAll(async () => {
    only = await harness(undefined, orderServiceWith({ ...paidOnly, relayEveryMs: 0 }));
  });
  afterAll(async () => only?.close());
  const pendingTopics = async () =>
    (await only.call('GET', '/api/v1/outbox?status=pending'))
      .json<{ data: { topic: string; orderId: string }[] }>()
      .data.map((m) => m.topic);

  it('writes only the topics some subscriber takes, and relays each only to those that take it', async () => {
    received.length = 0;
    const order = await createOrder(only);
    const bulk = await only.call('POST', '/api/v1/orders/bulk', {
      orders: [
        newOrder({
          ...(await newSubscription(only)),
          subscriptionOrderIndex: 1,
          deliveryDate: '2026-11-20',
          createdBy: 'generate-orders',
        }),
      ],
    });
    expect(bulk.statusCode, bulk.body).toBe(201);
    // No one takes order_created: none is written, for one order or many.
    expect(await pendingTopics()).toEqual([]);
    for (const paymentStatus of ['processing', 'processed']) {
      await only.call('PATCH', `/api/v1/orders/${order.id}/payment-status`, { paymentStatus });
    }
    expect(await pendingTopics()).toEqual(['order_paid']);
    // A message no subscriber takes (written before the configuration changed) goes to no one.
    await elsewhere(
      only,
      `insert into "order".outbox (id, topic, order_id, payload, next_attempt_at, created_at) values ('${randomUUID()}', 'order_created', '${order.id}', '{}', '2026-11-01T00:00:00Z', '2026-11-01T00:00:00Z')`,
    );
    expect(await relayTopics(only.database.forSchema(schema), only.clock, paidOnly)).toBe(2);
    expect(await pendingTopics()).toEqual([]);
    expect(received.map((r) => [r.subscriber, r.body.topic])).toEqual([['kitchen', 'order_paid']]);
  });
});
