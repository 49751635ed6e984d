/**
 * Order generation benchmark (docs/workflows.md): POST /workflows/generate-orders over many active
 * subscriptions through the real server (every service in one process; the active subscriptions
 * in batches on the bounded queue, each batch read as one lean keyset page, priced in one
 * get-prices call and created in one bulk order call), against one multi-row INSERT of the very
 * same order and line-item rows, in the same run on the same database. Prints both times, the
 * ratio, orders/s, the process's peak memory, and the run's live progress as it goes.
 *
 * The subscriptions are seeded in bulk (bench/generation-seeder.ts): copies of one real
 * checkout's subscription, each with its first order, written in multi-row INSERTs.
 *
 * On PostgreSQL with DATABASE_URL (a database of its own is made and dropped), else on the
 * embedded database in a temporary folder. Options: BENCH_SUBSCRIPTIONS (default 100000 on
 * PostgreSQL, 2000 embedded), GENERATE_ORDERS_CONCURRENCY (default 4).
 */
import os from 'node:os';
import pg from 'pg';
import pino from 'pino';
import { systemClock } from '@pawfresh/kit';
import type { CheckoutResult } from '@pawfresh/contracts/orchestration-checkout';
import type { GenerateOrdersResult } from '@pawfresh/contracts/orchestration-generate-orders';
import type { WorkflowRun } from '@pawfresh/contracts/orchestration';
import { buildServer, prepareDatabase, readConfig } from '../apps/server/src/index.js';
import { readyCart } from '../services/orchestration/test/server-cart.js';
import { seedSubscriptions } from './generation-seeder.js';
import { benchDatabase, originOf, positiveInt, round2 } from './lib.js';

const POSTGRES = !!process.env.DATABASE_URL;
const SUBSCRIPTIONS = positiveInt('BENCH_SUBSCRIPTIONS', POSTGRES ? 100_000 : 2000);
const CONCURRENCY = positiveInt('GENERATE_ORDERS_CONCURRENCY', 4);

async function main() {
  const db = await benchDatabase(process.env.DATABASE_URL, 'generate');
  const config = readConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    CUSTOMER_APP_DIR: '/nonexistent',
    GENERATE_ORDERS_CONCURRENCY: String(CONCURRENCY),
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
  const get = <T>(url: string) => request('GET', url).then((r) => json<T>(url, r));
  const api = { request, get, post } as unknown as Parameters<typeof readyCart>[0];
  const sql = new pg.Client({ connectionString: await connection.wireUrl() });
  await sql.connect();

  try {
    console.log(
      `generate-orders: ${os.cpus().length} CPUs, ${POSTGRES ? 'PostgreSQL' : 'embedded database'}, ${SUBSCRIPTIONS.toLocaleString('en-AU')} subscriptions, concurrency ${CONCURRENCY}`,
    );
    // The template: one real checkout (a half bowl and a treat, orders 0–5).
    const ready = await readyCart(api);
    const done = await post<CheckoutResult>('/svc/orchestration/workflows/checkout', ready.body);
    const template = done.subscriptions[0]!;

    // The seeder: copies of the template's subscription with their first order, in bulk.
    const seedStarted = performance.now();
    await seedSubscriptions(sql, template.id, SUBSCRIPTIONS - 1, 10_000, (n) =>
      process.stdout.write(`\rseeded ${n + 1} subscriptions`),
    );
    process.stdout.write('\n');
    console.log(`seeding: ${round2((performance.now() - seedStarted) / 1000)} s`);

    // The engine: every subscription's orders, 12 weeks ahead.
    const runStarted = Date.now();
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const workflowId = `bench-generate-${process.pid}`;
    // Started, not awaited (a long run outlasts an HTTP client's patience); then the run's live
    // progress is read through the runs route until it ends, and the same id answers its result.
    void request('POST', '/svc/orchestration/workflows/generate-orders', { workflowId }).catch(
      () => undefined,
    );
    for (;;) {
      await new Promise((r) => setTimeout(r, 1000));
      const res = await request('GET', `/svc/orchestration/workflows/runs/${workflowId}`);
      if (res.status !== 200) continue;
      const run = (await res.json()) as WorkflowRun;
      const p = run.generationProgress;
      if (p) {
        process.stdout.write(
          `\rbatches ${p.batchesDone}/${p.batches}, subscriptions ${p.subscriptionsDone}/${p.subscriptions}, orders ${p.ordersCreated}   `,
        );
      }
      if (run.status !== 'PENDING' && run.status !== 'ENQUEUED') break;
    }
    const engineMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuStarted);
    const cpuS = (cpu.user + cpu.system) / 1e6;
    process.stdout.write('\n');
    const result = await post<GenerateOrdersResult>(
      '/svc/orchestration/workflows/generate-orders',
      { workflowId },
    );
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
    if (result.ordersCreated !== orders) {
      throw new Error(`the run says ${result.ordersCreated} orders, the database holds ${orders}`);
    }
    console.log(
      `generate-orders: ${result.subscriptions} subscriptions, ${result.ordersCreated} orders (${orders} rows, ${rows[0]!.items} line items) in ${round2(engineMs / 1000)} s = ${round2(result.ordersCreated / (engineMs / 1000))} orders/s; one multi-row INSERT of the same rows ${round2(insertMs)} ms; ratio ${round2(engineMs / insertMs)} (engine / insert); the server process's CPU time in the run ${round2(cpuS)} s (${round2((cpuS * 1000) / result.ordersCreated)} ms an order); process peak memory ${round2(peakMb)} MB; load average ${os.loadavg().map(round2).join(' ')}`,
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
