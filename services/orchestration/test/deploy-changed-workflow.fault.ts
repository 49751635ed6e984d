import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { CheckoutResult } from '@pawfresh/contracts/orchestration-checkout';
import type { Order } from '@pawfresh/contracts/order';
import { readyCart } from './server-cart.js';
import { client, CrashServers, freePort, stop, waitFor, type Server } from './crash-server.js';

/**
 * Issue 30's fault (d): a deploy of changed workflow code while a run is in flight. The old
 * release's process, mid generate-orders, is stopped as a rolling deploy stops it (SIGTERM) and
 * never started again; the new release's process is another build of the server, its
 * generate-orders workflow changed (here: its words). docs/workflows.md "Changing a workflow":
 * - an ordinary release keeps the workflows' version: the new process takes the run over and
 *   finishes it;
 * - a release that bumps the version leaves the old version's runs alone (it could not replay
 *   them), while it runs its own; one process of the old release, kept for the purpose, finishes
 *   them.
 * Either way the run ends SUCCESS and each subscription's orders are there once per index.
 */
const STEP_DELAY_MS = 1500;

let api: CrashServers;
let sql: pg.Client;
const subscriptions: string[] = [];
/** The new release: generate-orders says other words than the old one. */
let newRelease: string;

beforeAll(async () => {
  // Beyond the checkout's 12 weeks, so each run has orders to make.
  api = await CrashServers.create({ WORKFLOW_STEP_DELAY_MS: '0', ORDER_HORIZON_WEEKS: '20' });
  sql = new pg.Client({ connectionString: api.env.DATABASE_URL });
  await sql.connect();
  const seeding = await api.started({ WORKFLOW_EXECUTOR_ID: 'seeding' });
  for (let i = 0; i < 3; i++) {
    const ready = await readyCart(api);
    const done = await api.post<CheckoutResult>(
      '/svc/orchestration/workflows/checkout',
      ready.body,
    );
    subscriptions.push(done.subscriptions[0]!.id);
  }
  await stop(seeding, 'SIGTERM');
  newRelease = await api.changedRelease('new-release', [
    ['Reading the subscription', 'Looking up the subscription'],
  ]);
}, 600_000);
afterAll(async () => {
  await sql?.end();
  await api?.close();
});

const env = (name: string, extra: Record<string, string> = {}) => ({
  WORKFLOW_EXECUTOR_ID: name,
  WORKFLOW_RECOVERY_INTERVAL_MS: '1000',
  ...extra,
});

/** generate-orders started on the old release's process, stopped by the deploy mid-batch. */
async function runStoppedByTheDeploy(name: string): Promise<{ workflowId: string; old: Server }> {
  const old = await api.started(
    env(`${name}-old`, { WORKFLOW_STEP_DELAY_MS: String(STEP_DELAY_MS) }),
    await freePort(),
  );
  const workflowId = `deploy-${name}-${Date.now()}`;
  const onOld = client(() => old.base);
  void onOld
    .request('POST', '/svc/orchestration/workflows/generate-orders', { workflowId })
    .catch(() => undefined);
  await waitFor(
    'the batch to be in flight on the old release',
    async () => {
      const batch = await onOld.run(`${workflowId}:batch-0`);
      return batch && batch.status === 'PENDING' ? true : undefined;
    },
    120_000,
  );
  await stop(old, 'SIGTERM');
  return { workflowId, old };
}

const finished = (on: ReturnType<typeof client>, workflowId: string) =>
  waitFor(
    `${workflowId} to end`,
    async () => {
      const r = await on.run(workflowId);
      return r && (r.status === 'SUCCESS' || r.status === 'ERROR') ? r : undefined;
    },
    120_000,
  );

async function runOf(workflowId: string) {
  const { rows } = await sql.query<{ executor_id: string; status: string }>(
    'select executor_id, status from orchestration.workflow_status where workflow_uuid = $1',
    [workflowId],
  );
  return rows[0]!;
}

async function expectOrdersOnce(on: ReturnType<typeof client>) {
  for (const id of subscriptions) {
    const { data } = await on.get<{ data: Order[] }>(
      `/svc/order/api/v1/orders?subscriptionId=${id}&orderBy=deliveryDate&limit=100`,
    );
    const indexes = data.map((o) => o.subscriptionOrderIndex);
    expect(indexes).toEqual(indexes.map((_, i) => i));
  }
}

describe('a deploy of changed workflow code while a run is in flight', () => {
  it('an ordinary release (the same version): the new process finishes the old one’s run', async () => {
    const { workflowId } = await runStoppedByTheDeploy('same-version');
    const fresh = await api.started(env('new-1'), await freePort(), newRelease);
    const onNew = client(() => fresh.base);
    try {
      const run = await finished(onNew, workflowId);
      expect(run.status, JSON.stringify(run.error)).toBe('SUCCESS');
      expect((await runOf(workflowId)).executor_id).toBe('new-1');
      await expectOrdersOnce(onNew);
    } finally {
      await stop(fresh, 'SIGTERM');
    }
  });

  it('a release that bumps the version: the old run waits for a process of its own version', async () => {
    const { workflowId } = await runStoppedByTheDeploy('bumped');
    const fresh = await api.started(
      env('new-2', { WORKFLOW_APPLICATION_VERSION: 'next-release' }),
      await freePort(),
      newRelease,
    );
    const onNew = client(() => fresh.base);
    try {
      // The new release runs its own generate-orders to the end (several of its recovery sweeps
      // meanwhile), and leaves the old version's run alone.
      const own = `deploy-new-${Date.now()}`;
      await onNew.request('POST', '/svc/orchestration/workflows/generate-orders', {
        workflowId: own,
      });
      expect((await finished(onNew, own)).status).toBe('SUCCESS');
      expect(await runOf(workflowId)).toEqual({ executor_id: 'bumped-old', status: 'PENDING' });

      // One process of the old release, kept until the old version's runs end, finishes it.
      const draining = await api.started(env('old-drain'), await freePort());
      try {
        const run = await finished(onNew, workflowId);
        expect(run.status, JSON.stringify(run.error)).toBe('SUCCESS');
        expect((await runOf(workflowId)).executor_id).toBe('old-drain');
        await expectOrdersOnce(onNew);
      } finally {
        await stop(draining, 'SIGTERM');
      }
    } finally {
      await stop(fresh, 'SIGTERM');
    }
  });
});
