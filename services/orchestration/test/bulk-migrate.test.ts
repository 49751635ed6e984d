import { describe, expect, it } from 'vitest';
import { callJson, harnessForFile, messagesOf } from '@pawfresh/testing';
import type { LegacyUserPage } from '@pawfresh/contracts/legacy';
import type { WorkflowRun } from '@pawfresh/contracts/orchestration';
import { migrationHarness } from './migration-harness.js';

const h = harnessForFile(migrationHarness);

const bulk = (name: string, body: unknown) => callJson(h.app, 'POST', `/workflows/${name}`, body);
/** The run as the runs view shows it once it has ended (a person would refresh the view). */
async function finished(workflowId: string): Promise<WorkflowRun> {
  for (;;) {
    const run = (await callJson(h.app, 'GET', `/workflows/runs/${workflowId}`)).json<WorkflowRun>();
    if (run.status === 'SUCCESS' || run.status === 'ERROR') return run;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
const staff = async (status: string) =>
  (
    await callJson(
      h.services.legacy!,
      'GET',
      `/legacy-user-emails?cohort=phase1_staff&migrationStatus=${status}`,
    )
  ).json<LegacyUserPage>();

describe('bulk-migrate and bulk-revert-migrate', () => {
  it('migrates each customer once when two runs overlap, with progress in the runs view', async () => {
    const staffCount = h.data.users.filter((u) => u.cohort === 'phase1_staff').length;
    const [a, b] = await Promise.all([
      bulk('bulk-migrate', { cohort: 'phase1_staff', cohortLimit: 10, workflowId: 'bulk-a' }),
      bulk('bulk-migrate', { cohort: 'phase1_staff', cohortLimit: 10, workflowId: 'bulk-b' }),
    ]);
    // Answered at once with the run as it stands, its id first: the run goes on after the answer.
    for (const [res, id] of [
      [a, 'bulk-a'],
      [b, 'bulk-b'],
    ] as const) {
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json<WorkflowRun>()).toMatchObject({
        workflowId: id,
        workflowName: 'bulk-migrate',
      });
    }
    const runs = [await finished('bulk-a'), await finished('bulk-b')];
    for (const run of runs) {
      const progress = run.progress!;
      expect(progress.done).toBe(progress.total);
      expect(progress.byStatus.queued).toBe(0);
      expect(
        progress.byStatus.migrated + progress.byStatus.error + progress.skipped,
      ).toBeGreaterThanOrEqual(progress.total);
      expect(progress.errors).toHaveLength(progress.byStatus.error);
      for (const e of progress.errors) expect(e.error.length).toBeGreaterThan(10);
      expect(run.status).toBe('SUCCESS');
    }
    const migrated = await staff('migrated');
    const failed = await staff('error');
    // Every customer the two runs took on ended once: migrated or in error, none left midway.
    const handled = runs[0]!.progress!.total + runs[1]!.progress!.total;
    expect(migrated.meta.total + failed.meta.total).toBe(handled);
    expect(handled).toBeLessThanOrEqual(Math.min(20, staffCount));
    expect((await staff('queued')).meta.total).toBe(0);
    expect((await staff('migrating')).meta.total).toBe(0);
    // Each migrated customer has exactly one user.
    for (const u of migrated.data) {
      const res = await callJson(
        h.services.identity!,
        'GET',
        `/identity/users/${u.migratedUserId}`,
      );
      expect(res.json()).toMatchObject({ email: u.email.toLowerCase() });
    }
    // The same id answers the same run, ended, without running again.
    const again = await bulk('bulk-migrate', {
      cohort: 'phase1_staff',
      cohortLimit: 10,
      workflowId: 'bulk-a',
    });
    expect(again.statusCode).toBe(202);
    expect(again.json<WorkflowRun>()).toMatchObject({
      workflowId: 'bulk-a',
      status: 'SUCCESS',
      recoveryAttempts: runs[0]!.recoveryAttempts,
      progress: runs[0]!.progress,
    });

    const reverted = await bulk('bulk-revert-migrate', {
      cohort: 'phase1_staff',
      cohortLimit: 5000,
    });
    expect(reverted.statusCode, reverted.body).toBe(202);
    const back = (await finished(reverted.json<WorkflowRun>().workflowId)).progress!;
    expect(back).toMatchObject({
      total: migrated.meta.total,
      done: migrated.meta.total,
      errors: [],
    });
    expect(back.byStatus.unmigrated).toBe(migrated.meta.total);
    expect((await staff('migrated')).meta.total).toBe(0);
    for (const u of migrated.data) {
      const res = await callJson(
        h.services.identity!,
        'GET',
        `/identity/users/${u.migratedUserId}`,
      );
      expect(res.statusCode).toBe(404);
    }
  }, 300_000);

  it('refuses a cohort limit outside 1 to 5000 and an unknown cohort', async () => {
    for (const cohortLimit of [0, 5001, 1.5, '10']) {
      const res = await bulk('bulk-migrate', { cohort: 'phase1_staff', cohortLimit });
      expect(res.statusCode).toBe(400);
      expect(messagesOf(res)).toEqual(['cohortLimit must be a whole number from 1 to 5000']);
    }
    const res = await bulk('bulk-revert-migrate', { cohort: 'everyone' });
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)).toEqual([
      'cohort must be one of phase1_staff, phase2_low_engagement_customers',
    ]);
  });
});
