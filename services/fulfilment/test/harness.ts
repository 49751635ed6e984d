import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DatabaseConnection } from '@pawfresh/db';
import { TestClock } from '@pawfresh/kit';
import { callJson, caller, RICHMOND, serviceGraph, testDatabase } from '@pawfresh/testing';
import { courierService } from '@pawfresh/courier';
import { orderServiceWith } from '@pawfresh/order';
import { productService } from '@pawfresh/product';
import type { Order } from '@pawfresh/contracts/order';
import type { Product } from '@pawfresh/contracts/product';
import { fulfilmentService } from '../src/index.js';

/** The fulfilment service with the order, product and courier services on one test database. */
export interface Harness {
  database: DatabaseConnection;
  clock: TestClock;
  app: FastifyInstance;
  order: FastifyInstance;
  product: FastifyInstance;
  courier: FastifyInstance;
  call: ReturnType<typeof caller>;
  callOrder: ReturnType<typeof caller>;
  meals: Product[];
  extras: Product[];
  close(): Promise<void>;
}

/** Monday 2 November 2026, 8pm in Melbourne. */
export const NOW = '2026-11-02T09:00:00.000Z';

export async function harness(now = NOW): Promise<Harness> {
  const database = await testDatabase();
  const clock = new TestClock(now);
  const graph = await serviceGraph(
    {
      courier: courierService,
      product: productService,
      order: orderServiceWith({ relayEveryMs: 0, subscribers: [] }),
      fulfilment: fulfilmentService,
    },
    { database, clock },
  );
  const {
    courier,
    product,
    order,
    fulfilment: app,
  } = graph.apps as Record<'courier' | 'product' | 'order' | 'fulfilment', FastifyInstance>;
  await callJson(product, 'POST', '/api/v1/products/reset-by-seed-script', {});
  const products = (await callJson(product, 'GET', '/api/v1/products')).json<Product[]>();
  return {
    database,
    clock,
    app,
    order,
    product,
    courier,
    call: caller(app),
    callOrder: caller(order),
    meals: products.filter((p) => p.type === 'meal'),
    extras: products.filter((p) => p.type === 'treat' || p.type === 'supplement'),
    async close() {
      await graph.close();
      await database.close();
    },
  };
}

export const melbourneAddress = RICHMOND;

/** A line item of `pouches` pouches of a meal's variant of `grams` (500 g by default). */
export function mealLine(h: Harness, pouches: number, grams = 500, meal = 0) {
  const product = h.meals[meal]!;
  const variant = product.variants.find((v) => v.dimension.weightGrams === grams)!;
  return {
    productId: product.id,
    productVariantId: variant.id,
    animalId: randomUUID(),
    planType: 'full_bowl',
    price: 900,
    quantity: pouches,
  };
}

export function extraLine(h: Harness, quantity = 1, which = 0) {
  const product = h.extras[which]!;
  return {
    productId: product.id,
    productVariantId: product.variants[0]!.id,
    price: 1495,
    quantity,
    oneOff: true,
  };
}

/** A paid order for Friday 20 November (PM) in Melbourne: made on Thursday 19th. */
export async function paidOrder(
  h: Harness,
  orderLineItems: unknown[],
  overrides: Record<string, unknown> = {},
): Promise<Order> {
  const res = await h.callOrder('POST', '/api/v1/orders', {
    userId: randomUUID(),
    deliveryDate: '2026-11-20',
    expectedDeliverySlotId: 'PM',
    address: melbourneAddress,
    orderLineItems,
    ...overrides,
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  const order = res.json<Order>();
  for (const paymentStatus of ['processing', 'processed']) {
    const paid = await h.callOrder('PATCH', `/api/v1/orders/${order.id}/payment-status`, {
      paymentStatus,
    });
    if (paid.statusCode !== 200) throw new Error(`payment failed: ${paid.body}`);
  }
  return (await h.callOrder('GET', `/api/v1/orders/${order.id}`)).json<Order>();
}

export interface Created {
  created: number;
  existing: number;
  fulfilments: { fulfilmentId: string; orderId: string; boxIds: string[]; jobIds: string[] }[];
}

export async function fulfil(h: Harness, orderIds: string[], facilityId = 1): Promise<Created> {
  const res = await h.call('POST', `/api/v1/fulfilments/facilities/${facilityId}`, { orderIds });
  if (res.statusCode !== 201) throw new Error(`fulfil failed: ${res.statusCode} ${res.body}`);
  return res.json<Created>();
}
