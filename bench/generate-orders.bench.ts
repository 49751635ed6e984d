/**
 * Order generation benchmark (docs/workflows.md): POST /workflows/generate-orders over many active
 * subscriptions through the real server (every service in one process, each subscription a child
 * workflow on the bounded queue, each order priced by pricing and made by the order service),
 * against one multi-row INSERT of the very same order and line-item rows, in the same run on the
 * same database. Prints both times, the ratio, orders/s and this process's peak memory.
 *
 * Needs DATABASE_URL (PostgreSQL): a database of its own is made and dropped.
 * Options: BENCH_SUBSCRIPTIONS (default 100000; seeding goes through the services' APIs, a few
 * requests per subscription, so a smaller count is the practical choice on a small machine),
 * BENCH_SEED_CONCURRENCY (default 8).
 */
import os from 'node:os';
import pg from 'pg';
import pino from 'pino';
import { systemClock } from '@pawfresh/kit';
import type { CheckoutResult } from '@pawfresh/contracts/orchestration-checkout';
import type { GenerateOrdersResult } from '@pawfresh/contracts/orchestration-generate-orders';
import type { Order } from '@pawfresh/contracts/order';
import { buildServer, prepareDatabase, readConfig } from '../apps/server/src/index.js';
import { readyCart } from '../services/orchestration/test/server-cart.js';
import { benchDatabase, originOf, positiveInt, round2 } from './lib.js';

const SUBSCRIPTIONS = positiveInt('BENCH_SUBSCRIPTIONS', 100_000);
const SEED_CONCURRENCY = positiveInt('BENCH_SEED_CONCURRENCY', 8);

