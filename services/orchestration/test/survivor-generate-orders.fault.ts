import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { CheckoutResult } from '@pawfresh/contracts/orchestration-checkout';
import type { Order } from '@pawfresh/contracts/order';
import { readyCart } from './server-cart.js';
import { client, CrashServers, freePort, stop, waitFor } from './crash-server.js';

/**
 * Issue 30's fault (c), for order generation: two processes on one database, generate-orders
 * started on one, which is killed (SIGKILL) while the run's batch is in flight and never started
 * again. The survivor takes the dead process's runs over once it has been silent past the
 * recovery timeout, finishes the run within 60 s of the kill, and each subscription's orders are
 * there once per index. (A process killed mid-checkout: survivors.test.ts; mid-bulk-migrate:
 * bulk-crash.test.ts restarts the same process.)
 */
const STEP_DELAY_MS = 1500;

let api: CrashServers;
beforeAll(async () => {
  // Beyond the checkout's 12 weeks, so the run has orders to make.
  api = await CrashServers.create({ WORKFLOW_STEP_DELAY_MS: '0', ORDER_HORIZON_WEEKS: '20' });
}, 600_000);
afterAll(async () => api?.close());

describe('generate-orders when its process dies and never comes back', () => {
  it('is finished by the survivor within a minute, each order made once', async () => {
    const seeding = await api.started({ WORKFLOW_EXECUTOR_ID: 'seeding' });
    const subscriptions: string[] = [];
    for (let i = 0; i < 3; i++) {
      const ready = await readyCart(api);
      const done = await api.post<CheckoutResult>(
        '/svc/orchestration/workflows/checkout',
        ready.body,
      );
      subscriptions.push(done.subscriptions[0]!.id);
    }
    await stop(seeding, 'SIGTERM');

    const env = (name: string) => ({
      WORKFLOW_EXECUTOR_ID: name,
      WORKFLOW_RECOVERY_INTERVAL_MS: '1000',
    });
    // The doomed process's steps are slow, so the kill lands with its batch in flight.
    const doomed = await api.started(
      { ...env('doomed'), WORKFLOW_STEP_DELAY_MS: String(STEP_DELAY_MS) },
      await freePort(),
    );
    const survivor = await api.started(env('survivor'), await freePort());
    const workflowId = `gen-survivor-${Date.now()}`;
    void client(() => doomed.base)
      .request('POST', '/svc/orchestration/workflows/generate-orders', { workflowId })
      .catch(() => undefined);
    const onSurvivor = client(() => survivor.base);
    await waitFor(
      'the batch to be in flight on the doomed process',
      async () => {
        const batch = await onSurvivor.run(`${workflowId}:batch-0`);
        return batch && batch.status === 'PENDING' ? true : undefined;
      },
      120_000,
    );
    await stop(doomed, 'SIGKILL');
    const killed = Date.now();

    const sql = new pg.Client({ connectionString: api.env.DATABASE_URL });
    await sql.connect();
    try {
      const run = await waitFor(
        'the survivor to finish the run',
        async () => {
          const r = await onSurvivor.run(workflowId);
          return r && (r.status === 'SUCCESS' || r.status === 'ERROR') ? r : undefined;
        },
        90_000,
      );
      const finishedIn = Date.now() - killed;
      expect(run.status, JSON.stringify(run.error)).toBe('SUCCESS');
      expect(finishedIn).toBeLessThan(60_000);
      const { rows } = await sql.query<{ executor_id: string }>(
        'select executor_id from orchestration.workflow_status where workflow_uuid = $1',
        [workflowId],
      );
      expect(rows[0]!.executor_id).toBe('survivor');
      // Each subscription's orders once per index, every index up to the horizon.
      for (const id of subscriptions) {
        const { data } = await onSurvivor.get<{ data: Order[] }>(
          `/svc/order/api/v1/orders?subscriptionId=${id}&orderBy=deliveryDate&limit=100`,
        );
        const indexes = data.map((o) => o.subscriptionOrderIndex);
        expect(indexes).toEqual(indexes.map((_, i) => i));
        expect(data.length).toBeGreaterThan(6);
      }
      process.stdout.write(
        `survivor: the dead process's generate-orders finished ${finishedIn} ms after the kill\n`,
      );
    } finally {
      await sql.end();
      await api.stopAll();
    }
  });
});
