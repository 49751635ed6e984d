/**
 * Orders benchmark (docs/orders.md "Performance"):
 *
 * 1. The customer's `GET /api/v1/orders` for a household with two years of fortnightly orders,
 *    through the real server (every service in one process), against a bare Fastify route
 *    answering the same JSON from memory, side by side in one run.
 * 2. With DATABASE_URL (PostgreSQL): 1,000,000 orders seeded by multi-row INSERTs into a database
 *    of its own, then the staff list by userId, by billingDate + timezone and by status + billing
 *    range + timezone through the real server, with the first lines of each query's EXPLAIN plan.
 *
 * Options: BENCH_DURATION seconds per run (default 5), BENCH_CONNECTIONS (default 10),
 * BENCH_ORDERS (default 1000000).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { signAccessToken, systemClock } from '@pawfresh/kit';
import { buildServer, prepareDatabase, readConfig } from '../apps/server/src/index.js';
import { checkRun, originOf, positiveInt, showRatio } from './lib.js';

const duration = positiveInt('BENCH_DURATION', 5);
const connections = positiveInt('BENCH_CONNECTIONS', 10);
const ORDERS = positiveInt('BENCH_ORDERS', 1_000_000);
const ORDER_API = '/svc/order/api/v1';

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function measure(url: string, headers: Record<string, string>) {
  const options = { url, headers, connections };
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
      { userId, role: 'customer', sessionId: randomUUID() },
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
      `customer GET /api/v1/orders (${lists.pastOrders!.length} past, ${lists.currentOrders!.length} current, ${lists.futureOrders!.length} future; ${answer.length} bytes): real ${Math.round(real.rps)} req/s p99 ${real.p99} ms; baseline ${Math.round(base.rps)} req/s p99 ${base.p99} ms; ratio ${showRatio(real.rps / base.rps)}`,
    );
  } finally {
    await baseline.close();
    await server.close();
  }
}

const ADDRESS = JSON.stringify({
  addressId: '00000000-0000-4000-8000-000000000000',
  firstName: 'Bench',
  lastName: 'Customer',
  address1: '1 Bench Street',
  address2: null,
  suburb: 'Richmond',
  city: null,
  state: 'VIC',
  postcode: '3121',
  countryCode: 'AU',
  companyName: null,
  timezone: 'Australia/Melbourne',
});

/** 1,000,000 orders over 5,000 customers, two years of billing dates and five depots. */
async function seedMillion(client: pg.Client) {
  const batch = 100_000;
  const zones = `(array['Australia/Melbourne','Australia/Sydney','Australia/Brisbane','Australia/Perth','Australia/Adelaide'])`;
  const depots = `(array['MEL','SYD','BNE','PER','ADL'])`;
  for (let from = 1; from <= ORDERS; from += batch) {
    const to = Math.min(ORDERS, from + batch - 1);
    await client.query(`
      insert into "order"."orders" (id, user_id, billing_cutoff_date, billing_date, cutoff_at, make_date,
        delivery_date, timezone, total_price, total_charge, payment_status, expected_delivery_slot_id,
        address, depot_code, facility_id, created_at, updated_at)
      select gen_random_uuid(),
        ('00000000-0000-4000-8000-' || lpad(to_hex(i % 5000), 12, '0'))::uuid,
        d - 1, d, (d - 1)::timestamp + interval '6 hours', d + 2, d + 3,
        ${zones}[1 + i % 5], 30000, 28000,
        (array['pending','processing','attempt_failed','processed','expired'])[1 + (i / 7) % 5]::"order"."payment_status",
        'AM', '${ADDRESS}'::jsonb,
        ${depots}[1 + i % 5], 1 + i % 2, now(), now()
      from generate_series(${from}, ${to}) as i,
        lateral (select date '2025-01-01' + (i % 730) as d) as dates`);
    process.stdout.write(
      `\rseeded ${to.toLocaleString('en-AU')} of ${ORDERS.toLocaleString('en-AU')} orders`,
    );
  }
  process.stdout.write('\n');
  await client.query('analyze "order"."orders"');
}

async function staffLists(serverUrl: string) {
  const name = `pawfresh_bench_orders_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const server = await start(url.toString());
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await seedMillion(client);
    const userId = '00000000-0000-4000-8000-000000000abc';
    const cases = [
      { name: 'by userId', qs: `userId=${userId}` },
      { name: 'by billingDate + timezone', qs: 'billingDate=2025-06-01&timezone=Australia/Sydney' },
      {
        name: 'by status + billing range + timezone',
        qs: 'status=pending&billingDateRangeStart=2025-06-01&billingDateRangeEnd=2025-06-07&timezone=Australia/Sydney',
      },
    ];
    // The shape of the service's page query (listOrderPage): children as JSON, the total as a
    // window count, by order number.
    const page = (where: string) =>
      `select o.*,
        coalesce((select json_agg(to_jsonb(li) order by li.seq) from "order"."line_items" li where li.order_id = o.id), '[]'::json),
        coalesce((select json_agg(to_jsonb(d) order by d.seq) from "order"."order_discounts" d where d.order_id = o.id), '[]'::json),
        count(*) over ()
      from "order"."orders" o where ${where} order by o.order_number limit 100`;
    const plans = [
      page(`user_id = '${userId}'`),
      page(`timezone = 'Australia/Sydney' and billing_date = '2025-06-01'`),
      page(
        `payment_status = 'pending' and timezone = 'Australia/Sydney' and billing_date between '2025-06-01' and '2025-06-07'`,
      ),
    ];
    for (const [i, c] of cases.entries()) {
      const result = await measure(
        `${originOf(server.app)}${ORDER_API}/orders?${c.qs}`,
        server.service,
      );
      const plan = await client.query(`explain ${plans[i]}`);
      const lines = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).slice(0, 8);
      console.log(
        `staff list ${c.name}: ${Math.round(result.rps)} req/s p99 ${result.p99} ms\n  ${lines.join('\n  ')}`,
      );
    }
  } finally {
    await client.end();
    await server.close();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

async function main() {
  console.log(
    `orders: ${os.cpus().length} CPUs, ${connections} connections, ${duration} s per run`,
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
