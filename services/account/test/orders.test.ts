import { randomUUID } from 'node:crypto';
import { identityService, startTestSession } from '@pawfresh/identity';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { DatabaseConnection } from '@pawfresh/db';
import { sql } from '@pawfresh/db/orm';
import { TestClock } from '@pawfresh/kit';
import type { CustomerOrder, Order } from '@pawfresh/contracts/order';
import { callJson, graphUnderTest, messagesOf, signedInAs } from '@pawfresh/testing';
import { courierService } from '@pawfresh/courier';
import { orderService } from '@pawfresh/order';
import { accountService } from '../src/index.js';

/** Monday 2 November 2026, 8pm in Melbourne. */
const clock = new TestClock('2026-11-02T09:00:00.000Z');
const services = graphUnderTest(
  {
    identity: identityService,
    courier: courierService,
    order: orderService,
    account: accountService,
  },
  { clock },
);
const { apps } = services;
let account: FastifyInstance;
let database: DatabaseConnection;
beforeAll(() => {
  account = apps.account!;
  database = services.database();
});

const signedIn = (userId: string, role: 'customer' | 'support' = 'customer') =>
  signedInAs({ database, clock, startTestSession }, userId, { role });

let legacy = 5000;
/** An order for a customer in the order service, moved through the given payment statuses. */
async function order(
  userId: string,
  deliveryDate: string,
  steps: { payment?: string[]; fulfilment?: string[]; shipmentStatus?: string } = {},
): Promise<Order> {
  const created = await callJson(apps.order!, 'POST', '/api/v1/orders', {
    userId,
    deliveryDate,
    expectedDeliverySlotId: 'PM',
    address: {
      firstName: 'Jo',
      lastName: 'Tester',
      address1: '1 Test Street',
      suburb: 'Richmond',
      state: 'VIC',
      postcode: '3121',
    },
    orderLineItems: [
      {
        productId: randomUUID(),
        animalId: randomUUID(),
        planType: 'full_bowl',
        price: 875,
        quantity: 14,
      },
    ],
    // Past deliveries can only be recorded as migrated history.
    ...(deliveryDate < '2026-11-10' ? { legacyOrderId: (legacy += 1) } : {}),
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<Order>().id;
  for (const paymentStatus of steps.payment ?? []) {
    await callJson(apps.order!, 'PATCH', `/api/v1/orders/${id}/payment-status`, { paymentStatus });
  }
  for (const fulfilmentStatus of steps.fulfilment ?? []) {
    await callJson(apps.order!, 'PATCH', `/api/v1/orders/${id}/fulfilment-status`, {
      fulfilmentStatus,
    });
  }
  if (steps.shipmentStatus) {
    await callJson(apps.order!, 'PATCH', `/api/v1/orders/${id}`, {
      shipmentStatus: steps.shipmentStatus,
    });
  }
  return (await callJson(apps.order!, 'GET', `/api/v1/orders/${id}`)).json<Order>();
}

const paid = ['processing', 'processed'];
const ids = (list: CustomerOrder[]) => list.map((o) => o.id);

describe('GET /api/v1/orders', () => {
  it("answers the customer's own orders in four lists, with display types", async () => {
    const userId = randomUUID();
    const past = await order(userId, '2026-10-02', { payment: paid, shipmentStatus: 'delivered' });
    const delivered = await order(userId, '2026-11-01', {
      payment: paid,
      shipmentStatus: 'delivered',
    });
    const preparing = await order(userId, '2026-11-05', { payment: paid, fulfilment: ['queued'] });
    const failed = await order(userId, '2026-11-13', { payment: ['processing', 'attempt_failed'] });
    const future = await order(userId, '2026-11-20');
    await order(userId, '2026-11-27', { payment: ['expired'] });
    await order(randomUUID(), '2026-11-20');

    const res = await callJson(account, 'GET', '/api/v1/orders', undefined, await signedIn(userId));
    expect(res.statusCode).toBe(200);
    const body = res.json<Record<string, CustomerOrder[]> & Record<string, string | null>>();
    expect(ids(body.pastOrders as CustomerOrder[])).toEqual([past.id]);
    expect(ids(body.currentOrders as CustomerOrder[])).toEqual([delivered.id, preparing.id]);
    expect(ids(body.futureOrders as CustomerOrder[])).toEqual([future.id]);
    expect(ids(body.failedOrders as CustomerOrder[])).toEqual([failed.id]);
    expect((body.currentOrders as CustomerOrder[]).map((o) => o.displayType)).toEqual([
      'DELIVERED',
      'PREPARING',
    ]);
    expect(body.nextPendingOrderId).toBe(future.id);
    expect(body.selectedOrderId).toBe(delivered.id);
    expect((body.futureOrders as CustomerOrder[])[0]).toMatchObject({
      deliveryDate: '2026-11-20',
      expectedDeliverySlotId: 'PM',
      cutoffAt: '2026-11-16T06:00:00.000Z',
      paymentStatus: 'pending',
      totalCharge: 875 * 14,
      orderLineItems: [{ quantity: 14, planType: 'full_bowl', price: 875 }],
      address: { suburb: 'Richmond', postcode: '3121' },
    });
  });

  it('follows every change and every new day, though answers are kept between them', async () => {
    const userId = randomUUID();
    const get = async () =>
      (await callJson(account, 'GET', '/api/v1/orders', undefined, await signedIn(userId))).json<
        Record<string, CustomerOrder[]>
      >();
    const box = await order(userId, '2026-11-20', { payment: paid });
    expect(ids((await get()).futureOrders!)).toEqual([box.id]);
    expect(ids((await get()).futureOrders!)).toEqual([box.id]);
    clock.set('2026-11-19T01:00:00.000Z');
    try {
      expect((await get()).currentOrders!.map((o) => o.displayType)).toEqual(['PREPARING']);
      await callJson(apps.order!, 'PATCH', `/api/v1/orders/${box.id}`, { isCancelled: true });
      expect(await get()).toMatchObject({ currentOrders: [], futureOrders: [] });
    } finally {
      clock.set('2026-11-02T09:00:00.000Z');
    }
  });

  it("follows a change written behind the services' backs (another process, raw SQL)", async () => {
    // ADR 008: the customer API keeps the page while no change of the customer is notified; the
    // order service's triggers notify any write. Switching off the bump makes this fail.
    const userId = randomUUID();
    const get = async () =>
      (await callJson(account, 'GET', '/api/v1/orders', undefined, await signedIn(userId))).json<
        Record<string, CustomerOrder[]>
      >();
    const box = await order(userId, '2026-11-20');
    expect((await get()).futureOrders!.map((o) => o.paymentStatus)).toEqual(['pending']);
    expect((await get()).futureOrders!.map((o) => o.paymentStatus)).toEqual(['pending']);
    const update = `update "order"."orders" set payment_status = 'attempt_failed' where id = '${box.id}'`;
    if (database.kind === 'pglite') {
      await database.forSchema({}).execute(sql.raw(update));
    } else {
      const client = new pg.Client({ connectionString: await database.wireUrl() });
      await client.connect();
      await client.query(update).finally(() => client.end());
    }
    // At once on PGlite; within 2 s from another PostgreSQL connection (the notification travels).
    let failed = (await get()).failedOrders!;
    for (const until = Date.now() + 2_000; failed.length === 0 && Date.now() < until;) {
      if (database.kind === 'pglite') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
      failed = (await get()).failedOrders!;
    }
    expect(ids(failed)).toEqual([box.id]);
  });

  it('answers empty lists for a customer without orders', async () => {
    const res = await callJson(
      account,
      'GET',
      '/api/v1/orders',
      undefined,
      await signedIn(randomUUID()),
    );
    expect(res.json()).toEqual({
      pastOrders: [],
      currentOrders: [],
      futureOrders: [],
      failedOrders: [],
      skippedOrders: [],
      nextPendingOrderId: null,
      selectedOrderId: null,
    });
  });

  it('needs a signed-in customer', async () => {
    expect((await callJson(account, 'GET', '/api/v1/orders', undefined, {})).statusCode).toBe(401);
    const staff = await callJson(
      account,
      'GET',
      '/api/v1/orders',
      undefined,
      await signedIn(randomUUID(), 'support'),
    );
    expect(staff.statusCode).toBe(403);
  });
});

describe('GET /api/v1/orders/past', () => {
  it('pages the order history, newest first', async () => {
    const userId = randomUUID();
    const made: Order[] = [];
    for (const date of ['2026-09-04', '2026-09-18', '2026-10-02']) {
      made.push(await order(userId, date, { payment: paid, shipmentStatus: 'delivered' }));
    }
    await order(userId, '2026-11-20');
    const headers = await signedIn(userId);
    const first = await callJson(account, 'GET', '/api/v1/orders/past?limit=2', undefined, headers);
    expect(first.json()).toMatchObject({ meta: { total: 3, offset: 0, limit: 2 } });
    expect(ids(first.json<{ data: CustomerOrder[] }>().data)).toEqual([made[2]!.id, made[1]!.id]);
    const second = await callJson(
      account,
      'GET',
      '/api/v1/orders/past?offset=2&limit=2',
      undefined,
      headers,
    );
    expect(ids(second.json<{ data: CustomerOrder[] }>().data)).toEqual([made[0]!.id]);
    const bad = await callJson(account, 'GET', '/api/v1/orders/past?limit=101', undefined, headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'limit must be a whole number from 1 to 100' });
  });
});

describe('GET /api/v1/orders/{orderId}', () => {
  it("answers the customer's own order, and 404 for another customer's", async () => {
    const mine = await order(randomUUID(), '2026-11-20');
    const theirs = await order(randomUUID(), '2026-11-20');
    const headers = await signedIn(mine.userId);
    const own = await callJson(account, 'GET', `/api/v1/orders/${mine.id}`, undefined, headers);
    expect(own.json()).toMatchObject({ id: mine.id, displayType: 'FUTURE' });
    const other = await callJson(account, 'GET', `/api/v1/orders/${theirs.id}`, undefined, headers);
    expect(other.statusCode).toBe(404);
    expect(messagesOf(other)).toEqual([`Order ${theirs.id} not found`]);
    const unknown = randomUUID();
    const missing = await callJson(account, 'GET', `/api/v1/orders/${unknown}`, undefined, headers);
    expect(messagesOf(missing)).toEqual([`Order ${unknown} not found`]);
  });
});
