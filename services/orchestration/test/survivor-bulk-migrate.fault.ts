import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LegacyUserPage } from '@pawfresh/contracts/legacy';
import { client, CrashServers, freePort, stop, waitFor } from './crash-server.js';
import { finishedBySurvivor, processEnv } from './several-processes.js';
import { expectEachMigratedOnce } from './migrated-once.js';

/**
 * Issue 30's fault (c), for the legacy migration: two processes on one database, bulk-migrate
 * started on one, which is killed (SIGKILL) with customers being migrated and never started again.
 * The survivor takes the dead process's runs over once it has been silent past the recovery
 * timeout, finishes the run within 60 s of the kill, and every customer is migrated once (none
 * left queued or migrating). (The same process killed and started again: bulk-crash.test.ts.)
 */
const LIMIT = 12;
const COHORT = 'phase1_staff';

let api: CrashServers;
beforeAll(async () => {
  api = await CrashServers.create({ WORKFLOW_STEP_DELAY_MS: '0' });
}, 600_000);
afterAll(async () => api?.close());

describe('bulk-migrate when its process dies and never comes back', () => {
  it('is finished by the survivor within a minute, each customer migrated once', async () => {
    // The doomed process's steps are slow, so the kill lands with customers mid-migration.
    const doomed = await api.started(
      processEnv('doomed', { WORKFLOW_STEP_DELAY_MS: '300' }),
      await freePort(),
    );
    const survivor = await api.started(processEnv('survivor'), await freePort());
    const onSurvivor = client(() => survivor.base);
    const workflowId = `bulk-survivor-${Date.now()}`;
    void client(() => doomed.base)
      .request('POST', '/svc/orchestration/workflows/bulk-migrate', {
        cohort: COHORT,
        cohortLimit: LIMIT,
        workflowId,
      })
      .catch(() => undefined);
    const inStatus = (status: string) =>
      onSurvivor.get<LegacyUserPage>(
        `/svc/legacy/legacy-user-emails?cohort=${COHORT}&migrationStatus=${status}`,
      );
    await waitFor(
      'a few customers migrated and more in flight',
      async () => {
        const done = (await inStatus('migrated')).meta.total + (await inStatus('error')).meta.total;
        return done >= 2 && done < LIMIT ? true : undefined;
      },
      120_000,
    );
    await stop(doomed, 'SIGKILL');
    const killed = Date.now();

    try {
      const { run, finishedIn } = await finishedBySurvivor(
        { on: onSurvivor, name: 'survivor' },
        workflowId,
        killed,
        api.env.DATABASE_URL!,
      );
      expect(run.progress).toMatchObject({ total: LIMIT, done: LIMIT });
      await expectEachMigratedOnce(onSurvivor, COHORT, LIMIT);
      process.stdout.write(
        `survivor: the dead process's bulk-migrate of ${LIMIT} customers finished ${finishedIn} ms after the kill\n`,
      );
    } finally {
      await api.stopAll();
    }
  });
});
