import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { harnessForFile, messagesOf } from '@pawfresh/testing';
import type { KitchenOrder, Order } from '@pawfresh/contracts/order';
import { createOrder, harness, mealItem } from './harness.js';

const h = harnessForFile(harness);

const PATH = '/api/v1/orders/lookup/kitchen';

/** The kitchen's view of a whole order, as the lookup should answer it. */
const kitchenView = (o: Order): KitchenOrder => ({
  id: o.id,
  userId: o.userId,
  makeDate: o.makeDate,
  deliveryDate: o.deliveryDate,
  expectedDeliverySlotId: o.expectedDeliverySlotId,
  depotCode: o.depotCode,
  facilityId: o.facilityId,
  shipmentId: o.shipmentId,
  paymentStatus: o.paymentStatus,
  isCancelled: o.metadata.isCancelled,
  address: {
    firstName: o.address.firstName,
    lastName: o.address.lastName,
    suburb: o.address.suburb,
    postcode: o.address.postcode,
    timezone: o.address.timezone,
  },
  orderLineItems: o.orderLineItems.map((l) => ({
    productId: l.productId,
    productVariantId: l.productVariantId,
    quantity: l.quantity,
    bundleLineItems: l.bundleLineItems,
  })),
});

describe('POST /orders/lookup/kitchen', () => {
  it("answers only what packing reads of the ids' orders, in their order, each once", async () => {
    const bundle = {
      ...mealItem(2000, 1),
      bundleLineItems: [
        { productId: randomUUID(), productVariantId: randomUUID(), quantity: 2, price: 500 },
        { productId: randomUUID(), productVariantId: null, quantity: 1 },
      ],
    };
    const a = await createOrder(h);
    const b = await createOrder(h, { orderLineItems: [mealItem(875, 14), bundle, mealItem(0, 3)] });
    const missing = randomUUID();
    const res = await h.call('POST', PATH, { orderIds: [b.id, missing, a.id, b.id] });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ items: KitchenOrder[]; missingIds: string[] }>();
    expect(body).toEqual({ items: [kitchenView(b), kitchenView(a)], missingIds: [missing] });
    // Line items keep their order, and a bundle's contents come with it.
    expect(body.items[0]!.orderLineItems.map((l) => l.quantity)).toEqual([14, 1, 3]);
    expect(body.items[0]!.orderLineItems[1]!.bundleLineItems).toEqual([
      { ...bundle.bundleLineItems[0] },
      { ...bundle.bundleLineItems[1], price: 0 },
    ]);
  });

  it('shows a cancelled order as cancelled', async () => {
    const order = await createOrder(h);
    const cancelled = await h.call('PATCH', `/api/v1/orders/${order.id}`, { isCancelled: true });
    expect(cancelled.statusCode).toBe(200);
    const res = await h.call('POST', PATH, { orderIds: [order.id] });
    expect(res.json<{ items: KitchenOrder[] }>().items[0]!.isCancelled).toBe(true);
  });

  it('answers ids no order has as missing, and nothing else', async () => {
    const ids = [randomUUID(), randomUUID()];
    const res = await h.call('POST', PATH, { orderIds: ids });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], missingIds: ids });
  });

  it('takes 1 to 2000 valid ids and nothing else', async () => {
    const none = await h.call('POST', PATH, { orderIds: [] });
    expect(none.statusCode).toBe(400);
    expect(messagesOf(none)).toEqual(['Send at least 1 order id']);
    const many = await h.call('POST', PATH, {
      orderIds: Array.from({ length: 2001 }, () => randomUUID()),
    });
    expect(messagesOf(many)).toEqual(['Send at most 2000 order ids at once']);
    const bad = await h.call('POST', PATH, { orderIds: ['x'] });
    expect(messagesOf(bad)).toEqual(['orderIds[] must be a valid UUID']);
    const nul = await h.call('POST', PATH, { orderIds: ['\u0000'] });
    expect(nul.statusCode).toBe(400);
    const extra = await h.call('POST', PATH, { orderIds: [randomUUID()], all: true });
    expect(extra.statusCode).toBe(400);
    const wrong = await h.call('POST', PATH, { orderIds: 'all' });
    expect(messagesOf(wrong)).toEqual(['orderIds must be a list of order ids']);
  });
});