async function main() {
  if (!process.env.DATABASE_URL) {
    console.log('generate-orders: set DATABASE_URL (PostgreSQL) to run it');
    return;
  }
  const db = await benchDatabase(process.env.DATABASE_URL, 'generate');
  const config = readConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    CUSTOMER_APP_DIR: '/nonexistent',
    GENERATE_ORDERS_CONCURRENCY: '8',
    ...db.env,
  });
  const connection = await prepareDatabase(config, systemClock, pino({ level: 'silent' }));
  const app = await buildServer({ config, database: connection });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = originOf(app);
  const headers = {
    'content-type': 'application/json',
    authorization: `Bearer ${config.serviceToken}`,
  };
  const request = (method: string, url: string, body?: unknown) =>
    fetch(`${origin}${url}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const json = async <T>(url: string, res: Response, status = 200) => {
    if (res.status !== status && !(status === 200 && res.status === 201)) {
      throw new Error(`${url}: ${res.status} ${await res.text()}`);
    }
    return (await res.json()) as T;
  };
  const post = <T>(url: string, body: unknown) =>
    request('POST', url, body).then((r) => json<T>(url, r));
  const api = {
    request,
    get: <T>(url: string) => request('GET', url).then((r) => json<T>(url, r)),
    post,
  } as unknown as Parameters<typeof readyCart>[0];
  const sql = new pg.Client({ connectionString: db.env.DATABASE_URL });
  await sql.connect();

  try {
    console.log(
      `generate-orders: ${os.cpus().length} CPUs, ${SUBSCRIPTIONS.toLocaleString('en-AU')} subscriptions`,
    );
    // The template: one real checkout (a half bowl and a treat, orders 0–5).
    const ready = await readyCart(api);
    const done = await post<CheckoutResult>('/svc/orchestration/workflows/checkout', ready.body);
    const template = done.subscriptions[0]!;
    const first: Order = done.orders[0]!;
    const plan = template.feedingPlans[0]!;
    const anchorDate = first.deliveryDate;

    // The seeder: per subscription a dog, an active subscription with the template's plan, and
    // its first order (index 0), through the services' APIs, a few at a time.
    const seedStarted = performance.now();
    let next = 1;
    const seedOne = async () => {
      const userId = crypto.randomUUID();
      const dog = await post<{ identifier: string }>('/svc/dogs/dogs', {
        userId,
        dog: { name: 'Bench', weight: '8.5', isNeutered: true, activityLevel: 'loves_to_play' },
        mealProductIds: [],
      });
      const sub = await post<{ id: string }>('/svc/subscription/subscriptions', {
        userId,
        status: 'active',
        cadenceInWeeks: 2,
        preferredDeliverySlotId: 'PM',
        feedingPlans: [
          {
            animalId: dog.identifier,
            type: plan.type,
            currentDailyServingSizeInGrams: plan.currentDailyServingSizeInGrams,
            skus: plan.skus.map((s) => ({ productVariantId: s.productVariantId, ratio: s.ratio })),
          },
        ],
      });
      await post('/svc/order/api/v1/orders', {
        userId,
        subscriptionId: sub.id,
        subscriptionOrderIndex: 0,
        deliveryDate: anchorDate,
        expectedDeliverySlotId: 'PM',
        address: {
          firstName: 'Bench',
          lastName: 'Customer',
          address1: '1 Bench Street',
          suburb: 'Richmond',
          state: 'VIC',
          postcode: '3121',
        },
        orderLineItems: first.orderLineItems
          .filter((l) => l.animalId !== null)
          .map((l) => ({
            animalId: dog.identifier,
            productId: l.productId,
            productVariantId: l.productVariantId,
            planType: l.planType,
            price: l.price,
            quantity: l.quantity,
          })),
        createdBy: 'bench',
      });
    };
    const worker = async () => {
      while (next < SUBSCRIPTIONS) {
        next++;
        await seedOne();
        if (next % 100 === 0) process.stdout.write(`\rseeded ${next} subscriptions`);
      }
    };
    await Promise.all(Array.from({ length: SEED_CONCURRENCY }, worker));
    process.stdout.write('\n');
    console.log(`seeding: ${round2((performance.now() - seedStarted) / 1000)} s`);

    // The engine: every subscription's orders, 12 weeks ahead.
    const runStarted = Date.now();
    const started = performance.now();
    const result = await post<GenerateOrdersResult>(
      '/svc/orchestration/workflows/generate-orders',
      {},
    );
    const engineMs = performance.now() - started;
    if (result.failed.length > 0)
      throw new Error(`failed: ${JSON.stringify(result.failed.slice(0, 3))}`);

    // The baseline: the same rows, in one multi-row INSERT each (orders, then their line items).
    const made = `created_at >= to_timestamp(${runStarted / 1000}) and subscription_order_index > 0`;
    await sql.query(`create temp table bench_orders as select * from "order".orders where ${made}`);
    await sql.query(
      `create temp table bench_items as select l.* from "order".line_items l join bench_orders o on o.id = l.order_id`,
    );
    const { rows } = await sql.query<{ orders: string; items: string }>(
      `select (select count(*) from bench_orders) as orders, (select count(*) from bench_items) as items`,
    );
    const orders = Number(rows[0]!.orders);
    await sql.query(`delete from "order".orders where id in (select id from bench_orders)`);
    const insertStarted = performance.now();
    await sql.query('begin');
    await sql.query(
      `insert into "order".orders overriding system value select * from bench_orders`,
    );
    await sql.query(
      `insert into "order".line_items overriding system value select * from bench_items`,
    );
    await sql.query('commit');
    const insertMs = performance.now() - insertStarted;

    const peakMb = process.resourceUsage().maxRSS / 1024;
    console.log(
      `generate-orders: ${result.subscriptions} subscriptions, ${result.ordersCreated} orders (${orders} rows, ${rows[0]!.items} line items) in ${round2(engineMs / 1000)} s = ${round2(result.ordersCreated / (engineMs / 1000))} orders/s; one multi-row INSERT of the same rows ${round2(insertMs)} ms; ratio ${round2(engineMs / insertMs)} (engine / insert); process peak memory ${round2(peakMb)} MB`,
    );
  } finally {
    await sql.end();
    await app.close();
    await connection.close();
    await db.drop();
  }
}

main().catch((err: unknown) => {
  console.error('benchmark failed:', err);
  process.exit(1);
});
