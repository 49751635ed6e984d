import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '@pawfresh/db';
import { TestClock } from '@pawfresh/kit';
import type { Box, Fulfilment } from '@pawfresh/contracts/fulfilment';
import type { Shipment } from '@pawfresh/contracts/courier';
import type { Order } from '@pawfresh/contracts/order';
import type { User } from '@pawfresh/contracts/identity';
import type { WorkflowRun } from '@pawfresh/contracts/orchestration';
import { orchestrationContract } from '@pawfresh/contracts/orchestration';
import type {
  FulfilmentWorkflowResult,
  OrderTopicResult,
} from '@pawfresh/contracts/orchestration-fulfilment';
import {
  callJson,
  fuzzContract,
  household,
  routeFetch,
  serviceApp,
  serviceAuth,
  svcUrl,
  testDatabase,
} from '@pawfresh/testing';
import { courierServiceWith } from '@pawfresh/courier';
import { fulfilmentService } from '@pawfresh/fulfilment';
import { identityService } from '@pawfresh/identity';
import { orderServiceWith } from '@pawfresh/order';
import { pricingService } from '@pawfresh/pricing';
import { productService } from '@pawfresh/product';
import { subscriptionService } from '@pawfresh/subscription';
import { orchestrationService } from '../src/index.js';
import { FULFILMENT_ENDPOINTS } from './fulfilment-endpoints.js';

/**
 * The fulfilment workflows over HTTP with the order, fulfilment, courier and identity services
 * real on one test database, the order service's outbox relay delivering its topics to the
 * orchestration service's topic route, and the courier's delivering its own to the order service.
 */
let database: DatabaseConnection;
let app: FastifyInstance;
const services: Record<string, FastifyInstance> = {};
/** `fail(url, method)` true: that request answers 503 (a service down for one step). */
let fail: ((url: string, method: string) => boolean) | undefined;
const clock = new TestClock('2026-11-02T09:00:00.000Z');

beforeAll(async () => {
  database = await testDatabase();
  const routed = routeFetch(services);
  const fetch = async (url: string, init: RequestInit) =>
    fail?.(url, init.method ?? 'GET')
      ? new Response('{"message":"down"}', { status: 503 })
      : routed(url, init);
  const options = { database, clock, serviceUrl: svcUrl, fetch };
  services.product = await serviceApp(productService, { database, clock });
  services.pricing = await serviceApp(pricingService, { database, clock });
  services.courier = await serviceApp(
    courierServiceWith({
      subscribers: [
        {
          name: 'order',
          url: `${svcUrl('order')}/api/v1/courier-topics`,
          topics: ['shipment_delivered'],
        },
      ],
      relayEveryMs: 100,
    }),
    options,
  );
  services.identity = await serviceApp(identityService, { database, clock });
  services.subscription = await serviceApp(subscriptionService, options);
  services.order = await serviceApp(
    orderServiceWith({
      subscribers: [
        { name: 'orchestration', url: `${svcUrl('orchestration')}/workflows/order-topics` },
      ],
      relayEveryMs: 100,
    }),
    options,
  );
  services.fulfilment = await serviceApp(fulfilmentService, options);
  app = await serviceApp(orchestrationService, options);
  services.orchestration = app;
  const seeded = await callJson(
    services.product,
    'POST',
    '/api/v1/products/reset-by-seed-script',
    {},
  );
  if (seeded.statusCode !== 200) throw new Error(`catalogue seed failed: ${seeded.body}`);
}, 180_000);

afterAll(async () => {
  await services.order?.close();
  await app?.close();
  for (const [name, service] of Object.entries(services)) {
    if (name !== 'order' && name !== 'orchestration') await service.close();
  }
  await database?.close();
});

const ok = <T>(res: { statusCode: number; body: string; json<U>(): U }, status = 200): T => {
  if (res.statusCode !== status) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json<T>();
};

const post = (path: string, body: unknown) => callJson(app, 'POST', `/workflows/${path}`, body);

