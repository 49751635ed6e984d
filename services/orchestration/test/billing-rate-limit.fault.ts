import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Order } from '@pawfresh/contracts/order';
import { client, CrashServers, freePort, stop, waitFor, type Server } from './crash-server.js';
import { differences, readBooks } from './payment-books.js';
import { customersWithBoxes } from './server-box.js';

/**
 * The billing run on several processes sharing one PostgreSQL database, through the billing
 * queue's rate limit (PAYMENT_RATE_LIMIT_PER_SECOND), against the sandbox enforcing a limit of
 * its own (SANDBOX_RATE_LIMIT_PER_SECOND, answering 429 as Stripe does):
 * - the same limit on both sides: every order charged exactly once, the provider's books equal
 *   ours, the work shared by the processes; the rate achieved and the provider's 429s are
 *   reported (measurements, not asserted: bench/billing-rate.bench.ts measures them);
 * - the queue above the provider's limit: the provider refuses some, they are asked again with the
 *   same key, and every order is still charged exactly once.
 * In the fault suite (`npm run test:faults`): several whole server processes want the machine's
 * cores to themselves, and its PostgreSQL server is the suite's own.
 */
let api: CrashServers;
let sql: pg.Client;

interface Batch {
  date: string;
  orders: Order[];
  userIds: string[];
}
const batches: Batch[] = [];

const seed = (customers: number, boxes: number, weeks: number) =>
  customersWithBoxes(api, customers, boxes, weeks);

beforeAll(async () => {
  api = await CrashServers.create({ WORKFLOW_STEP_DELAY_MS: '0' });
  sql = new pg.Client({ connectionString: api.env.DATABASE_URL });
  await sql.connect();
  // Seeded without any limit (saving a card calls the provider too), then stopped.
  await api.started();
  batches.push(await seed(20, 10, 3), await seed(10, 4, 5));
  await api.stopAll();
}, 900_000);
afterAll(async () => {
  await sql?.end();
  await api?.close();
});

/** The sandbox's counts of requests let through and refused (429), reads and writes together. */
async function sandboxCounts(): Promise<{ admitted: number; rejected: number }> {
  const { rows } = await sql.query<{ admitted: string | null; rejected: string | null }>(
    'select sum(admitted) as admitted, sum(rejected) as rejected from payment.sandbox_rate_limits',
  );
  return { admitted: Number(rows[0]!.admitted ?? 0), rejected: Number(rows[0]!.rejected ?? 0) };
}

/** `n` processes with these limits, each with its own executor id. */
async function processes(n: number, limits: { queue: number; sandbox: number }) {
  const started: Server[] = [];
  for (let i = 0; i < n; i++) {
    started.push(
      await api.started(
        {
          WORKFLOW_EXECUTOR_ID: `billing-${randomUUID().slice(0, 6)}-${i}`,
          PAYMENT_RATE_LIMIT_PER_SECOND: String(limits.queue),
          SANDBOX_RATE_LIMIT_PER_SECOND: String(limits.sandbox),
        },
        await freePort(),
      ),
    );
  }
  return started;
}

/** Runs the day's billing on the first process and waits for the run to end (by its state). */
async function billingRun(servers: Server[], batch: Batch) {
  const workflowId = `rate-limit-run-${randomUUID()}`;
  const on = client(() => servers[0]!.base);
  void on
    .request('POST', '/svc/orchestration/workflows/charge-due-orders', {
      date: batch.date,
      workflowId,
    })
    .catch(() => undefined);
  const run = await waitFor(
    'the billing run to end',
    async () => {
      const r = await on.run(workflowId);
      return r && r.status !== 'PENDING' && r.status !== 'ENQUEUED' ? r : undefined;
    },
    600_000,
  );
  expect(run.status, JSON.stringify(run.error)).toBe('SUCCESS');
  return workflowId;
}

