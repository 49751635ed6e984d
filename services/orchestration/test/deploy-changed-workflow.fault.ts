import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, CrashServers, freePort, runEnded, stop } from './crash-server.js';
import { checkedOutSubscriptions } from './server-cart.js';
import {
  engineRowOf,
  expectOrdersOncePerIndex,
  generationInFlight,
  processEnv,
} from './several-processes.js';

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
let subscriptions: string[];
/** The new release: generate-orders says other words than the old one. */
let newRelease: string;

beforeAll(async () => {
  // Beyond the checkout's 12 weeks, so each run has orders to make.
  api = await CrashServers.create({ WORKFLOW_STEP_DELAY_MS: '0', ORDER_HORIZON_WEEKS: '20' });
  const seeding = await api.started({ WORKFLOW_EXECUTOR_ID: 'seeding' });
  subscriptions = await checkedOutSubscriptions(api, 3);
  await stop(seeding, 'SIGTERM');
  newRelease = await api.changedRelease('new-release', [
    ['Reading the subscription', 'Looking up the subscription'],
  ]);
}, 600_000);
afterAll(async () => api?.close());

/** generate-orders in flight on the old release's process, stopped by the deploy. */
async function runStoppedByTheDeploy(name: string): Promise<string> {
  const { workflowId, process } = await generationInFlight(api, name, STEP_DELAY_MS);
  await stop(process, 'SIGTERM');
  return workflowId;
}

const engineRow = (workflowId: string) => engineRowOf(api.env.DATABASE_URL!, workflowId);

describe('a deploy of changed workflow code while a run is in flight', () => {
  it('an ordinary release (the same version): the new process finishes the old one’s run', async () => {
    const workflowId = await runStoppedByTheDeploy('same-version-old');
    const fresh = await api.started(processEnv('new-1'), await freePort(), newRelease);
    const onNew = client(() => fresh.base);
    try {
      const run = await runEnded(onNew, workflowId);
      expect(run.status, JSON.stringify(run.error)).toBe('SUCCESS');
      expect((await engineRow(workflowId)).executor_id).toBe('new-1');
      await expectOrdersOncePerIndex(onNew, subscriptions);
    } finally {
      await stop(fresh, 'SIGTERM');
    }
  });

  it('a release that bumps the version: the old run waits for a process of its own version', async () => {
    const workflowId = await runStoppedByTheDeploy('bumped-old');
    const fresh = await api.started(
      processEnv('new-2', { WORKFLOW_APPLICATION_VERSION: 'next-release' }),
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
      expect((await runEnded(onNew, own)).status).toBe('SUCCESS');
      expect(await engineRow(workflowId)).toEqual({
        executor_id: 'bumped-old',
        status: 'PENDING',
      });

      // One process of the old release, kept until the old version's runs end, finishes it.
      const draining = await api.started(processEnv('old-drain'), await freePort());
      try {
        const run = await runEnded(onNew, workflowId);
        expect(run.status, JSON.stringify(run.error)).toBe('SUCCESS');
        expect((await engineRow(workflowId)).executor_id).toBe('old-drain');
        await expectOrdersOncePerIndex(onNew, subscriptions);
      } finally {
        await stop(draining, 'SIGTERM');
      }
    } finally {
      await stop(fresh, 'SIGTERM');
    }
  });
});