/** A customer in identity with an unpaid box (Friday 20 November, PM, Richmond VIC). */
async function unpaidOrder(): Promise<Order> {
  const user = ok<User>(
    await callJson(services.identity!, 'POST', '/identity/users', {
      email: `fulfil-${randomUUID().slice(0, 8)}@example.com.au`,
      password: 'correct horse',
      firstName: 'Sam',
      lastName: 'Citizen',
    }),
    201,
  );
  const { orders } = await household<Order>(
    {
      pricing: services.pricing!,
      subscription: services.subscription!,
      order: services.order!,
      product: services.product!,
    },
    1,
    user.id,
  );
  return orders[0]!;
}

async function pay(orderId: string): Promise<Order> {
  let order: Order | undefined;
  for (const paymentStatus of ['processing', 'processed']) {
    order = ok<Order>(
      await callJson(services.order!, 'PATCH', `/api/v1/orders/${orderId}/payment-status`, {
        paymentStatus,
        updatedBy: 'test',
      }),
    );
  }
  return order!;
}

/** A paid order; the relay is kept from delivering its topics by `fail` while it is made. */
async function paidOrder(): Promise<Order> {
  const order = await unpaidOrder();
  return pay(order.id);
}

const readOrder = async (orderId: string) =>
  ok<Order>(await callJson(services.order!, 'GET', `/api/v1/orders/${orderId}`));
const boxesOf = async (orderId: string) =>
  ok<Box[]>(await callJson(services.fulfilment!, 'GET', `/api/v1/boxes/by-Order/${orderId}`));
const fulfilmentOf = async (orderId: string): Promise<Fulfilment | undefined> => {
  const boxes = await boxesOf(orderId);
  if (!boxes[0]) return undefined;
  return ok<Fulfilment>(
    await callJson(services.fulfilment!, 'GET', `/api/v1/fulfilments/${boxes[0].fulfilmentId}`),
  );
};
const shipmentsOf = async (orderId: string) =>
  ok<{ data: Shipment[] }>(
    await callJson(
      services.courier!,
      'GET',
      `/api/v1/couriers/becool/shipments/search?orderId=${orderId}`,
    ),
  ).data;
const runOf = async (id: string) =>
  ok<WorkflowRun>(await callJson(app, 'GET', `/workflows/runs/${id}`));

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The relay delivers every topic of every order here: wait until the order's are handled. */
const settled = (orderId: string) =>
  waitFor('the relay to deliver the topics', async () => {
    const res = await callJson(services.order!, 'GET', '/api/v1/outbox?status=pending&limit=100');
    const pending = ok<{ data: { orderId: string }[] }>(res).data;
    return pending.some((m) => m.orderId === orderId) ? undefined : true;
  });

