import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { harnessForFile, messagesOf } from '@pawfresh/testing';
import type { Order } from '@pawfresh/contracts/order';
import { createOrder, harness } from './harness.js';

const h = harnessForFile(harness);

describe('POST /orders/lookup', () => {
  it('answers the orders of the ids in their order, each once, and the ids no order has', async () => {
    const a = await createOrder(h);
    const b = await createOrder(h);
    const missing = randomUUID();
    const res = await h.call('POST', '/api/v1/orders/lookup', {
      orderIds: [b.id, missing, a.id, b.id],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ items: Order[]; missingIds: string[] }>();
    expect(body.items.map((o) => o.id)).toEqual([b.id, a.id]);
    expect(body.items[1]).toEqual((await h.call('GET', `/api/v1/orders/${a.id}`)).json<Order>());
    expect(body.missingIds).toEqual([missing]);
  });

  it('takes 1 to 1000 valid ids', async () => {
    const none = await h.call('POST', '/api/v1/orders/lookup', { orderIds: [] });
    expect(messagesOf(none)).toEqual(['Send at least 1 order id']);
    const many = await h.call('POST', '/api/v1/orders/lookup', {
      orderIds: Array.from({ length: 1001 }, () => randomUUID()),
    });
    expect(messagesOf(many)).toEqual(['Send at most 1000 order ids at once']);
    const bad = await h.call('POST', '/api/v1/orders/lookup', { orderIds: ['x'] });
    expect(messagesOf(bad)).toEqual(['orderIds[] must be a valid UUID']);
  });
});
