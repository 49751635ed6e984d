import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import type { Order } from '@pawfresh/contracts/order';
import type { CheckoutResult } from '@pawfresh/contracts/orchestration-checkout';
import { readyCart } from './server-cart.js';
import { CrashServers, freePort, waitFor } from './crash-server.js';

/**
 * Two server processes with the same settings on one PostgreSQL database, each with its own
 * executor id, the order generation scheduled every 10 seconds: each tick runs once, and no
 * subscription gets two orders at one index. (PGlite is one process's database: PostgreSQL only.)
 */
const postgres = inject('testDatabase').kind === 'postgres';
const TICK_SECONDS = 10;

let api: CrashServers;

beforeAll(async () => {
  if (!postgres) return;
  api = await CrashServers.create({ WORKFLOW_STEP_DELAY_MS: '0' });
}, 180_000);
afterAll(() => api?.close());

describe.skipIf(!postgres)('two processes on one database', () => {
  it('run each scheduled order generation once and never make an order twice', async () => {
    const env = (executor: string) => ({
      WORKFLOW_EXECUTOR_ID: executor,
      // Schedules are on by default in production only (docs/workflows.md "Schedules").
      WORKFLOW_SCHEDULES: 'on',
      GENERATE_ORDERS_CRON: `*/${TICK_SECONDS} * * * * *`,
      // Beyond the checkout's 12 weeks, so each tick has orders to make.
      ORDER_HORIZON_WEEKS: '20',
    });
    const sql = new pg.Client({ connectionString: api.env.DATABASE_URL });
    try {
      await api.started(env('replica-a'));
      const subscriptions: string[] = [];
      for (let i = 0; i < 2; i++) {
        const ready = await readyCart(api);
        const res = await api.request('POST', '/svc/orchestration/workflows/checkout', ready.body);
        expect(res.status, await res.clone().text()).toBe(200);
        subscriptions.push(((await res.json()) as CheckoutResult).subscriptions[0]!.id);
      }
      await sql.connect();
      const started = new Date();
      await api.started(env('replica-b'), await freePort());
      const bothUp = new Date();

      const query = () =>
        sql.query<{ id: string; status: string; executor_id: string }>(
          `select workflow_uuid as id, status, executor_id from orchestration.workflow_status
            where name = 'daily-generate-orders' and created_at >= $1 order by workflow_uuid`,
          [started.getTime()],
        );
      // Three ticks with both processes up: waited for by their runs, not by the clock (a
      // loaded machine may start them late), with a generous bound.
      await waitFor(
        'three scheduled ticks with both processes up',
        async () => {
          const ticks = (await query()).rows.filter(
            (r) => new Date(r.id.replace('sched-daily-generate-orders-', '')) >= bothUp,
          );
          return ticks.length >= 3 ? true : undefined;
        },
        300_000,
      );
      // Let at least two of the ticks finish (each generates for every subscription).
      await waitFor(
        'two scheduled runs to finish',
        async () =>
          (await query()).rows.filter((r) => r.status === 'SUCCESS').length >= 2 ? true : undefined,
        240_000,
      );
      const runs = await query();
      const ticks = runs.rows.map((r) => r.id.replace('sched-daily-generate-orders-', ''));
      expect(ticks.length).toBeGreaterThanOrEqual(3);
      // One run per tick: each tick's instant once, on the 10-second marks.
      expect(new Set(ticks).size).toBe(ticks.length);
      for (const tick of ticks) expect(new Date(tick).getUTCSeconds() % TICK_SECONDS).toBe(0);
      const done = runs.rows.filter((r) => r.status === 'SUCCESS');
      expect(done.length).toBeGreaterThanOrEqual(2);
      // Both executors are known by their own ids, none as the shared default.
      const executors = await sql.query<{ executor_id: string }>(
        `select distinct executor_id from orchestration.workflow_status where executor_id <> ''`,
      );
      expect(executors.rows.map((r) => r.executor_id)).not.toContain('local');
      // Each finished tick looked at the same active subscriptions, each once: in the same
      // batches (child runs generate-orders-batch), under the tick run's own child,
      // generate-orders (`<tick>-0`).
      const perTick = [];
      for (const run of done) {
        const children = await sql.query<{ n: string }>(
          `select count(*) as n from orchestration.workflow_status
            where name = 'generate-orders-batch' and workflow_uuid like $1`,
          [`${run.id}-%:batch-%`],
        );
        perTick.push(Number(children.rows[0]!.n));
      }
      expect(new Set(perTick).size).toBe(1);
      expect(perTick[0]).toBeGreaterThanOrEqual(1);

      // No order twice: each subscription's indexes 0, 1, 2, … once, every 2 weeks.
      for (const id of subscriptions) {
        const { data: items } = await api.get<{ data: Order[] }>(
          `/svc/order/api/v1/orders?subscriptionId=${id}&orderBy=deliveryDate&limit=100`,
        );
        const indexes = items.map((o) => o.subscriptionOrderIndex);
        expect(indexes).toEqual(indexes.map((_, i) => i));
        expect(items.length).toBeGreaterThan(6);
      }
    } finally {
      await sql.end();
      await api.stopAll();
    }
  }, 600_000);
});
