/**
 * The back office's search and customer 360 (issue 31, docs/staff.md "Performance"), on
 * PostgreSQL only (DATABASE_URL): BENCH_CUSTOMERS customers (200,000) in identity and
 * BENCH_ORDERS orders (1,000,000, `orders-seeder.ts`: 50 a customer for the first 20,000) written
 * by multi-row INSERTs into a database of its own, then, each at BENCH_CONNECTIONS connections
 * (10) for BENCH_DURATION seconds (5):
 *
 * - `GET /api/staff/v1/search?q=…` through the real server (every service in one process, a
 *   support member of staff's token) for each kind of text a person types — an e-mail's start, a
 *   name, a phone number, an order number — against **the same queries run directly**: the
 *   lookups the search makes for that text (its own `searchKinds` rule), with the very store
 *   functions the services run (identity's `searchUsers` and user by id, order's page and JSON
 *   statements, courier's `searchShipments`), at once, on a pool of as many connections: no HTTP,
 *   no service calls, no JSON;
 * - `GET /api/staff/v1/customers/{id}/overview` (the 360, one round trip from the app) for a
 *   customer with 50 orders, against the same answer from a bare Fastify route (the bench's usual
 *   ceiling: the HTTP stack alone);
 * - `GET /api/staff/v1/dashboard` (the home page's numbers, issue 32) against the same four counts
 *   run directly by the services' stat stores, at once.
 *
 * Customer ids follow the orders seeder's scheme (`…-8000-<u in hex>`), so its orders are theirs.
 * BENCH_KEEP_DATABASE=1 keeps the seeded database (named after the counts) for the next run.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { orderContract } from '@pawfresh/contracts/order';
import { connect } from '@pawfresh/db';
import { findUserById, searchUsers } from '../services/identity/src/db/users-store.js';
import { schema as identitySchema } from '../services/identity/src/db/schema.js';
import { phoneForms, startsWithPattern } from '../services/identity/src/rules/user-search.js';
import { listOrderPageRefs, orderJsonRows } from '../services/order/src/db/order-list-store.js';
import { schema as orderSchema } from '../services/order/src/db/schema.js';
import { searchShipments } from '../services/courier/src/db/shipment-store.js';
import { schema as courierSchema } from '../services/courier/src/db/schema.js';
import { MAX_SEARCH_RESULTS } from '../services/staff/src/flows/search.js';
import { dashboardPeriods } from '../services/staff/src/rules/dashboard-periods.js';
import { newCustomers } from '../services/identity/src/db/stats-store.js';
import { boxesByFacility } from '../services/order/src/db/stats-store.js';
import { paymentStats } from '../services/payment/src/db/stats-store.js';
import { schema as paymentSchema } from '../services/payment/src/db/schema.js';
import { subscriptionStats } from '../services/subscription/src/db/stats-store.js';
import { schema as subscriptionSchema } from '../services/subscription/src/db/schema.js';
import { searchKinds } from '../services/staff/src/rules/search-text.js';
import {
  checkRun,
  originOf,
  positiveInt,
  round2,
  showRatio,
  startRealServer,
  signedInToken,
} from './lib.js';
import { BENCH_USER_ID, seedOrders } from './orders-seeder.js';

const duration = positiveInt('BENCH_DURATION', 5);
const connections = positiveInt('BENCH_CONNECTIONS', 10);
const CUSTOMERS = positiveInt('BENCH_CUSTOMERS', 200_000);
const ORDERS = positiveInt('BENCH_ORDERS', 1_000_000);
const KEEP_DATABASE = process.env.BENCH_KEEP_DATABASE === '1';
const SEARCH = '/api/staff/v1/search';

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

/**
 * `CUSTOMERS` customers with names from two lists of 40 (so a name's start matches many, as in
 * life), a unique e-mail and phone number each, signed up evenly over the last three years (so
 * "new customers this week" counts a week's, not everyone), in batches of 50,000.
 */
