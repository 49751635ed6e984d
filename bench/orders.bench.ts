/**
 * Orders benchmark (docs/orders.md "Performance"):
 *
 * 1. The customer's `GET /api/v1/orders` for a household with two years of fortnightly orders,
 *    through the real server (every service in one process), against a bare Fastify route
 *    answering the same JSON from memory, side by side in one run.
 * 2. With DATABASE_URL (PostgreSQL): 1,000,000 orders with their line items and discounts seeded
 *    by multi-row INSERTs into a database of its own (`orders-seeder.ts`), then the staff list by
 *    userId, by billingDate + timezone and by status + billing range + timezone through the real
 *    server, each against a bare Fastify route answering the same JSON, with the first lines of
 *    the EXPLAIN (ANALYZE, BUFFERS) of the very statements the route runs (`listStatementsBound`:
 *    the page's, on every page not kept, and the orders' JSON, for the orders not kept in memory).
 *
 * Options: BENCH_DURATION seconds per run (default 5), BENCH_CONNECTIONS (default 10),
 * BENCH_ORDERS (default 1000000), BENCH_KEEP_DATABASE=1 (the seeded database is kept, named after
 * BENCH_ORDERS, and reused by the next run with the same count instead of seeding again),
 * BENCH_WRITES (default 0): writes a second to random orders from another connection while each
 * staff list is measured (`writer`).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { orderContract } from '@pawfresh/contracts/order';
import { connect } from '@pawfresh/db';
import { signAccessToken, systemClock } from '@pawfresh/kit';
import { startTestSession } from '@pawfresh/identity';
import { buildServer, prepareDatabase, readConfig } from '../apps/server/src/index.js';
import { listStatementsBound } from '../services/order/src/db/order-list-store.js';
import { schema as orderSchema } from '../services/order/src/db/schema.js';
import { checkRun, nonNegativeInt, originOf, positiveInt, showRatio } from './lib.js';
import { BENCH_USER_ID, seedOrders } from './orders-seeder.js';

const duration = positiveInt('BENCH_DURATION', 5);
const connections = positiveInt('BENCH_CONNECTIONS', 10);
const ORDERS = positiveInt('BENCH_ORDERS', 1_000_000);
const KEEP_DATABASE = process.env.BENCH_KEEP_DATABASE === '1';
const WRITES = nonNegativeInt('BENCH_WRITES', 0);
const ORDER_API = '/svc/order/api/v1';

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * autocannon in a worker thread of its own (`workers: 1`), for the baseline and the real server
 * alike: reading a 200 KB answer on the measured server's event loop queued behind the server's
 * own work, and the server's behind it (bench/README.md "orders").
 */
