import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditEvent } from '@pawfresh/contracts/audit';
import type { LegacyUserData } from '@pawfresh/contracts/legacy';
import type { MigrateResult } from '@pawfresh/contracts/orchestration-migration';
import type { StaffMigrationCohort, StaffMigrationRun } from '@pawfresh/contracts/staff-migration';
import { hasPermission, staffRoles } from '@pawfresh/contracts/staff-roles';
import { generateLegacyDataSet } from '@pawfresh/legacy';
import { messagesOf } from '@pawfresh/testing';
import { migrationPace } from '../src/rules/migration-pace.js';
import {
  expectOnlyStaff,
  expectPermissionMatrix,
  expectSpoiltBodiesRefused,
  storedAuditOf,
  useStaffApiAsEveryone,
  type RouteCalls,
} from './harness.js';

/** A small legacy system: 40 customers, 2 of them staff (every 20th). */
const LEGACY = { customers: 40, seed: 13 };
const { h, call, ids, as } = useStaffApiAsEveryone({ legacy: LEGACY });
const data = generateLegacyDataSet(LEGACY);
const COHORT = 'phase2_low_engagement_customers';
const REASON_REQUIRED =
  'reason is required: say why these customers are moved now (the plan, a ticket, what was fixed); it is kept in the audit log';
const LIMIT_MESSAGE =
  'cohortLimit must be a whole number from 1 to 5000: how many customers this run takes on';

const cohorts = async () =>
  (await call('GET', '/migration/cohorts', undefined, as.admin)).json<{
    cohorts: StaffMigrationCohort[];
  }>().cohorts;
const cohortOf = async (cohort: string) => (await cohorts()).find((c) => c.cohort === cohort)!;

/** The run as the dashboard reads it, once it has ended (a person watches the page until then). */
async function finished(workflowId: string): Promise<StaffMigrationRun> {
  return vi.waitFor(
    async () => {
      const res = await call('GET', `/migration/runs/${workflowId}`, undefined, as.admin);
      expect(res.statusCode, res.body).toBe(200);
      const run = res.json<StaffMigrationRun>();
      if (!run.finished) throw new Error(`run ${workflowId} has not finished`);
      return run;
    },
    { timeout: 120_000, interval: 100 },
  );
}

const start = (body: Record<string, unknown>, key: string = randomUUID()) =>
  call('POST', '/migration/runs', body, { ...as.admin, 'idempotency-key': key });

let firstRun: StaffMigrationRun;
let firstAudit: AuditEvent;
const KEY = randomUUID();

beforeAll(async () => {
  const res = await start(
    { direction: 'migrate', cohort: COHORT, cohortLimit: 3, reason: 'Phase 2, first wave' },
    KEY,
  );
  expect(res.statusCode, res.body).toBe(202);
  const answer = res.json<{ run: StaffMigrationRun; audit: AuditEvent }>();
  firstAudit = answer.audit;
  firstRun = await finished(answer.run.workflowId);
}, 180_000);

describe('the pace of a run', () => {
  const progress = (total: number, done: number) => ({
    total,
    done,
    skipped: 0,
    byStatus: { unmigrated: 0, queued: total - done, migrating: 0, migrated: done, error: 0 },
    errors: [],
  });
  const start = new Date('2026-11-29T01:00:00Z');
  const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);

  it('is customers a minute since the start, and the rest at that rate', () => {
    // 30 of 90 in 60 s: 30 a minute, 60 left take 120 s.
    expect(migrationPace(progress(90, 30), start, at(60), false)).toEqual({
      perMinute: 30,
      secondsLeft: 120,
    });
  });

  it('is unknown before the first customer, and nothing left once ended', () => {
    expect(migrationPace(null, start, at(5), false)).toEqual({
      perMinute: null,
      secondsLeft: null,
    });
    expect(migrationPace(progress(10, 0), start, at(5), false)).toEqual({
      perMinute: null,
      secondsLeft: null,
    });
    expect(migrationPace(progress(10, 10), start, at(20), true)).toEqual({
      perMinute: 30,
      secondsLeft: 0,
    });
    // A run with nobody to take on ends with nothing left.
    expect(migrationPace(progress(0, 0), start, at(1), true)).toEqual({
      perMinute: null,
      secondsLeft: 0,
    });
  });
});

