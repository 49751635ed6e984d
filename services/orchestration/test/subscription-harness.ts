import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { TestClock } from '@pawfresh/kit';
import type { Order } from '@pawfresh/contracts/order';
import type { Product } from '@pawfresh/contracts/product';
import type { Subscription } from '@pawfresh/contracts/subscription';
import { callJson, dayFromNow, planBoxBody, testDatabase } from '@pawfresh/testing';
import { courierService } from '@pawfresh/courier';
import { dogsService } from '@pawfresh/dogs';
import { orderService } from '@pawfresh/order';
import { pricingService } from '@pawfresh/pricing';
import { productService } from '@pawfresh/product';
import { subscriptionService } from '@pawfresh/subscription';
import { createDog, mealOf, seededCatalogue, workflowGraph, type Harness } from './harness.js';

/**
 * The orchestration service with every service the subscription changes call (product, pricing,
 * dogs, subscription, courier, order) on one fresh database. The clock is the real time: the
 * rule of docs/changes.md reads the time when it decides which orders are still open.
 * `down['order:write'] = true` makes one service refuse its writes (503) but answer its reads.
 */
export async function subscriptionHarness(): Promise<Harness> {
  const database = await testDatabase();
  const clock = new TestClock(new Date().toISOString());
  const down: Record<string, boolean> = {};
  const calls: Record<string, number> = {};
  const { app, services, graph } = await workflowGraph(
    {
      product: productService,
      pricing: pricingService,
      dogs: dogsService,
      courier: courierService,
      subscription: subscriptionService,
      order: orderService,
    },
    { database, clock },
    (routed) => async (url, init) => {
      const name = new URL(url).hostname.replace(/\.svc$/, '');
      calls[name] = (calls[name] ?? 0) + 1;
      const write = (init.method ?? 'GET') !== 'GET';
      if (down[name] || (write && down[`${name}:write`])) {
        return new Response('{"message":"down"}', { status: 503 });
      }
      return routed(url, init);
    },
  );
  const { meals, plans } = await seededCatalogue(services);
  return {
    database,
    clock,
    app,
    services,
    down,
    calls,
    meals,
    plans,
    allUp() {
      for (const name of Object.keys(down)) down[name] = false;
    },
    async close() {
      await graph.close();
      await database.close();
    },
  };
}

export interface Household {
  userId: string;
  dogId: string;
  subscription: Subscription;
  /** Index 0: past its cut-off (migrated history); 1: being made (queued); 2, 3: open. */
  orders: Order[];
}

/** An active treat of the seeded catalogue, an active variant of it. */
export async function treatVariant(h: Harness): Promise<{ productId: string; variantId: string }> {
  const res = await callJson(h.services.product!, 'GET', '/api/v1/products?type=treat');
  const treat = res
    .json<Product[]>()
    .find((p) => p.status === 'active' && p.variants.some((v) => v.status === 'active'))!;
  return {
    productId: treat.id,
    variantId: treat.variants.find((v) => v.status === 'active')!.id,
  };
}

/**
 * A household with one dog on a full bowl (300 g a day, turkey and kangaroo), active, fortnightly,
 * and four boxes from the plan: one past its cut-off, one being made, two open.
 */
export async function household(h: Harness): Promise<Household> {
  const userId = randomUUID();
  const turkey = mealOf(h, 'turkey');
  const kangaroo = mealOf(h, 'kangaroo');
  const dog = await createDog(h, userId, {}, [turkey.id, kangaroo.id]);
  const created = await callJson(h.services.subscription!, 'POST', '/subscriptions', {
    userId,
    status: 'active',
    cadenceInWeeks: 2,
    feedingPlans: [
      {
        animalId: dog.identifier,
        type: 'full_bowl',
        currentDailyServingSizeInGrams: 300,
        skus: [
          { productVariantId: turkey.variants[0]!.id, ratio: 0.5 },
          { productVariantId: kangaroo.variants[0]!.id, ratio: 0.5 },
        ],
      },
    ],
  });
  expect(created.statusCode, created.body).toBe(201);
  const subscription = created.json<Subscription>();
  const orders: Order[] = [];
  const schedule = [
    { days: 2, legacyOrderId: Math.floor(Math.random() * 1_000_000_000) + 1 },
    { days: 16 },
    { days: 30 },
    { days: 44 },
  ];
  for (const [index, box] of schedule.entries()) {
    const res = await callJson(h.services.order!, 'POST', '/api/v1/orders', {
      ...planBoxBody(subscription, dog.identifier, index, dayFromNow(box.days)),
      ...(box.legacyOrderId ? { legacyOrderId: box.legacyOrderId } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
    orders.push(res.json<Order>());
  }
  const queued = await callJson(
    h.services.order!,
    'PATCH',
    `/api/v1/orders/${orders[1]!.id}/fulfilment-status`,
    { fulfilmentStatus: 'queued' },
  );
  expect(queued.statusCode, queued.body).toBe(200);
  orders[1] = queued.json<Order>();
  return { userId, dogId: dog.identifier, subscription, orders };
}

export async function readSubscription(h: Harness, id: string): Promise<Subscription> {
  const res = await callJson(h.services.subscription!, 'GET', `/subscriptions/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Subscription>();
}

export async function readOrder(h: Harness, id: string): Promise<Order> {
  const res = await callJson(h.services.order!, 'GET', `/api/v1/orders/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Order>();
}