async function measure(url: string, headers: Record<string, string>) {
  const options = { url, headers, connections, workers: 1 };
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration });
  checkRun(url, result);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function start(databaseUrl: string | undefined) {
  const dataDir = databaseUrl
    ? undefined
    : await mkdtemp(path.join(os.tmpdir(), 'pawfresh-bench-'));
  const config = readConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    CUSTOMER_APP_DIR: '/nonexistent',
    ...(dataDir ? { DATA_DIR: dataDir } : { DATABASE_URL: databaseUrl }),
  });
  const database = await prepareDatabase(config, systemClock, pino({ level: 'silent' }));
  const app = await buildServer({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const service = {
    'content-type': 'application/json',
    authorization: `Bearer ${config.serviceToken}`,
  };
  return {
    app,
    config,
    service,
    database,
    async close() {
      await app.close();
      await database.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Two years of fortnightly boxes (paid and delivered) and twelve weeks ahead, for one customer. */
async function household(app: FastifyInstance, headers: Record<string, string>) {
  const userId = randomUUID();
  const item = { productId: randomUUID(), animalId: randomUUID(), planType: 'full_bowl' };
  for (let n = -52; n <= 6; n++) {
    const res = await fetch(`${originOf(app)}${ORDER_API}/orders`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        userId,
        deliveryDate: day(14 + n * 14),
        expectedDeliverySlotId: 'PM',
        depotCode: 'MEL',
        facilityId: 1,
        address: {
          firstName: 'Bench',
          lastName: 'Household',
          address1: '1 Bench Street',
          suburb: 'Richmond',
          state: 'VIC',
          postcode: '3121',
        },
        orderLineItems: [
          { ...item, price: 875, quantity: 14 },
          { ...item, price: 1018, quantity: 14 },
          { productId: randomUUID(), extraId: randomUUID(), price: 1495, quantity: 1 },
        ],
        ...(n < 1 ? { legacyOrderId: 1_000_000 + n + 100 } : {}),
      }),
    });
    if (res.status !== 201)
      throw new Error(`seeding the household: ${res.status} ${await res.text()}`);
    const { id } = (await res.json()) as { id: string };
    if (n < 0) {
      for (const paymentStatus of ['processing', 'processed']) {
        await fetch(`${originOf(app)}${ORDER_API}/orders/${id}/payment-status`, {
          method: 'PATCH',
          headers,
          body: JSON.stringify({ paymentStatus }),
        });
      }
      await fetch(`${originOf(app)}${ORDER_API}/orders/${id}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ shipmentStatus: 'delivered' }),
      });
    }
  }
  return userId;
}

async function customerOrders(databaseUrl: string | undefined) {
  const server = await start(databaseUrl);
  const baseline = Fastify();
  try {
    const userId = await household(server.app, server.service);
    const { token } = await signAccessToken(
      {
        userId,
        role: 'customer',
        sessionId: await startTestSession(
          server.database,
          { userId, role: 'customer' },
          new Date(),
        ),
      },
      server.config.accessTokenSecret,
      { now: new Date(), ttlSeconds: 3600 },
    );
    const headers = { authorization: `Bearer ${token}` };
    const url = `${originOf(server.app)}/api/v1/orders`;
    const res = await fetch(url, { headers });
    if (res.status !== 200) throw new Error(`customer orders: ${res.status} ${await res.text()}`);
    const answer = await res.text();
    const lists = JSON.parse(answer) as Record<string, unknown[]>;
    baseline.get('/api/v1/orders', async (_req, reply) =>
      reply.type('application/json').send(answer),
    );
    await baseline.listen({ port: 0, host: '127.0.0.1' });
    const base = await measure(`${originOf(baseline)}/api/v1/orders`, headers);
    const real = await measure(url, headers);
    console.log(
      `customer GET /api/v1/orders (${lists.pastOrders!.length} past, ${lists.currentOrders!.length} current, ${lists.futureOrders!.length} future; ${answer.length} bytes): real ${Math.round(real.rps)} req/s p99 ${real.p99} ms; baseline ${Math.round(base.rps)} req/s p99 ${base.p99} ms; ratio ${showRatio(real.rps / base.rps)}; load ${load()}`,
    );
  } finally {
    await baseline.close();
    await server.close();
  }
}

/**
 * Writes from another connection, as another process would, `WRITES` a second: each rewrites one
 * random order as it is (`cart_note = cart_note`), which bumps its customer's revision and
 * notifies like any write (ADR 008), so every staff page the server keeps is dropped, while the
 * kept database stays as seeded.
 */
async function writer(client: pg.Client) {
  if (WRITES === 0) return { stop: async () => 0 };
  const { rows } = await client.query<{ lo: number; hi: number }>(
    'select min(order_number)::int as lo, max(order_number)::int as hi from "order"."orders"',
  );
  const { lo, hi } = rows[0]!;
  let writes = 0;
  let pending: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (pending) return;
    const n = lo + Math.floor(Math.random() * (hi - lo + 1));
    pending = client
      .query('update "order"."orders" set cart_note = cart_note where order_number = $1', [n])
      .then(() => (writes += 1))
      .finally(() => (pending = undefined));
  }, 1000 / WRITES);
  return {
    async stop() {
      clearInterval(timer);
      await pending;
      return writes;
    },
  };
}

/** The first lines of a plan: its nodes (no conditions), then the totals. */
function planSummary(lines: string[]): string[] {
  const nodes = lines.filter((l) => /^\s*(->\s+)?[A-Z][A-Za-z ]+( {2}\(| on | using )/.test(l));
  const totals = lines.filter((l) => /^(Planning|Execution) Time/.test(l));
  const buffers = lines.find((l) => /^\s*Buffers:/.test(l));
  return [
    ...nodes.slice(0, 14).map((l) => l.replace(/\s+\(cost=[^)]*\)/, '')),
    ...(buffers ? [`total ${buffers.trim()}`] : []),
    ...totals,
  ];
}

async function staffLists(serverUrl: string) {
  const name = KEEP_DATABASE
    ? `pawfresh_bench_orders_kept_${ORDERS}`
    : `pawfresh_bench_orders_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const existing = await admin.query('select 1 from pg_database where datname = $1', [name]);
  // A kept database is reused only when its seeding finished (marked by a comment on it).
  const kept =
    KEEP_DATABASE &&
    existing.rowCount === 1 &&
    (
      await admin.query(
        `select shobj_description(oid, 'pg_database') as note
        from pg_database where datname = $1`,
        [name],
      )
    ).rows[0]?.note === 'seeded';
  if (!kept) {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const server = await start(url.toString());
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const explainer = await connect({ databaseUrl: url.toString(), maxConnections: 1 });
  const baseline = Fastify();
  const answers = new Map<string, string>();
  baseline.get('/orders/:case', async (req, reply) =>
    reply.type('application/json').send(answers.get((req.params as { case: string }).case)),
  );
  try {
    if (kept) {
      console.log(`reusing the kept database ${name} (${ORDERS.toLocaleString('en-AU')} orders)`);
    } else {
      const started = Date.now();
      await seedOrders(client, ORDERS, 50_000, (n) =>
        process.stdout.write(
          `\rseeded ${n.toLocaleString('en-AU')} of ${ORDERS.toLocaleString('en-AU')} orders`,
        ),
      );
      console.log(` (${Math.round((Date.now() - started) / 1000)} s, then VACUUM ANALYZE)`);
      if (KEEP_DATABASE) await admin.query(`comment on database "${name}" is 'seeded'`);
    }
    await baseline.listen({ port: 0, host: '127.0.0.1' });
    const cases = [
      { name: 'by userId', qs: `userId=${BENCH_USER_ID}` },
      { name: 'by billingDate + timezone', qs: 'billingDate=2025-06-01&timezone=Australia/Sydney' },
      {
        name: 'by status + billing range + timezone',
        qs: 'status=pending&billingDateRangeStart=2025-06-01&billingDateRangeEnd=2025-06-07&timezone=Australia/Sydney',
      },
    ];
    const db = explainer.forSchema(orderSchema);
    for (const [i, c] of cases.entries()) {
      const url = `${originOf(server.app)}${ORDER_API}/orders?${c.qs}`;
      const res = await fetch(url, { headers: server.service });
      const answer = await res.text();
      if (res.status !== 200) throw new Error(`staff list ${c.name}: ${res.status} ${answer}`);
      const {
        data: items,
        meta: { total },
      } = JSON.parse(answer) as { data: unknown[]; meta: { total: number } };
      answers.set(String(i), answer);
      const base = await measure(`${originOf(baseline)}/orders/${i}`, server.service);
      const writes = await writer(client);
      const real = await measure(url, server.service);
      const written = await writes.stop();
      // The very statements the route runs, with their parameters.
      const query = orderContract.endpoints.listOrders.query.parse(
        Object.fromEntries(new URLSearchParams(c.qs)),
      );
      const explain = async ({ sql, params }: { sql: string; params: unknown[] }) => {
        const plan = await client.query(`explain (analyze, buffers) ${sql}`, params);
        return planSummary(plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']!));
      };
      // The orders' JSON, read for those not kept in memory (all of them on a cold page).
      const ids = (items as { id: string }[]).map((o) => o.id);
      const statements = listStatementsBound(db, query, ids);
      const pagePlan = await explain(statements.page);
      const jsonPlan = await explain(statements.json);
      console.log(
        `staff list ${c.name} (${items.length} of ${total} orders, ${answer.length} bytes): real ${Math.round(real.rps)} req/s p99 ${real.p99} ms; baseline ${Math.round(base.rps)} req/s p99 ${base.p99} ms; ratio ${showRatio(real.rps / base.rps)}${WRITES ? `; ${written} writes meanwhile` : ''}; load ${load()}\n  page (every page not kept):\n    ${pagePlan.join('\n    ')}\n  the orders' JSON (those not kept):\n    ${jsonPlan.join('\n    ')}`,
      );
    }
  } finally {
    await baseline.close();
    await explainer.close();
    await client.end();
    await server.close();
    if (!KEEP_DATABASE) await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

async function main() {
  console.log(
    `orders: ${os.cpus().length} CPUs, ${connections} connections, ${duration} s per run; load average ${load()}`,
  );
  // The household lives in a throwaway embedded database, whatever DATABASE_URL says.
  await customerOrders(undefined);
  if (process.env.DATABASE_URL) await staffLists(process.env.DATABASE_URL);
  else console.log('staff lists over 1,000,000 orders: set DATABASE_URL (PostgreSQL) to run them');
}

main().catch((err: unknown) => {
  console.error('benchmark failed:', err);
  process.exit(1);
});