describe('order-paid-fulfilment', () => {
  it('packs a paid order and books its delivery, linked both ways; the same id runs once', async () => {
    fail = (url) => url.includes('/workflows/order-topics');
    const order = await paidOrder();
    const workflowId = `paid-${randomUUID()}`;
    const result = ok<FulfilmentWorkflowResult>(
      await post('order-paid-fulfilment', { orderId: order.id, workflowId }),
    );
    expect(result).toMatchObject({ workflowId, orderId: order.id, outcome: 'created' });
    expect(result.boxIds.length).toBeGreaterThan(0);
    expect(result.jobIds).toHaveLength(result.boxIds.length);

    const fulfilment = (await fulfilmentOf(order.id))!;
    expect(fulfilment).toMatchObject({
      fulfilmentId: result.fulfilmentId,
      shipmentId: result.shipmentId,
      makeDate: order.makeDate,
      deliveryDate: order.deliveryDate,
    });
    const shipments = await shipmentsOf(order.id);
    expect(shipments.map((s) => s.id)).toEqual([result.shipmentId]);
    expect(shipments[0]).toMatchObject({
      status: 'pending',
      deliveryDate: order.deliveryDate,
      makeDate: order.makeDate,
      deliveryTimeWindowStart: '12:00',
    });
    expect((await readOrder(order.id)).shipmentId).toBe(result.shipmentId);

    // The same id: the first answer, nothing run again. Another run: what is there is kept.
    expect(
      ok<FulfilmentWorkflowResult>(
        await post('order-paid-fulfilment', { orderId: order.id, workflowId }),
      ),
    ).toEqual(result);
    const again = ok<FulfilmentWorkflowResult>(
      await post('order-paid-fulfilment', { orderId: order.id }),
    );
    expect(again).toMatchObject({
      outcome: 'existing',
      fulfilmentId: result.fulfilmentId,
      shipmentId: result.shipmentId,
    });
    expect(await shipmentsOf(order.id)).toHaveLength(1);

    const run = await runOf(workflowId);
    expect(run.status).toBe('SUCCESS');
    expect(run.steps.map((s) => s.name)).toEqual([
      'read-order',
      'create-fulfilment',
      'book-shipment',
      'link-fulfilment-shipment',
      'link-order-shipment',
    ]);
    fail = undefined;
  });

  it('refuses an order that is not paid (409), visible in its run, and makes nothing', async () => {
    fail = (url) => url.includes('/workflows/order-topics');
    const order = await unpaidOrder();
    const workflowId = `unpaid-${randomUUID()}`;
    const res = await post('order-paid-fulfilment', { orderId: order.id, workflowId });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toContain('is not paid');
    expect((await runOf(workflowId)).status).toBe('ERROR');
    expect(await boxesOf(order.id)).toEqual([]);
    const missing = await post('order-paid-fulfilment', { orderId: randomUUID() });
    expect(missing.statusCode).toBe(404);
    fail = undefined;
  });

  it('undoes the fulfilment when the delivery cannot be booked', async () => {
    const order = await unpaidOrder();
    fail = (url, method) =>
      url.includes('/workflows/order-topics') ||
      (method === 'POST' && url.endsWith('/couriers/becool/shipments'));
    await pay(order.id);
    const workflowId = `courier-down-${randomUUID()}`;
    const res = await post('order-paid-fulfilment', { orderId: order.id, workflowId });
    expect(res.statusCode).toBe(502);
    const run = await runOf(workflowId);
    expect(run.steps.map((s) => s.name)).toContain('undo-create-fulfilment');
    expect(await boxesOf(order.id)).toEqual([]);
    expect(await shipmentsOf(order.id)).toEqual([]);
    expect((await readOrder(order.id)).shipmentId).toBeNull();
    fail = undefined;
  });
});

