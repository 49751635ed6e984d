import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { sql } from '@pawfresh/db/orm';
import type { DatabaseConnection } from '@pawfresh/db';
import { TestClock } from '@pawfresh/kit';
import {
  caller,
  householdSubscription,
  RICHMOND,
  serviceGraph,
  testDatabase,
} from '@pawfresh/testing';
import { courierService } from '@pawfresh/courier';
import { subscriptionService } from '@pawfresh/subscription';
import type { Order } from '@pawfresh/contracts/order';
import { orderService } from '../src/index.js';
import type { ServiceModule } from '@pawfresh/kit';

/**
 * The order service with the courier (depots and facilities) and the subscription service (the
 * subscriptions orders name) on one test database.
 */
export interface Harness {
  database: DatabaseConnection;
  clock: TestClock;
  app: FastifyInstance;
  courier: FastifyInstance;
  subscriptions: FastifyInstance;
  /** Every call the order service made to another service: `POST http://subscription.svc/…`. */
  calls: string[];
  call: ReturnType<typeof caller>;
  close(): Promise<void>;
}

/** Monday 2 November 2026, 8pm in Melbourne. */
export const NOW = '2026-11-02T09:00:00.000Z';

export async function harness(
  now = NOW,
  module: ServiceModule<DatabaseConnection> = orderService,
): Promise<Harness> {
  const database = await testDatabase();
  const clock = new TestClock(now);
  const calls: string[] = [];
  const graph = await serviceGraph(
    { courier: courierService, subscription: subscriptionService, order: module },
    {
      database,
      clock,
      fetchOf: {
        order: (routed) => (url, init) => {
          calls.push(`${init?.method ?? 'GET'} ${url}`);
          return routed(url, init);
        },
      },
    },
  );
  const {
    courier,
    subscription: subscriptions,
    order: app,
  } = graph.apps as Record<'courier' | 'subscription' | 'order', FastifyInstance>;
  return {
    database,
    clock,
    app,
    courier,
    subscriptions,
    calls,
    call: caller(app),
    async close() {
      await graph.close();
      await database.close();
    },
  };
}

export const melbourneAddress = RICHMOND;

export const mealItem = (price = 875, quantity = 7) => ({
  productId: randomUUID(),
  productVariantId: randomUUID(),
  animalId: randomUUID(),
  planType: 'full_bowl',
  price,
  quantity,
});

/** A new order's body: a Friday PM delivery in Melbourne, two meals. */
export const newOrder = (overrides: Record<string, unknown> = {}) => ({
  userId: randomUUID(),
  deliveryDate: '2026-11-20',
  expectedDeliverySlotId: 'PM',
  address: melbourneAddress,
  orderLineItems: [mealItem(875, 7), mealItem(1000, 7)],
  ...overrides,
});

/** A new customer's subscription, as an order body names it: `{ userId, subscriptionId }`. */
export const newSubscription = (h: Harness, userId?: string) =>
  householdSubscription(h.subscriptions, userId);

export async function createOrder(
  h: Harness,
  overrides: Record<string, unknown> = {},
): Promise<Order> {
  const res = await h.call('POST', '/api/v1/orders', newOrder(overrides));
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json<Order>();
}

/** Runs SQL as another process would: its own connection on PostgreSQL, raw SQL on PGlite. */
export async function elsewhere(h: Harness, query: string): Promise<void> {
  if (h.database.kind === 'pglite') {
    await h.database.forSchema({}).execute(sql.raw(query));
    return;
  }
  const client = new pg.Client({ connectionString: await h.database.wireUrl() });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * The answer a check wants, within 2 s (ADR 008): on PGlite the notification is heard before the
 * write returns (the first answer must show it); from another PostgreSQL connection it travels
 * first.
 */
export async function eventually<T>(
  h: Harness,
  read: () => Promise<T>,
  ok: (value: T) => boolean,
): Promise<T> {
  const until = Date.now() + 2_000;
  let value = await read();
  while (!ok(value) && h.database.kind === 'postgres' && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}