/** Every order of the batch charged exactly once: ours and the provider's books agree. */
async function chargedOnce(batch: Batch) {
  const db = await api.open();
  const books = await readBooks(db, batch.userIds);
  expect(differences(books)).toEqual([]);
  const ids = batch.orders.map((o) => o.id).sort();
  expect(books.payments.map((p) => p.reference_id).sort()).toEqual(ids);
  expect(books.payments.every((p) => p.status === 'processed')).toBe(true);
  expect(books.intents).toHaveLength(ids.length);
  expect(books.intents.every((i) => i.status === 'succeeded')).toBe(true);
  const { rows } = await sql.query<{ payment_status: string }>(
    'select payment_status from "order".orders where id = any($1::uuid[])',
    [ids],
  );
  expect(rows.map((r) => r.payment_status)).toEqual(ids.map(() => 'processed'));
  // One bill-order and one charge-order per order.
  const runs = await sql.query<{ name: string; n: string }>(
    `select name, count(*) as n from orchestration.workflow_status
      where workflow_uuid like any($1::text[]) group by name`,
    [ids.flatMap((id) => [`bill-order:${id}:${batch.date}`, `charge-order:${id}:%`])],
  );
  expect(Object.fromEntries(runs.rows.map((r) => [r.name, Number(r.n)]))).toEqual({
    'bill-order': ids.length,
    'charge-order': ids.length,
  });
}

/** The charges' rate at the provider: intents made per second from the first to the last. */
async function achievedRate(batch: Batch): Promise<number> {
  const { rows } = await sql.query<{ n: string; seconds: number }>(
    `select count(*) as n,
            extract(epoch from max(i.created_at) - min(i.created_at))::float8 as seconds
       from payment.sandbox_payment_intents i
       join payment.customers c on c.provider_customer_id = i.customer_id
      where c.user_id = any($1::uuid[])`,
    [batch.userIds],
  );
  const n = Number(rows[0]!.n);
  return (n - 1) / Math.max(rows[0]!.seconds, 0.001);
}

describe('the billing run on several processes, at the provider rate limit', () => {
  it('charges every order once at the limit, and reports the rate and any 429', async () => {
    const limit = 10;
    const batch = batches[0]!;
    const servers = await processes(4, { queue: limit, sandbox: limit });
    try {
      const before = await sandboxCounts();
      await billingRun(servers, batch);
      const after = await sandboxCounts();
      // Reported, not asserted: DBOS starts a second's budget at once, and the charges of one
      // burst reach the provider spread by the machine's load, so a loaded machine can bunch
      // more than a second's worth into the provider's bucket (seen: 0, then 20 of 200).
      const refused = after.rejected - before.rejected;
      expect(after.admitted - before.admitted).toBeGreaterThanOrEqual(batch.orders.length);
      await chargedOnce(batch);
      // The queue shared the work: bill-order runs ran on more than one process.
      const { rows } = await sql.query<{ executor_id: string }>(
        `select distinct executor_id from orchestration.workflow_status
          where name = 'bill-order' and workflow_uuid like $1`,
        [`bill-order:%:${batch.date}`],
      );
      expect(rows.length).toBeGreaterThanOrEqual(2);
      const rate = await achievedRate(batch);
      // Reported, not asserted: a rate depends on the machine (bench/billing-rate.bench.ts).
      process.stdout.write(
        `billing at the limit: ${batch.orders.length} charges on 4 processes, ${rate.toFixed(1)}/s of ${limit}/s (${((100 * rate) / limit).toFixed(0)} %), ${refused} refused (429)` +
          '\n',
      );
    } finally {
      for (const s of servers) await stop(s, 'SIGTERM');
    }
  }, 900_000);

  it('asks again after the provider refuses (429) and still charges every order once', async () => {
    const batch = batches[1]!;
    const servers = await processes(3, { queue: 10, sandbox: 4 });
    try {
      const before = await sandboxCounts();
      await billingRun(servers, batch);
      const after = await sandboxCounts();
      // Refused, then let through on a later try with the same key.
      expect(after.rejected - before.rejected).toBeGreaterThan(0);
      await chargedOnce(batch);
      // The refusals reached the payment service's callers as 503 rate_limited and were retried.
      const busy = servers
        .flatMap((s) => s.output.join('').split('\n'))
        .filter((line) => line.includes('"statusCode":503') && line.includes('/payments"'));
      expect(busy.length).toBeGreaterThan(0);
    } finally {
      for (const s of servers) await stop(s, 'SIGTERM');
    }
  }, 900_000);
});