describe('order-updated-fulfilment and delete-fulfilment', () => {
  it('rebuilds unstarted boxes, books the delivery again when it changed, refuses once started', async () => {
    fail = (url) => url.includes('/workflows/order-topics');
    const order = await paidOrder();
    const first = ok<FulfilmentWorkflowResult>(
      await post('order-paid-fulfilment', { orderId: order.id }),
    );
    // Same delivery: new boxes, the shipment kept.
    const same = ok<FulfilmentWorkflowResult>(
      await post('order-updated-fulfilment', { orderId: order.id }),
    );
    expect(same).toMatchObject({ outcome: 'rebuilt', shipmentId: first.shipmentId });
    expect(same.fulfilmentId).not.toBe(first.fulfilmentId);
    expect((await fulfilmentOf(order.id))!.shipmentId).toBe(first.shipmentId);

    // A new delivery note: the delivery is booked again and the old booking cancelled.
    ok<Order>(
      await callJson(services.order!, 'PATCH', `/api/v1/orders/${order.id}`, {
        deliveryNote: 'Leave it by the side gate',
        updatedBy: 'test',
      }),
    );
    const rebooked = ok<FulfilmentWorkflowResult>(
      await post('order-updated-fulfilment', { orderId: order.id }),
    );
    expect(rebooked.outcome).toBe('rebuilt');
    expect(rebooked.shipmentId).not.toBe(first.shipmentId);
    const shipments = await shipmentsOf(order.id);
    expect(shipments.map((s) => [s.id, s.deliveryInstructions])).toEqual([
      [rebooked.shipmentId, 'Leave it by the side gate'],
    ]);
    expect((await readOrder(order.id)).shipmentId).toBe(rebooked.shipmentId);

    // The kitchen queues the jobs: no more changes, no delete.
    ok<Fulfilment>(
      await callJson(
        services.fulfilment!,
        'PATCH',
        `/api/v1/fulfilments/${rebooked.fulfilmentId}`,
        {
          status: 'queued',
          updatedBy: 'kitchen',
        },
      ),
    );
    const refused = await post('order-updated-fulfilment', { orderId: order.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toContain('The kitchen has started');
    expect((await post('delete-fulfilment', { orderId: order.id })).statusCode).toBe(409);
    expect((await fulfilmentOf(order.id))!.fulfilmentId).toBe(rebooked.fulfilmentId);

    // An order not packed yet: nothing to rebuild.
    const unpaid = await unpaidOrder();
    expect(
      ok<FulfilmentWorkflowResult>(await post('order-updated-fulfilment', { orderId: unpaid.id })),
    ).toMatchObject({ outcome: 'no_fulfilment', fulfilmentId: null });
    fail = undefined;
  });

  it('deletes an unstarted fulfilment, cancels its shipment and clears the order', async () => {
    fail = (url) => url.includes('/workflows/order-topics');
    const order = await paidOrder();
    const made = ok<FulfilmentWorkflowResult>(
      await post('order-paid-fulfilment', { orderId: order.id }),
    );
    const deleted = ok<FulfilmentWorkflowResult>(
      await post('delete-fulfilment', { orderId: order.id }),
    );
    expect(deleted).toMatchObject({
      outcome: 'deleted',
      fulfilmentId: made.fulfilmentId,
      shipmentId: made.shipmentId,
    });
    expect(await boxesOf(order.id)).toEqual([]);
    expect(await shipmentsOf(order.id)).toEqual([]);
    expect((await readOrder(order.id)).shipmentId).toBeNull();
    expect(
      ok<FulfilmentWorkflowResult>(await post('delete-fulfilment', { orderId: order.id })),
    ).toMatchObject({ outcome: 'no_fulfilment' });
    fail = undefined;
  });
});

describe('order topics from the outbox', () => {
  it('the relay delivers order_paid here: one fulfilment and one shipment, the event id the run id', async () => {
    fail = undefined;
    const order = await paidOrder();
    const fulfilment = await waitFor('the fulfilment', async () => {
      const f = await fulfilmentOf(order.id);
      return f?.shipmentId ? f : undefined;
    });
    await settled(order.id);
    expect(await shipmentsOf(order.id)).toHaveLength(1);
    expect((await readOrder(order.id)).shipmentId).toBe(fulfilment.shipmentId);
    const outbox = ok<{ data: { id: string; topic: string; orderId: string }[] }>(
      await callJson(services.order!, 'GET', '/api/v1/outbox?status=delivered&limit=100'),
    ).data.filter((m) => m.orderId === order.id && m.topic === 'order_paid');
    expect(outbox).toHaveLength(1);
    const run = await runOf(outbox[0]!.id);
    expect(run.status).toBe('SUCCESS');
  });

  it('the same event delivered twice makes one fulfilment; other topics are acknowledged', async () => {
    fail = (url) => url.includes('/workflows/order-topics');
    const order = await paidOrder();
    const event = {
      id: randomUUID(),
      topic: 'order_paid',
      orderId: order.id,
      occurredAt: new Date().toISOString(),
      payload: { order },
    };
    const [a, b] = await Promise.all([post('order-topics', event), post('order-topics', event)]);
    const first = ok<OrderTopicResult>(a);
    expect(ok<OrderTopicResult>(b)).toEqual(first);
    expect(first).toMatchObject({ workflow: 'order-paid-fulfilment', refused: null });
    expect(first.result!.workflowId).toBe(event.id);
    expect((await boxesOf(order.id)).map((x) => x.fulfilmentId)).toEqual(
      first.result!.boxIds.map(() => first.result!.fulfilmentId),
    );
    expect(await shipmentsOf(order.id)).toHaveLength(1);

    const other = ok<OrderTopicResult>(
      await post('order-topics', { ...event, id: randomUUID(), topic: 'order_created' }),
    );
    expect(other).toMatchObject({ workflow: null, result: null, refused: null });

    // A refusal is an acknowledgement: the relay has nothing to retry.
    const unpaid = await unpaidOrder();
    const refused = ok<OrderTopicResult>(
      await post('order-topics', { ...event, id: randomUUID(), orderId: unpaid.id }),
    );
    expect(refused.refused).toMatchObject({ statusCode: 409 });

    // A cancelled order's order_updated deletes its unstarted fulfilment.
    const cancelled = ok<OrderTopicResult>(
      await post('order-topics', {
        ...event,
        id: randomUUID(),
        topic: 'order_updated',
        payload: { order: { ...order, metadata: { ...order.metadata, isCancelled: true } } },
      }),
    );
    expect(cancelled).toMatchObject({ workflow: 'delete-fulfilment' });
    expect(cancelled.result).toMatchObject({ outcome: 'deleted' });
    expect(await shipmentsOf(order.id)).toEqual([]);
    fail = undefined;
  });

  it('answers bad input with a 400, never a 500 (contract fuzzing)', async () => {
    fail = (url) => url.includes('/workflows/order-topics');
    const endpoints = Object.fromEntries(
      FULFILMENT_ENDPOINTS.map((n) => [n, orchestrationContract.endpoints[n]]),
    );
    expect(
      await fuzzContract(app, { ...orchestrationContract, endpoints }, serviceAuth, 20),
    ).toEqual([]);
    fail = undefined;
  }, 180_000);
});

describe('a courier delivery_completed event', () => {
  it('marks the order delivered (its shipment status) through the courier topic, once, however often it is reported', async () => {
    fail = (url) => url.includes('/workflows/order-topics');
    const order = await paidOrder();
    const made = ok<FulfilmentWorkflowResult>(
      await post('order-paid-fulfilment', { orderId: order.id }),
    );
    const shipment = (await shipmentsOf(order.id))[0]!;
    const event = {
      trackingId: shipment.trackingNumber,
      invoiceNumber: shipment.invoiceNumber,
      eventType: 'delivery_completed',
      payload: {
        tracking: shipment.trackingNumber,
        invoice: shipment.invoiceNumber,
        time: '2026-11-20T13:05:00+11:00',
        latitude: -37.8136,
        longitude: 144.9631,
        signed_by: 'Sam',
      },
    };
    const url = '/api/v1/couriers/becool/courier/events';
    // The order service down: the courier records the event all the same (it calls no one), and
    // its outbox holds the shipment_delivered topic until the order service takes it.
    fail = (u) => u.includes('/workflows/order-topics') || u.includes('/api/v1/courier-topics');
    const first = await callJson(services.courier!, 'POST', url, event);
    expect(first.statusCode, first.body).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await readOrder(order.id)).shipmentStatus).toBeNull();
    fail = (u) => u.includes('/workflows/order-topics');
    clock.advance(2_000); // the relay's first retry is a second after the failed attempt
    const again = await callJson(services.courier!, 'POST', url, event);
    expect(again.json()).toEqual(first.json());

    const now = await waitFor('the order marked delivered', async () => {
      const read = await readOrder(order.id);
      return read.shipmentStatus === 'delivered' ? read : undefined;
    });
    expect(now).toMatchObject({ shipmentId: made.shipmentId, shipmentStatus: 'delivered' });
    const events = ok<{ action: string; currentValue: unknown }[]>(
      await callJson(services.order!, 'GET', `/api/v1/orders/${order.id}/events`),
    );
    expect(
      events.filter((e) => JSON.stringify(e.currentValue ?? '').includes('delivered')),
    ).toHaveLength(1);
    expect((await shipmentsOf(order.id))[0]!.status).toBe('delivered');
    fail = undefined;
  });
});
