import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { harnessForFile, messagesOf } from '@pawfresh/testing';
import type { Order } from '@pawfresh/contracts/order';
import { harness, mealItem, melbourneAddress } from './harness.js';

const h = harnessForFile(harness);

let nextLegacyId = 910_000;
const legacyOrder = (overrides: Record<string, unknown> = {}) => ({
  legacyOrderId: nextLegacyId++,
  deliveryDate: '2025-03-14',
  expectedDeliverySlotId: 'AM',
  paymentStatus: 'processed',
  fulfilmentStatus: 'palletised',
  shipmentStatus: 'delivered',
  isCancelled: false,
  orderLineItems: [mealItem(495, 14), mealItem(520, 7)],
  ...overrides,
});
const importBody = (userId: string, orders: unknown[]) => ({
  userId,
  address: melbourneAddress,
  flags: { phoenixToggle: true, shadowToggle: false },
  orders,
  createdBy: 'legacy-migration',
});
const importOrders = (body: unknown) => h.call('POST', '/api/v1/orders/migration', body);
type Imported = { items: { legacyOrderId: number; orderId: string; orderNumber: number }[] };

describe('POST /orders/migration (past orders of a migrated customer)', () => {
  it('imports past orders with their legacy ids, statuses and flags, once', async () => {
    const userId = randomUUID();
    const delivered = legacyOrder();
    const cancelled = legacyOrder({
      deliveryDate: '2025-03-28',
      paymentStatus: 'expired',
      fulfilmentStatus: 'cancelled',
      shipmentStatus: null,
      isCancelled: true,
      note: 'Cancelled in the legacy system',
    });
    const body = importBody(userId, [delivered, cancelled]);
    const res = await importOrders(body);
    expect(res.statusCode, res.body).toBe(201);
    const imported = res.json<Imported>();
    expect(imported.items.map((i) => i.legacyOrderId)).toEqual([
      delivered.legacyOrderId,
      cancelled.legacyOrderId,
    ]);

    const first = (
      await h.call('GET', `/api/v1/orders/lookup/by-legacy-id/${delivered.legacyOrderId}`)
    ).json<Order>();
    expect(first).toMatchObject({
      id: imported.items[0]!.orderId,
      userId,
      subscriptionId: null,
      deliveryDate: '2025-03-14',
      totalPrice: 495 * 14 + 520 * 7,
      totalCharge: 495 * 14 + 520 * 7,
      paymentStatus: 'processed',
      fulfilmentStatus: 'palletised',
      shipmentStatus: 'delivered',
      displayType: 'PAST',
      depotCode: 'MEL',
      metadata: {
        legacyOrderId: delivered.legacyOrderId,
        phoenixToggle: true,
        shadowToggle: false,
        isCancelled: false,
      },
    });
    expect(first.billingDate < first.deliveryDate).toBe(true);
    const second = (
      await h.call('GET', `/api/v1/orders/lookup/by-legacy-id/${cancelled.legacyOrderId}`)
    ).json<Order>();
    expect(second).toMatchObject({ displayType: 'HIDDEN', metadata: { isCancelled: true } });
    const events = (await h.call('GET', `/api/v1/orders/${second.id}/events`)).json<
      { action: string; description: string; createdBy: string }[]
    >();
    expect(events.map((e) => [e.action, e.description])).toEqual([
      [
        'order_created',
        `Imported from the legacy system (legacy order ${cancelled.legacyOrderId}), delivered on 2025-03-28`,
      ],
      ['note', 'Cancelled in the legacy system'],
    ]);
    expect(events[0]!.createdBy).toBe('legacy-migration');

    const flags = (await h.call('GET', `/api/v1/orders/customers/${userId}/flags`)).json();
    expect(flags).toEqual(
      imported.items.map((i) => ({ orderId: i.orderId, phoenixToggle: true, shadowToggle: false })),
    );

    // The same import again answers the same orders and makes nothing new; no topic for history.
    const again = await importOrders(body);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(imported);
    const listed = (await h.call('GET', `/api/v1/orders?userId=${userId}`)).json<{
      meta: { total: number };
    }>();
    expect(listed.meta.total).toBe(2);
    const outbox = (await h.call('GET', '/api/v1/outbox?limit=100')).json<{
      data: { orderId: string }[];
    }>();
    expect(outbox.data.filter((m) => imported.items.some((i) => i.orderId === m.orderId))).toEqual(
      [],
    );
  });

  it('refuses a legacy order already imported for another user, and makes none of the batch', async () => {
    const owner = randomUUID();
    const taken = legacyOrder();
    expect((await importOrders(importBody(owner, [taken]))).statusCode).toBe(201);
    const other = randomUUID();
    const fresh = legacyOrder();
    const res = await importOrders(importBody(other, [fresh, taken]));
    expect(res.statusCode).toBe(409);
    expect(messagesOf(res)).toEqual([
      `Legacy order ${taken.legacyOrderId} was already imported for user ${owner}`,
    ]);
    expect(
      (await h.call('GET', `/api/v1/orders/lookup/by-legacy-id/${fresh.legacyOrderId}`)).statusCode,
    ).toBe(404);
  });

  it('answers bad input with a 400 and makes nothing', async () => {
    const userId = randomUUID();
    const cases: [unknown, string][] = [
      [importBody(userId, []), 'Send at least 1 legacy order'],
      [
        importBody(userId, [legacyOrder({ legacyOrderId: 2147483648 })]),
        'legacyOrderId must be a whole number from 1 to 2147483647',
      ],
      [
        importBody(userId, [legacyOrder({ legacyOrderId: 5 }), legacyOrder({ legacyOrderId: 5 })]),
        'Each legacyOrderId may appear once',
      ],
      [importBody(userId, [legacyOrder({ paymentStatus: 'paid' })]), 'paymentStatus'],
      [importBody(userId, [legacyOrder({ deliveryDate: '2025-02-30' })]), 'date'],
      [
        importBody(userId, [legacyOrder({ orderLineItems: [] })]),
        'An order needs at least 1 line item',
      ],
      [{ ...importBody(userId, [legacyOrder()]), extra: 1 }, 'extra'],
      [{ ...importBody(userId, [legacyOrder()]), userId: 'x\u0000' }, 'userId'],
      [importBody(userId, [legacyOrder({ note: '\ud800' })]), 'note'],
      [importBody(userId, [legacyOrder({ note: 'x'.repeat(100_000) })]), 'note'],
    ];
    for (const [body, message] of cases) {
      const res = await importOrders(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(messagesOf(res).join(' ')).toContain(message);
    }
    const listed = (await h.call('GET', `/api/v1/orders?userId=${userId}`)).json<{
      meta: { total: number };
    }>();
    expect(listed.meta.total).toBe(0);
  });

  it('refuses an address the courier has no depot for', async () => {
    const res = await importOrders({
      ...importBody(randomUUID(), [legacyOrder()]),
      address: { ...melbourneAddress, suburb: 'Nowhere', state: 'NT', postcode: '0999' },
    });
    expect(res.statusCode).toBe(404);
    expect(messagesOf(res)).toEqual(['The courier does not deliver to postcode 0999']);
  });
});

describe('DELETE /orders/migration/{userId}', () => {
  it("removes exactly the user's imported orders, and again removes nothing", async () => {
    const userId = randomUUID();
    const res = await importOrders(importBody(userId, [legacyOrder(), legacyOrder()]));
    const imported = res.json<Imported>();
    const own = await h.call('POST', '/api/v1/orders', {
      userId,
      deliveryDate: '2026-11-20',
      expectedDeliverySlotId: 'PM',
      address: melbourneAddress,
      orderLineItems: [mealItem()],
    });
    expect(own.statusCode).toBe(201);
    const otherUser = randomUUID();
    const others = (await importOrders(importBody(otherUser, [legacyOrder()]))).json<Imported>();

    const removed = await h.call('DELETE', `/api/v1/orders/migration/${userId}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<{ deletedOrderIds: string[] }>().deletedOrderIds.sort()).toEqual(
      imported.items.map((i) => i.orderId).sort(),
    );
    for (const i of imported.items) {
      expect((await h.call('GET', `/api/v1/orders/${i.orderId}`)).statusCode).toBe(404);
    }
    expect((await h.call('GET', `/api/v1/orders/${own.json<Order>().id}`)).statusCode).toBe(200);
    expect((await h.call('GET', `/api/v1/orders/${others.items[0]!.orderId}`)).statusCode).toBe(
      200,
    );
    const again = await h.call('DELETE', `/api/v1/orders/migration/${userId}`);
    expect(again.json()).toEqual({ deletedOrderIds: [] });
    expect((await h.call('DELETE', '/api/v1/orders/migration/nope')).statusCode).toBe(400);
  });
});
