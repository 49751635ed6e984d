import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Box } from '@pawfresh/contracts/fulfilment';
import type { Shipment } from '@pawfresh/contracts/courier';
import type { Order } from '@pawfresh/contracts/order';
import type { Product } from '@pawfresh/contracts/product';
import { fridayFromNow, JO_IN_RICHMOND } from '@pawfresh/testing';
import { serverSetup, stop, waitFor, type Server, type ServerSetup } from './server-setup.js';

/**
 * order-paid-fulfilment on the real server (a child process), started as in production: the
 * order service's outbox delivers order_paid to the orchestration service in the same process.
 * The process is killed with SIGKILL after each step of the run in turn and started again on the
 * same database: the order ends with exactly one fulfilment and one shipment, linked both ways.
 */
const STEP_DELAY_MS = 1500;

let setup: ServerSetup;
beforeAll(async () => {
  setup = await serverSetup({ WORKFLOW_STEP_DELAY_MS: String(STEP_DELAY_MS) });
}, 180_000);
afterAll(async () => setup?.close());

const get = async <T>(url: string): Promise<T> => {
  const res = await setup.request('GET', url);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

async function paidOrder(): Promise<Order> {
  const user = await setup.post<{ id: string }>('/svc/identity/identity/users', {
    email: `crash-fulfil-${randomUUID().slice(0, 8)}@example.com.au`,
    password: 'correct horse',
    firstName: 'Jo',
    lastName: 'Tester',
  });
  const meals = await get<Product[]>('/svc/product/api/v1/products?type=meal');
  const pouch = meals
    .flatMap((p) => p.variants)
    .find((v) => v.status === 'active' && v.dimension.weightGrams === 500)!;
  const order = await setup.post<Order>('/svc/order/api/v1/orders', {
    userId: user.id,
    deliveryDate: fridayFromNow(),
    expectedDeliverySlotId: 'PM',
    address: JO_IN_RICHMOND,
    orderLineItems: [
      {
        productId: pouch.productId,
        productVariantId: pouch.id,
        animalId: randomUUID(),
        planType: 'full_bowl',
        price: pouch.basePrice,
        quantity: 14,
      },
    ],
  });
  for (const paymentStatus of ['processing', 'processed']) {
    const res = await setup.request(
      'PATCH',
      `/svc/order/api/v1/orders/${order.id}/payment-status`,
      {
        paymentStatus,
        updatedBy: 'test',
      },
    );
    if (!res.ok) throw new Error(`payment status: ${res.status} ${await res.text()}`);
  }
  return order;
}

/** The id of the order's order_paid topic: the id of the workflow it starts. */
async function orderPaidEvent(orderId: string): Promise<string | undefined> {
  for (let offset = 0; ; offset += 100) {
    const page = await get<{ data: { id: string; topic: string; orderId: string }[] }>(
      `/svc/order/api/v1/outbox?offset=${offset}&limit=100`,
    );
    const found = page.data.find((m) => m.orderId === orderId && m.topic === 'order_paid');
    if (found) return found.id;
    if (page.data.length < 100) return undefined;
  }
}

/** Not pending: recovery re-queues a workflow (ENQUEUED) before it runs again. */
const finished = (status: string) => status !== 'PENDING' && status !== 'ENQUEUED';

describe('order-paid-fulfilment when its process is killed', () => {
  it('SIGKILL after each step in turn: one fulfilment, one shipment, linked', async () => {
    const servers: Server[] = [];
    const start = async () => {
      const server = setup.start();
      servers.push(server);
      await waitFor('the server to start', setup.healthy).catch((err: unknown) => {
        const tail = server.output.join('').split('\n').slice(-15).join('\n');
        throw new Error(`${String(err)}; its last output:\n${tail}`);
      });
    };
    try {
      await start();
      const order = await paidOrder();
      const id = await waitFor('the order_paid topic', () => orderPaidEvent(order.id));

      const killedAfter: string[] = [];
      let seen = 0;
      for (;;) {
        const run = await waitFor('the next step', async () => {
          const r = await setup.run(id);
          return r && (finished(r.status) || r.steps.length > seen) ? r : undefined;
        });
        if (finished(run.status)) break;
        await stop(servers.at(-1)!, 'SIGKILL');
        seen = run.steps.length;
        killedAfter.push(run.steps.at(-1)!.name);
        await start();
      }

      const run = (await setup.run(id))!;
      expect(run.status, JSON.stringify(run.error)).toBe('SUCCESS');
      const names = run.steps.map((s) => s.name);
      expect(names).toEqual([
        'read-order',
        'create-fulfilment',
        'book-shipment',
        'link-fulfilment-shipment',
        'link-order-shipment',
      ]);
      expect(killedAfter).toEqual(expect.arrayContaining(names.slice(0, -1)));
      expect(run.recoveryAttempts).toBeGreaterThanOrEqual(killedAfter.length);

      const boxes = await get<Box[]>(`/svc/fulfilment/api/v1/boxes/by-Order/${order.id}`);
      expect(boxes.length).toBeGreaterThan(0);
      expect(new Set(boxes.map((b) => b.fulfilmentId)).size).toBe(1);
      const shipments = await get<{ data: Shipment[] }>(
        `/svc/courier/api/v1/couriers/becool/shipments/search?orderId=${order.id}`,
      );
      expect(shipments.data).toHaveLength(1);
      const fulfilment = await get<{ shipmentId: string }>(
        `/svc/fulfilment/api/v1/fulfilments/${boxes[0]!.fulfilmentId}`,
      );
      expect(fulfilment.shipmentId).toBe(shipments.data[0]!.id);
      const now = await get<Order>(`/svc/order/api/v1/orders/${order.id}`);
      expect(now.shipmentId).toBe(shipments.data[0]!.id);
    } finally {
      for (const s of servers) await stop(s, 'SIGTERM');
    }
  }, 900_000);
});
