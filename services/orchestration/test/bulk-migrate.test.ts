import { describe, expect, it } from 'vitest';
import { callJson, harnessForFile, messagesOf } from '@pawfresh/testing';
import type { LegacyUserPage } from '@pawfresh/contracts/legacy';
import type { WorkflowRun } from '@pawfresh/contracts/orchestration';
import { MIGRATION_CONCURRENCY } from '../src/flows/migration/bulk-migrate.js';
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

  it('cancelled, gives back the customers it had not started, and lets those under way finish', async () => {
    const cohort = 'phase2_low_engagement_customers';
    const count = async (status: string) =>
      (
        await callJson(
          h.services.legacy!,
          'GET',
          `/legacy-user-emails?cohort=${cohort}&migrationStatus=${status}&limit=1`,
        )
      ).json<LegacyUserPage>().meta.total;
    const [unmigrated, ended] = [
      await count('unmigrated'),
      (await count('migrated')) + (await count('error')),
    ];
    // Every slot of the migration queue taken by a customer held mid-claim (past the check of
    // their run), the rest of the run's customers waiting in the queue.
    const claims = h.hold('/get-legacy-user-data');
    const started = await bulk('bulk-migrate', { cohort, cohortLimit: 30, workflowId: 'bulk-c' });
    expect(started.statusCode, started.body).toBe(202);
    while (claims.waiting() < MIGRATION_CONCURRENCY) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    // One customer's import, waiting in the queue or under way, is not cancelled on its own.
    const waiting = (
      await callJson(
        h.services.legacy!,
        'GET',
        `/legacy-user-emails?cohort=${cohort}&migrationStatus=queued&limit=1`,
      )
    ).json<LegacyUserPage>().data[0]!;
    const child = await callJson(
      h.app,
      'POST',
      `/workflows/runs/bulk-c:${waiting.legacyId}/cancel`,
    );
    expect(child.statusCode, child.body).toBe(409);
    expect(messagesOf(child).join()).toContain('is importing or reverting one customer');
    const cancelled = await callJson(h.app, 'POST', '/workflows/runs/bulk-c/cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<WorkflowRun>().status).toBe('CANCELLED');
    claims.release();

    // Each customer ends once: the ones under way migrated (or in error), the others given back.
    const going = async () => {
      let n = 0;
      for (const status of ['PENDING', 'ENQUEUED']) {
        const runs = (
          await callJson(h.app, 'GET', `/workflows/runs?name=migrate&status=${status}&limit=100`)
        ).json<{ data: { workflowId: string }[] }>();
        n += runs.data.filter((r) => r.workflowId.startsWith('bulk-c:')).length;
      }
      return n;
    };
    while ((await going()) > 0) await new Promise((resolve) => setImmediate(resolve));
    expect(await count('queued')).toBe(0);
    expect(await count('migrating')).toBe(0);
    const left = await count('unmigrated');
    expect(unmigrated - left).toBe(MIGRATION_CONCURRENCY);
    expect((await count('migrated')) + (await count('error')) - ended).toBe(MIGRATION_CONCURRENCY);
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