async function seedCustomers(client: pg.Client): Promise<void> {
  const first = `(array['Olivia','Jack','Charlotte','Noah','Amelia','William','Isla','Oliver','Mia','Leo','Ava','Henry','Grace','Lucas','Chloe','Thomas','Ella','James','Zoe','Harrison','Matilda','Hudson','Ivy','Charlie','Sophie','Max','Ruby','Archie','Sienna','Lachlan','Willow','Cooper','Harper','Ethan','Evie','Mason','Frankie','Hunter','Poppy','Ryan'])`;
  const last = `(array['Smith','Jones','Williams','Brown','Wilson','Taylor','Johnson','White','Martin','Anderson','Thompson','Nguyen','Thomas','Walker','Harris','Lee','Ryan','Robinson','Kelly','King','Davis','Wright','Evans','Roberts','Green','Hall','Wood','Jackson','Clarke','Patel','Khan','Lewis','James','Phillips','Mitchell','Campbell','Murphy','Young','Scott','Tran'])`;
  for (let from = 0; from < CUSTOMERS; from += 50_000) {
    const to = Math.min(CUSTOMERS, from + 50_000) - 1;
    await client.query(`
      insert into identity.users (id, email, password_hash, first_name, last_name, phone_number,
        role, created_at, updated_at)
      select ('00000000-0000-4000-8000-' || lpad(to_hex(u), 12, '0'))::uuid,
        'customer' || u || '@bench.example.com.au', 'x',
        ${first}[1 + u % 40], ${last}[1 + (u / 40) % 40], '04' || lpad((10000000 + u)::text, 8, '0'),
        'customer', now() - (u % 1096) * interval '1 day', now() - (u % 1096) * interval '1 day'
      from generate_series(${from}, ${to}) as u`);
    process.stdout.write(
      `\rseeded ${(to + 1).toLocaleString('en-AU')} of ${CUSTOMERS.toLocaleString('en-AU')} customers`,
    );
  }
  await client.query('vacuum analyze identity.users');
  console.log();
}

/** p50, p99 and requests a second of `run` called back to back on `connections` loops at once. */
async function directly(run: () => Promise<unknown>) {
  const measureFor = async (seconds: number) => {
    const latencies: number[] = [];
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < until) {
          const started = performance.now();
          await run();
          latencies.push(performance.now() - started);
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const at = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)]!;
    return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99) };
  };
  await measureFor(2);
  return measureFor(duration);
}

