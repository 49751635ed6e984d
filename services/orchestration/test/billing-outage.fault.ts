import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Order } from '@pawfresh/contracts/order';
import { client, CrashServers, freePort, stop, waitFor, type Server } from './crash-server.js';
import { differences, readBooks } from './payment-books.js';
import { customersWithBoxes } from './server-box.js';

/**
 * Issue 30's fault (e): the card provider down for 30 s in the middle of a billing run on 2
 * processes, paced at 10 charges a second. For its first 15 s every call is refused before anything
 * is done (Stripe's 500); for the next 15 s every call is done and its answer lost (a timeout after
 * the provider acted), the worse of the two. The sandbox's outage switch is a row of its own
 * (`payment.sandbox_outages`, docs/payments.md), shared by both processes as the provider is.
 * Afterwards: the run ends SUCCESS, every order is paid within 2 minutes of its end, and the
 * provider's books equal ours (each order charged exactly once, no hold left).
 */
const CUSTOMERS = 30;
const BOXES = 5;
const HALF_OUTAGE_SECONDS = 15;

let api: CrashServers;
let sql: pg.Client;
let batch: { date: string; orders: Order[]; userIds: string[] };

beforeAll(async () => {
  api = await CrashServers.create({ WORKFLOW_STEP_DELAY_MS: '0' });
  sql = new pg.Client({ connectionString: api.env.DATABASE_URL });
  await sql.connect();
  await api.started();
  batch = await customersWithBoxes(api, CUSTOMERS, BOXES, 3);
  await api.stopAll();
}, 600_000);
afterAll(async () => {
  await sql?.end();
  await api?.close();
});

/** Puts the sandbox into an outage for `seconds` from now, on the database's clock. */
async function outage(mode: 'error' | 'timeout', seconds: number, delayMs = 0): Promise<void> {
  await sql.query(
    `insert into payment.sandbox_outages (id, mode, until, delay_ms)
     values ('provider', $1, statement_timestamp() + $2 * interval '1 second', $3)
     on conflict (id) do update set mode = excluded.mode, until = excluded.until,
       delay_ms = excluded.delay_ms`,
    [mode, seconds, delayMs],
  );
}

const databaseNow = async () =>
  (await sql.query<{ now: Date }>('select statement_timestamp() as now')).rows[0]!.now;

const paidCount = async (ids: string[]) =>
  Number(
    (
      await sql.query<{ n: string }>(
        `select count(*) as n from "order".orders
          where id = any($1::uuid[]) and payment_status = 'processed'`,
        [ids],
      )
    ).rows[0]!.n,
  );

describe('the billing run while the card provider is down for 30 seconds', () => {
  it('asks again with the same key until the provider answers, and charges each order once', async () => {
    const servers: Server[] = [];
    for (const name of ['outage-a', 'outage-b']) {
      servers.push(
        await api.started(
          { WORKFLOW_EXECUTOR_ID: name, PAYMENT_RATE_LIMIT_PER_SECOND: '10' },
          await freePort(),
        ),
      );
    }
    const on = client(() => servers[0]!.base);
    const ids = batch.orders.map((o) => o.id).sort();
    const workflowId = `outage-${randomUUID()}`;
    try {
      void on
        .request('POST', '/svc/orchestration/workflows/charge-due-orders', {
          date: batch.date,
          workflowId,
        })
        .catch(() => undefined);
      // The outage begins once the run is charging: a few orders paid.
      await waitFor(
        'the first charges',
        async () => ((await paidCount(ids)) >= 5 ? true : undefined),
        120_000,
      );
      const paidBefore = await paidCount(ids);
      await outage('error', HALF_OUTAGE_SECONDS);
      await new Promise((resolve) => setTimeout(resolve, HALF_OUTAGE_SECONDS * 1_000));
      const lossBegan = await databaseNow();
      await outage('timeout', HALF_OUTAGE_SECONDS, 1_000);
      await new Promise((resolve) => setTimeout(resolve, HALF_OUTAGE_SECONDS * 1_000));
      const paidDuring = (await paidCount(ids)) - paidBefore;
      // The provider did charge while its answers were lost: the case that must not charge twice.
      const chargedUnanswered = Number(
        (
          await sql.query<{ n: string }>(
            `select count(*) as n from payment.sandbox_payment_intents
              where created_at between $1 and $1::timestamptz + $2 * interval '1 second'`,
            [lossBegan, HALF_OUTAGE_SECONDS],
          )
        ).rows[0]!.n,
      );
      expect(
        chargedUnanswered,
        'charges the provider took while its answers were lost',
      ).toBeGreaterThan(0);

      const run = await waitFor(
        'the billing run to end',
        async () => {
          const r = await on.run(workflowId).catch(() => undefined);
          return r && r.status !== 'PENDING' && r.status !== 'ENQUEUED' ? r : undefined;
        },
        600_000,
      );
      expect(run.status, JSON.stringify(run.error)).toBe('SUCCESS');
      await waitFor(
        'every order paid',
        async () => ((await paidCount(ids)) === ids.length ? true : undefined),
        120_000,
      );
      const books = await readBooks(await api.open(), batch.userIds);
      expect(differences(books)).toEqual([]);
      expect(books.payments.map((p) => p.reference_id).sort()).toEqual(ids);
      expect(books.intents.filter((i) => i.status === 'succeeded')).toHaveLength(ids.length);
      process.stdout.write(
        `billing through a 30 s provider outage: ${ids.length} orders on 2 processes, ${paidBefore} paid before it, ${paidDuring} during it, ${chargedUnanswered} charged by the provider with the answer lost, each charged once\n`,
      );
    } finally {
      for (const s of servers) await stop(s, 'SIGTERM');
    }
  });
});
