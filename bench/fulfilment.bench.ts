/**
 * Fulfilment benchmark (docs/fulfilment.md "Performance"), on PostgreSQL (DATABASE_URL):
 *
 * 1. 10,000 paid orders of one facility and make date (seeded by multi-row INSERTs into the order
 *    service's tables), fulfilled by one `POST /fulfilments/facilities/1` through the real server
 *    (orders read from the order service, the catalogue from the product service, packed, written
 *    by the store). Against it, in the same run: the same rows (fulfilments, boxes, box items,
 *    jobs) inserted into a copy of the tables with one INSERT per table.
 * 2. The pick list of that day, as CSV and as PDF (median of 5).
 *
 * Options: BENCH_FULFILMENT_ORDERS (default 10000).
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { median, originOf, positiveInt, round2, startRealServer } from './lib.js';
import { BENCH_ADDRESS } from './orders-seeder.js';

const ORDERS = positiveInt('BENCH_FULFILMENT_ORDERS', 10_000);
const API = '/svc/fulfilment/api/v1';
const MAKE_DATE = '2026-12-03';
const TABLES = ['fulfilments', 'boxes', 'box_items', 'jobs'] as const;

/** Paid orders made on MAKE_DATE in facility 1: three meals (two pouch sizes) and a treat each. */
async function seedOrders(client: pg.Client): Promise<string[]> {
  const meals = await client.query<{ product_id: string; id: string }>(`
    select v.product_id, v.id from product.variants v join product.products p on p.id = v.product_id
    where p.type = 'meal' and v.weight_grams in (300, 500, 600) order by p.product_code, v.weight_grams limit 12`);
  const treats = await client.query<{ product_id: string; id: string }>(`
    select v.product_id, v.id from product.variants v join product.products p on p.id = v.product_id
    where p.type = 'treat' order by p.product_code limit 3`);
  if (meals.rowCount! < 3 || treats.rowCount! < 1) throw new Error('the catalogue is not seeded');
  const ids = Array.from({ length: ORDERS }, () => randomUUID());
  await client.query(
    `insert into "order"."orders" (id, user_id, billing_cutoff_date, billing_date, cutoff_at, make_date,
       delivery_date, timezone, total_price, total_charge, payment_status, expected_delivery_slot_id,
       address, depot_code, facility_id, created_at, updated_at)
     select id, gen_random_uuid(), date '2026-11-30', date '2026-12-01', timestamptz '2026-11-30 06:00Z',
       date '${MAKE_DATE}', date '2026-12-04', 'Australia/Melbourne', 30000, 28000, 'processed', 'PM',
       $2::jsonb, 'MEL', 1, now(), now()
     from unnest($1::uuid[]) as id`,
    [ids, BENCH_ADDRESS],
  );
  const lines: unknown[][] = [[], [], [], []];
  ids.forEach((orderId, i) => {
    const picks = [
      meals.rows[i % meals.rowCount!]!,
      meals.rows[(i + 5) % meals.rowCount!]!,
      meals.rows[(i + 7) % meals.rowCount!]!,
      treats.rows[i % treats.rowCount!]!,
    ];
    const quantities = [7 + (i % 8), 7, 14 - (i % 5), 1 + (i % 2)];
    for (const [n, pick] of picks.entries()) {
      lines[0]!.push(randomUUID());
      lines[1]!.push(orderId);
      lines[2]!.push(pick.product_id);
      lines[3]!.push([pick.id, quantities[n]]);
    }
  });
  await client.query(
    `insert into "order"."line_items" (id, order_id, product_id, product_variant_id, price, quantity)
     select l.id, l.order_id, l.product_id, (l.v->>0)::uuid, 900, (l.v->>1)::int
     from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::jsonb[]) as l(id, order_id, product_id, v)`,
    [lines[0], lines[1], lines[2], lines[3]!.map((v) => JSON.stringify(v))],
  );
  await client.query('analyze "order"."orders"; analyze "order"."line_items"');
  return ids;
}