/** autocannon against `url` (2 s of warm-up first), in a worker thread of its own. */
async function overHttp(url: string, headers: Record<string, string>) {
  const options = { url, headers, connections, workers: 1 };
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration });
  checkRun(url, result);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const show = (t: { rps: number; p50: number; p99: number }) =>
  `${Math.round(t.rps)} req/s p50 ${round2(t.p50)} ms p99 ${round2(t.p99)} ms`;

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.log('staff search: set DATABASE_URL (PostgreSQL) to run it');
    return;
  }
  console.log(
    `staff search and 360: ${os.cpus().length} CPUs, ${connections} connections, ${duration} s per run; load average ${load()}`,
  );
  const name = KEEP_DATABASE
    ? `pawfresh_bench_staff_kept_${CUSTOMERS}_${ORDERS}`
    : `pawfresh_bench_staff_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const note = await admin.query<{ note: string | null }>(
    `select shobj_description(oid, 'pg_database') as note from pg_database where datname = $1`,
    [name],
  );
  const kept = KEEP_DATABASE && note.rows[0]?.note === 'seeded';
  if (!kept) {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const server = await startRealServer({ databaseUrl: url.toString() });
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const direct = await connect({ databaseUrl: url.toString(), maxConnections: connections });
  const baseline = Fastify();
  try {
    if (kept) {
      console.log(`reusing the kept database ${name}`);
    } else {
      const started = Date.now();
      await seedCustomers(client);
      await seedOrders(client, ORDERS, 50_000, (n) =>
        process.stdout.write(
          `\rseeded ${n.toLocaleString('en-AU')} of ${ORDERS.toLocaleString('en-AU')} orders`,
        ),
      );
      console.log(` (${Math.round((Date.now() - started) / 1000)} s with VACUUM ANALYZE)`);
      if (KEEP_DATABASE) await admin.query(`comment on database "${name}" is 'seeded'`);
    }

    // A support member of staff's token (the search and the 360 need customers:read).
    const staffId = '00000000-0000-4000-8000-ffffffffffff';
    const token = await signedInToken(server, staffId, 'support');
    const headers = { authorization: `Bearer ${token}` };
    const origin = originOf(server.app);
    const identityDb = direct.forSchema(identitySchema);
    const orderDb = direct.forSchema(orderSchema);
    const { rows } = await client.query<{ n: number }>(
      'select order_number::int as n from "order"."orders" order by order_number offset $1 limit 1',
      [Math.floor(ORDERS / 2)],
    );
    const orderNumber = rows[0]!.n;
    const courierDb = direct.forSchema(courierSchema);
    /**
     * The lookups the staff search makes for `q` (its own searchKinds rule decides which), run
     * at once as it runs them: people in identity, the order by number (its page, its JSON, its
     * customer), shipments by tracking and by invoice number.
     */
    const sameQueries = (q: string) => async () => {
      const kinds = searchKinds(q);
      const lookups: Promise<unknown>[] = [];
      if (kinds.orderNumber !== null) {
        const query = orderContract.endpoints.listOrders.query.parse({
          orderNumber: String(kinds.orderNumber),
          limit: '1',
        });
        lookups.push(
          listOrderPageRefs(orderDb, query).then(async (page) => {
            await orderJsonRows(
              orderDb,
              page.rows.map((r) => r.id),
            );
            return page.rows[0] && findUserById(identityDb, page.rows[0].userId);
          }),
        );
      }
      if (kinds.shipmentNumber !== null) {
        lookups.push(searchShipments(courierDb, { trackingNumber: kinds.shipmentNumber }));
        lookups.push(searchShipments(courierDb, { invoiceNumber: kinds.shipmentNumber }));
      }
      if (kinds.people !== null) {
        const text = kinds.people;
        lookups.push(
          searchUsers(
            identityDb,
            { prefix: startsWithPattern(text), phones: phoneForms(text) ?? [] },
            MAX_SEARCH_RESULTS,
          ),
        );
      }
      await Promise.all(lookups);
    };
    const cases = [
      { name: "an e-mail's start", q: `customer${Math.floor(CUSTOMERS / 3)}@bench` },
      { name: 'a name (first and last)', q: 'Olivia Smith' },
      { name: "a surname's start", q: 'Ngu' },
      { name: 'a phone number', q: `04${10000000 + Math.floor(CUSTOMERS / 2)}` },
      { name: 'an order number', q: String(orderNumber) },
    ];
    for (const c of cases) {
      const target = `${origin}${SEARCH}?q=${encodeURIComponent(c.q)}`;
      const first = await fetch(target, { headers });
      const body = await first.text();
      if (first.status !== 200) throw new Error(`search ${c.name}: ${first.status} ${body}`);
      const found = (JSON.parse(body) as { data: unknown[] }).data.length;
      if (found === 0) throw new Error(`search ${c.name} (${c.q}) found no one`);
      // Alternating which goes first would need rounds; the direct run goes first, then HTTP.
      const base = await directly(sameQueries(c.q));
      const real = await overHttp(target, headers);
      console.log(
        `search by ${c.name} (${JSON.stringify(c.q)}, ${found} found): real ${show(real)}; the same queries directly ${show(base)}; p99 ratio ${showRatio(real.p99 / base.p99)}, throughput ratio ${showRatio(real.rps / base.rps)}; load ${load()}`,
      );
    }

    // The 360 of a customer with orders (the orders seeder's own customer).
    const overview = `${origin}/api/staff/v1/customers/${BENCH_USER_ID}/overview`;
    const first = await fetch(overview, { headers });
    const answer = await first.text();
    if (first.status !== 200) throw new Error(`customer 360: ${first.status} ${answer}`);
    baseline.get('/overview', async (_req, reply) => reply.type('application/json').send(answer));
    await baseline.listen({ port: 0, host: '127.0.0.1' });
    const base = await overHttp(`${originOf(baseline)}/overview`, headers);
    const real = await overHttp(overview, headers);
    console.log(
      `customer 360 (${answer.length} bytes): real ${show(real)}; bare Fastify with the same answer ${show(base)}; throughput ratio ${showRatio(real.rps / base.rps)}; load ${load()}`,
    );

    // The home page's numbers (issue 32): the staff route, which asks four services at once,
    // against the same four counts run directly by their stores, at once, on the pool.
    const dashboard = `${origin}/api/staff/v1/dashboard`;
    const dashboardFirst = await fetch(dashboard, { headers });
    const dashboardAnswer = await dashboardFirst.text();
    if (dashboardFirst.status !== 200) {
      throw new Error(`dashboard: ${dashboardFirst.status} ${dashboardAnswer}`);
    }
    const subscriptionDb = direct.forSchema(subscriptionSchema);
    const paymentDb = direct.forSchema(paymentSchema);
    const sameCounts = async () => {
      const { week, last30Days } = dashboardPeriods(new Date());
      const weekFrom = new Date(week.fromInstant);
      const weekTo = new Date(week.toInstant);
      await Promise.all([
        subscriptionStats(subscriptionDb, new Date(last30Days.from), new Date(last30Days.to)),
        boxesByFacility(orderDb, week.from, week.to),
        paymentStats(paymentDb, weekFrom, weekTo),
        newCustomers(identityDb, weekFrom, weekTo),
      ]);
    };
    const countsBase = await directly(sameCounts);
    const countsReal = await overHttp(dashboard, headers);
    console.log(
      `home dashboard (${dashboardAnswer.length} bytes): real ${show(countsReal)}; the same counts directly ${show(countsBase)}; p99 ratio ${showRatio(countsReal.p99 / countsBase.p99)}, throughput ratio ${showRatio(countsReal.rps / countsBase.rps)}; load ${load()}`,
    );
  } finally {
    await baseline.close();
    await direct.close();
    await client.end();
    await server.close();
    if (!KEEP_DATABASE) await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

main().catch((err: unknown) => {
  console.error('benchmark failed:', err);
  process.exit(1);
});