describe('who may use the migration dashboard', () => {
  const routes = (): RouteCalls => ({
    migrationCohorts: ['GET', '/migration/cohorts'],
    migrationRuns: ['GET', '/migration/runs'],
    migrationRun: ['GET', `/migration/runs/${firstRun.workflowId}`],
    migrationCustomer: [
      'GET',
      `/migration/customers?email=${encodeURIComponent(data.users[0]!.email)}`,
    ],
    // A body the contract refuses: past the permission check, nothing is done (400).
    startMigrationRun: ['POST', '/migration/runs', {}],
    retryMigration: ['POST', '/migration/customers/retry', {}],
  });

  it('lets admins in and names migration:run to every other role', async () => {
    await expectPermissionMatrix(call, as, routes());
    expect(staffRoles.filter((r) => hasPermission(r, 'migration:run'))).toEqual(['admin']);
  });

  it('refuses a customer token (403) and no token (401)', async () => {
    await expectOnlyStaff(call, as, routes());
  });
});

describe('bad input', () => {
  const good = { direction: 'migrate', cohort: COHORT, cohortLimit: 1, reason: 'Wave 2' };

  it('refuses a limit outside 1 to 5000, or not a whole number, saying what to give', async () => {
    const before = await cohortOf(COHORT);
    for (const cohortLimit of [0, 5001, -1, 2.5, '50', null, undefined, 1e12]) {
      const res = await start({ ...good, cohortLimit });
      expect(res.statusCode, String(cohortLimit)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Bad Request', statusCode: 400 });
      expect(messagesOf(res)).toContain(LIMIT_MESSAGE);
    }
    // Nothing was started: the cohort is counted as before.
    expect(await cohortOf(COHORT)).toEqual(before);
  });

  it('refuses an unknown cohort or direction, unknown fields and odd reasons', async () => {
    const cohort = await start({ ...good, cohort: 'phase3' });
    expect(cohort.statusCode).toBe(400);
    expect(messagesOf(cohort)).toContain(
      'cohort must be one of phase1_staff, phase2_low_engagement_customers',
    );
    const direction = await start({ ...good, direction: 'sideways' });
    expect(messagesOf(direction)).toContain('direction must be migrate or revert');
    const unknown = await start({ ...good, workflowId: 'mine' });
    expect(messagesOf(unknown)).toContain('Unknown field: workflowId');
    await expectSpoiltBodiesRefused(
      call,
      as,
      {
        startMigrationRun: ['/migration/runs', good],
        retryMigration: [
          '/migration/customers/retry',
          { email: data.users[0]!.email, reason: 'x' },
        ],
      },
      REASON_REQUIRED,
    );
  });

  it('refuses a run id that is not text it could be, and a run of another workflow (404)', async () => {
    const odd = await call('GET', '/migration/runs/has%20space', undefined, as.admin);
    expect(odd.statusCode).toBe(400);
    const unknown = await call('GET', `/migration/runs/none-${randomUUID()}`, undefined, as.admin);
    expect(unknown.statusCode).toBe(404);
    const other = await call('GET', '/runs?limit=1', undefined, as.admin);
    const someRun = other.json<{ data: { workflowId: string; workflowName: string }[] }>().data;
    const notBulk = someRun.find((r) => !r.workflowName.startsWith('bulk-'));
    if (notBulk) {
      const res = await call('GET', `/migration/runs/${notBulk.workflowId}`, undefined, as.admin);
      expect(res.statusCode).toBe(404);
      expect(messagesOf(res)).toEqual([`Bulk migration ${notBulk.workflowId} not found`]);
    }
  });

  it('refuses a customer e-mail that is not one, and answers 404 for one the legacy system lacks', async () => {
    const bad = await call('GET', '/migration/customers?email=nope', undefined, as.admin);
    expect(bad.statusCode).toBe(400);
    expect(messagesOf(bad)).toContain('Enter a valid email address');
    const none = await call(
      'GET',
      '/migration/customers?email=nobody@example.com',
      undefined,
      as.admin,
    );
    expect(none.statusCode).toBe(404);
  });
});

describe('a bulk migration from the dashboard', () => {
  it('counts each cohort by status, every customer once', async () => {
    const all = await cohorts();
    expect(all.map((c) => c.cohort)).toEqual(['phase1_staff', 'phase2_low_engagement_customers']);
    for (const c of all) {
      const inCohort = data.users.filter((u) => u.cohort === c.cohort).length;
      expect(c.total).toBe(inCohort);
      expect(Object.values(c.byStatus).reduce((a, b) => a + b, 0)).toBe(c.total);
    }
    const phase2 = all.find((c) => c.cohort === COHORT)!;
    // The first run took on 3: each migrated or in error, none left midway.
    expect(phase2.byStatus.migrated + phase2.byStatus.error).toBe(3);
    expect(phase2.byStatus.queued + phase2.byStatus.migrating).toBe(0);
  });

  it('ran to its end with its progress, rate and time left, and is in the latest runs', async () => {
    expect(firstRun).toMatchObject({ direction: 'migrate', status: 'SUCCESS', finished: true });
    const p = firstRun.progress!;
    expect(p.total).toBe(3);
    expect(p.done).toBe(3);
    expect(p.errors).toHaveLength(p.byStatus.error);
    for (const e of p.errors) expect(e.error.length).toBeGreaterThan(10);
    expect(firstRun.secondsLeft).toBe(0);
    expect(firstRun.perMinute).toBeGreaterThan(0);
    const runs = (await call('GET', '/migration/runs', undefined, as.admin)).json<{
      runs: { workflowId: string; direction: string }[];
    }>().runs;
    expect(runs).toContainEqual(
      expect.objectContaining({ workflowId: firstRun.workflowId, direction: 'migrate' }),
    );
  });

  it('is recorded with the admin and the reason, and the same key answers the same run', async () => {
    expect(await storedAuditOf(h, firstAudit.id)).toMatchObject({
      actor_user_id: ids.admin,
      actor_role: 'admin',
      action: 'migration.bulk-migrate',
      permission: 'migration:run',
      target_type: 'workflow-run',
      target_id: firstRun.workflowId,
      customer_id: null,
      reason: 'Phase 2, first wave',
      before: { cohort: COHORT, cohortLimit: 3, byStatus: { migrated: 0, error: 0 } },
      after: { workflowId: firstRun.workflowId },
    });
    const again = await start(
      { direction: 'migrate', cohort: COHORT, cohortLimit: 3, reason: 'Phase 2, first wave' },
      KEY,
    );
    expect(again.statusCode).toBe(202);
    expect(again.json<{ run: StaffMigrationRun }>().run).toMatchObject({
      workflowId: firstRun.workflowId,
      status: 'SUCCESS',
      progress: firstRun.progress,
    });
    const counts = await cohortOf(COHORT);
    expect(counts.byStatus.migrated + counts.byStatus.error).toBe(3);
  });

  it("reads a customer's record and retries one: recorded with the admin and the reason", async () => {
    // A customer in error if the run left one, else one it did not take on.
    const failed = firstRun.progress!.errors[0];
    // (the run takes customers by legacy id: the cohort's last was not among its 3).
    const email = failed?.email ?? data.users.filter((u) => u.cohort === COHORT).at(-1)!.email;
    const record = await call(
      'GET',
      `/migration/customers?email=${encodeURIComponent(email)}`,
      undefined,
      as.admin,
    );
    expect(record.statusCode, record.body).toBe(200);
    const user = record.json<LegacyUserData>().user;
    expect(user.email).toBe(email);
    expect(['error', 'unmigrated']).toContain(user.migrationStatus);

    const res = await call(
      'POST',
      '/migration/customers/retry',
      { email, reason: 'Address fixed in the legacy system' },
      as.admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { result, audit } = res.json<{ result: MigrateResult; audit: AuditEvent }>();
    expect(['migrated', 'error']).toContain(result.migrationStatus);
    expect(await storedAuditOf(h, audit.id)).toMatchObject({
      actor_user_id: ids.admin,
      action: 'migration.retry-customer',
      target_type: 'legacy-user',
      target_id: String(user.legacyId),
      reason: 'Address fixed in the legacy system',
      before: { migrationStatus: user.migrationStatus },
      after: { migrationStatus: result.migrationStatus },
    });
    const after = (
      await call(
        'GET',
        `/migration/customers?email=${encodeURIComponent(email)}`,
        undefined,
        as.admin,
      )
    ).json<LegacyUserData>().user;
    expect(after.migrationStatus).toBe(result.migrationStatus);
    if (result.migrationStatus === 'migrated') {
      expect(after.migratedUserId).toBe(result.created.userId);
      // Migrated: a second retry is the workflow's 409 in its words, and nothing is recorded.
      const twice = await call(
        'POST',
        '/migration/customers/retry',
        { email, reason: 'Again' },
        as.admin,
      );
      expect(twice.statusCode).toBe(409);
    }
  }, 120_000);

  it('bulk reverts what was migrated, back to unmigrated', async () => {
    const migrated = (await cohortOf(COHORT)).byStatus.migrated;
    const res = await start({
      direction: 'revert',
      cohort: COHORT,
      cohortLimit: 5000,
      reason: 'Rehearsal over',
    });
    expect(res.statusCode, res.body).toBe(202);
    const { run, audit } = res.json<{ run: StaffMigrationRun; audit: AuditEvent }>();
    expect(run.direction).toBe('revert');
    const done = await finished(run.workflowId);
    expect(done.progress).toMatchObject({ total: migrated, done: migrated, errors: [] });
    expect((await cohortOf(COHORT)).byStatus.migrated).toBe(0);
    expect(await storedAuditOf(h, audit.id)).toMatchObject({
      action: 'migration.bulk-revert',
      reason: 'Rehearsal over',
      actor_user_id: ids.admin,
    });
  }, 180_000);
});
