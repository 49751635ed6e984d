import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LegacyUserPage } from '@pawfresh/contracts/legacy';
import type { WorkflowRun } from '@pawfresh/contracts/orchestration';
import { client, CrashServers, stop, waitFor } from './crash-server.js';
import { expectEachMigratedOnce } from './migrated-once.js';

/**
 * The real server as a child process, killed with SIGKILL in the middle of a bulk-migrate, then
 * started again on the same database: the run and its customers' workflows are recovered, and
 * every customer is migrated once (one user, one subscription, each dog once, one payment
 * customer, each past order once), none left queued or migrating. WORKFLOW_STEP_DELAY_MS slows each step so the kill
 * lands mid-batch.
 */
const LIMIT = 12;

let real: CrashServers;
beforeAll(async () => {
  real = await CrashServers.create({ LOG_LEVEL: 'warn', WORKFLOW_STEP_DELAY_MS: '300' });
}, 180_000);
afterAll(() => real?.close());

const json = async <T>(method: string, url: string, body?: unknown) =>
  (await (await real.request(method, url, body)).json()) as T;
const staff = (status: string) =>
  json<LegacyUserPage>(
    'GET',
    `/svc/legacy/legacy-user-emails?cohort=phase1_staff&migrationStatus=${status}`,
  );

describe('bulk-migrate when its process is killed mid-batch', () => {
  it('is recovered after SIGKILL and migrates every customer once', async () => {
    await real.started();
    await waitFor('the legacy service', async () =>
      (await real.request('GET', '/svc/legacy/health')).ok ? true : undefined,
    );
    const workflowId = 'bulk-crash-1';
    real
      .request('POST', '/svc/orchestration/workflows/bulk-migrate', {
        cohort: 'phase1_staff',
        cohortLimit: LIMIT,
        workflowId,
      })
      .catch(() => {});
    await waitFor('a few customers to be migrated', async () => {
      const done = (await staff('migrated')).meta.total + (await staff('error')).meta.total;
      return done >= 2 ? true : undefined;
    });
    await stop(real.current!, 'SIGKILL');
    await real.started();
    const run: WorkflowRun = await real.finished(workflowId);
    expect(run.recoveryAttempts).toBeGreaterThanOrEqual(2);
    expect(run.progress).toMatchObject({ total: LIMIT, done: LIMIT });
    expect(run.progress!.byStatus.migrated + run.progress!.byStatus.error).toBe(LIMIT);

    await expectEachMigratedOnce(
      client(() => real.current!.base),
      'phase1_staff',
      LIMIT,
    );
  }, 600_000);
});