/** The same rows again, into a copy of the tables: one INSERT per table (rows as one JSON array). */
async function baselineInsert(
  client: pg.Client,
): Promise<{ ms: number; rows: Record<string, number> }> {
  await client.query('drop schema if exists bench_copy cascade; create schema bench_copy');
  const data: Record<string, string> = {};
  const rows: Record<string, number> = {};
  for (const table of TABLES) {
    await client.query(
      `create table bench_copy.${table} (like fulfilment.${table} including defaults including constraints including indexes)`,
    );
    const res = await client.query<{ j: unknown[] }>(
      `select coalesce(json_agg(t), '[]') as j from fulfilment.${table} t`,
    );
    data[table] = JSON.stringify(res.rows[0]!.j);
    rows[table] = res.rows[0]!.j.length;
  }
  // The copies check the same references the originals do.
  await client.query(`
    alter table bench_copy.boxes
      add foreign key (fulfilment_id) references bench_copy.fulfilments (id);
    alter table bench_copy.box_items add foreign key (box_id) references bench_copy.boxes (id);
    alter table bench_copy.jobs add foreign key (fulfilment_id) references bench_copy.fulfilments (id),
      add foreign key (box_id) references bench_copy.boxes (id)`);
  const started = performance.now();
  await client.query('begin');
  for (const table of TABLES) {
    await client.query(
      `insert into bench_copy.${table} select * from json_populate_recordset(null::bench_copy.${table}, $1::json)`,
      [data[table]],
    );
  }
  await client.query('commit');
  const ms = performance.now() - started;
  await client.query('drop schema bench_copy cascade');
  return { ms, rows };
}

async function timed(url: string, headers: Record<string, string>) {
  const started = performance.now();
  const res = await fetch(url, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.toString()}`);
  return { ms: performance.now() - started, bytes: body.length };
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  console.log(`fulfilment: ${os.cpus().length} CPUs, ${ORDERS.toLocaleString('en-AU')} orders`);
  if (!serverUrl) {
    console.log('fulfilment benchmark: set DATABASE_URL (PostgreSQL) to run it');
    return;
  }
  const name = `pawfresh_bench_fulfilment_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // The real server on the benchmark's own database.
  process.env.DATABASE_URL = url.toString();
  const server = await startRealServer().finally(() => {
    process.env.DATABASE_URL = serverUrl;
  });
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const ids = await seedOrders(client);
    const base = `${originOf(server.app)}${API}`;
    const started = performance.now();
    const res = await fetch(`${base}/fulfilments/facilities/1`, {
      method: 'POST',
      headers: server.serviceHeaders,
      body: JSON.stringify({ orderIds: ids }),
    });
    const body = await res.text();
    const fulfilMs = performance.now() - started;
    if (res.status !== 201) throw new Error(`fulfil: ${res.status} ${body.slice(0, 500)}`);
    const baseline = await baselineInsert(client);
    const rowCounts = Object.entries(baseline.rows)
      .map(([t, n]) => `${n.toLocaleString('en-AU')} ${t}`)
      .join(', ');
    console.log(
      `fulfil ${ORDERS.toLocaleString('en-AU')} orders (${rowCounts}): ${Math.round(fulfilMs)} ms; the same rows with one INSERT per table: ${Math.round(baseline.ms)} ms; ratio ${round2(fulfilMs / baseline.ms)} (target within 3)`,
    );

    for (const format of ['csv', 'pdf'] as const) {
      const runs = [];
      for (let i = 0; i < 5; i++) {
        runs.push(
          await timed(
            `${base}/facilities/1/pick-list?makeDate=${MAKE_DATE}&format=${format}`,
            server.serviceHeaders,
          ),
        );
      }
      console.log(
        `pick list ${format} for ${MAKE_DATE} (${runs[0]!.bytes.toLocaleString('en-AU')} bytes): median ${Math.round(median(runs.map((r) => r.ms)))} ms (target < 1000)`,
      );
    }
    // As the service runs it (pickListRows): in a transaction with 32 MB of work memory.
    await client.query(`begin; set local work_mem = '32MB'`);
    const plan = await client.query(`explain analyze
      select type, sku, weight, category, sum(quantity), count(*) from (
        select i.box_id, i.type, i.sku, i.weight, i.category, sum(i.quantity) as quantity
        from fulfilment.box_items i join fulfilment.jobs j on j.box_id = i.box_id
        join fulfilment.fulfilments f on f.id = j.fulfilment_id
        where f.facility_id = 1 and f.make_date = '${MAKE_DATE}' and j.status <> 'cancelled'
        group by i.box_id, i.type, i.sku, i.weight, i.category) per_box
      group by type, sku, weight, category`);
    await client.query('commit');
    const lines = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']);
    console.log(`pick list query plan:\n  ${lines.slice(0, 14).join('\n  ')}`);
  } finally {
    await client.end();
    await server.close();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

main().catch((err: unknown) => {
  console.error('benchmark failed:', err);
  process.exit(1);
});
