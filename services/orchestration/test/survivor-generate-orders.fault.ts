import { afterAll, beforeAll, describe, it } from 'vitest';
import { client, CrashServers, freePort, stop } from './crash-server.js';
import { checkedOutSubscriptions } from './server-cart.js';
import {
  finishedBySurvivor,
  expectOrdersOncePerIndex,
  generationInFlight,
  processEnv,
} from './several-processes.js';

/**
 * Issue 30's fault (c), for order generation: two processes on one database, generate-orders
 * started on one, which is killed (SIGKILL) while the run's batch is in flight and never started
 * again. The survivor takes the dead process's runs over once it has been silent past the
 * recovery timeout, finishes the run within 60 s of the kill, and each subscription's orders are
 * there once per index. (A process killed mid-checkout: survivors.test.ts; mid-bulk-migrate:
 * survivor-bulk-migrate.fault.ts.)
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
    const subscriptions = await checkedOutSubscriptions(api, 3);
    await stop(seeding, 'SIGTERM');

    const survivor = await api.started(processEnv('survivor'), await freePort());
    const onSurvivor = client(() => survivor.base);
    const { workflowId, process: doomed } = await generationInFlight(api, 'doomed', STEP_DELAY_MS);
    await stop(doomed, 'SIGKILL');
    const killed = Date.now();
    try {
      const { finishedIn } = await finishedBySurvivor(
        { on: onSurvivor, name: 'survivor' },
        workflowId,
        killed,
        api.env.DATABASE_URL!,
      );
      // Each subscription's orders once per index, every index up to the horizon.
      await expectOrdersOncePerIndex(onSurvivor, subscriptions, 7);
      process.stdout.write(
        `survivor: the dead process's generate-orders finished ${finishedIn} ms after the kill\n`,
      );
    } finally {
      await api.stopAll();
    }
  });
});
