import { notFound, passRefusals } from '@pawfresh/kit';
import { legacyCohorts, migrationStatuses, type LegacyCohort } from '@pawfresh/contracts/legacy';
import type { WorkflowRun } from '@pawfresh/contracts/orchestration';
import {
  BULK_WORKFLOW,
  migrationDirections,
  type MigrationDirection,
  type StaffMigrationCohort,
  type StaffMigrationRun,
} from '@pawfresh/contracts/staff-migration';
import { migrationPace } from '../rules/migration-pace.js';
import { staffRunId } from '../rules/staff-access.js';
import type { Acting, BodyOf, StaffContext } from './context.js';
import { runStaffAction } from './record-action.js';

/**
 * The migration dashboard (docs/staff.md "Migration dashboard"): the legacy exporter counts each
 * cohort by status, the orchestration service runs bulk-migrate and bulk-revert-migrate and
 * publishes their progress; the staff API starts them for an admin with a reason and reads them.
 */

/** How many customers of the cohort are in the status (one row asked for, the total read). */
const countOf = async (
  ctx: StaffContext,
  cohort: LegacyCohort,
  migrationStatus?: (typeof migrationStatuses)[number],
) =>
  (
    await ctx.legacy.listLegacyUserEmails({
      query: { cohort, ...(migrationStatus ? { migrationStatus } : {}), limit: 1 },
    })
  ).meta.total;

/** One cohort counted by status: the exporter's own count for each (no customer is read). */
async function cohortCounts(ctx: StaffContext, cohort: LegacyCohort) {
  const [total, ...counts] = await Promise.all([
    countOf(ctx, cohort),
    ...migrationStatuses.map((s) => countOf(ctx, cohort, s)),
  ]);
  return {
    cohort,
    total: total!,
    byStatus: Object.fromEntries(
      migrationStatuses.map((s, i) => [s, counts[i]!]),
    ) as StaffMigrationCohort['byStatus'],
  };
}

/** Every cohort with its customers counted by migration status. */
export async function migrationCohorts(ctx: StaffContext) {
  return {
    cohorts: await passRefusals('Counting the legacy customers', () =>
      Promise.all(legacyCohorts.map((c) => cohortCounts(ctx, c))),
    ),
  };
}

const directionOf = (workflowName: string): MigrationDirection | undefined =>
  migrationDirections.find((d) => BULK_WORKFLOW[d] === workflowName);

/** A bulk-migrate or bulk-revert-migrate run as the dashboard follows it (any other: 404). */
function migrationRunOf(ctx: StaffContext, run: WorkflowRun): StaffMigrationRun {
  const direction = directionOf(run.workflowName);
  if (!direction) throw notFound(`Bulk migration ${run.workflowId} not found`);
  const finished = !['PENDING', 'ENQUEUED'].includes(run.status);
  const progress = run.progress ?? null;
  const until = finished && run.completedAt ? new Date(run.completedAt) : ctx.clock.now();
  return {
    workflowId: run.workflowId,
    direction,
    status: run.status,
    finished,
    createdAt: run.createdAt,
    completedAt: run.completedAt,
    progress,
    ...migrationPace(progress, new Date(run.createdAt), until, finished),
  };
}

/** How a bulk migration or revert stands (another workflow's run is a 404). */
export async function migrationRun(ctx: StaffContext, workflowId: string) {
  const run = await passRefusals(
    'Reading the bulk migration',
    // Its steps are not shown: one is enough, the progress is the run's own.
    () => ctx.orchestration.getRun({ params: { workflowId }, query: { stepsLimit: 1 } }),
    { 404: `Bulk migration ${workflowId} not found` },
  );
  return migrationRunOf(ctx, run);
}

/** The latest bulk runs of both directions (10 each), newest first. */
export async function migrationRuns(ctx: StaffContext) {
  const pages = await passRefusals('Reading the bulk migrations', () =>
    Promise.all(
      migrationDirections.map((d) =>
        ctx.orchestration.listRuns({ query: { name: BULK_WORKFLOW[d], limit: 10 } }),
      ),
    ),
  );
  return {
    runs: pages
      .flatMap((p) => p.data)
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))
      .map((r) => ({
        workflowId: r.workflowId,
        direction: directionOf(r.workflowName)!,
        status: r.status,
        createdAt: r.createdAt,
      })),
  };
}

/**
 * Starts a bulk migration or revert for an admin, recorded with the reason: the cohort's counts
 * before, the run after. Its id is made of the admin and their Idempotency-Key, so the same
 * request again answers the same run and starts nothing.
 */
export async function startMigrationRun(
  ctx: StaffContext,
  acting: Acting,
  body: BodyOf<'startMigrationRun'>,
  idempotencyKey: string,
) {
  const workflowId = staffRunId(`staff-bulk-${body.direction}`, acting.userId, idempotencyKey);
  const start = body.direction === 'migrate' ? 'bulkMigrate' : 'bulkRevertMigrate';
  const { result, audit } = await runStaffAction(ctx, acting, {
    action: `migration.bulk-${body.direction}`,
    permission: 'migration:run',
    targetType: 'workflow-run',
    targetId: workflowId,
    reason: body.reason,
    doing: body.direction === 'migrate' ? 'Starting the migration' : 'Starting the revert',
    read: () => passRefusals('Counting the cohort', () => cohortCounts(ctx, body.cohort)),
    customerOf: () => null,
    run: async () =>
      migrationRunOf(
        ctx,
        await ctx.orchestration[start]({
          body: { cohort: body.cohort, cohortLimit: body.cohortLimit, workflowId },
        }),
      ),
    stateBefore: (counts) => ({ ...counts, cohortLimit: body.cohortLimit }),
    stateAfter: (run) => ({ workflowId: run.workflowId, status: run.status }),
  });
  return { run: result, audit };
}

/** One legacy customer's record: status, last error, the user made, what the legacy system holds. */
export const migrationCustomer = (ctx: StaffContext, email: string) =>
  passRefusals('Reading the legacy customer', () =>
    ctx.legacy.getLegacyUserData({ body: { email } }),
  );

/**
 * Migrates one legacy customer again (one in error, or given back by a cancelled run), recorded
 * with the reason; the workflow refuses a customer migrated or being migrated (409).
 */
export async function retryMigration(
  ctx: StaffContext,
  acting: Acting,
  body: BodyOf<'retryMigration'>,
) {
  // Read first: the audit row's target is the legacy id the e-mail finds.
  const found = await migrationCustomer(ctx, body.email);
  const { result, audit } = await runStaffAction(ctx, acting, {
    action: 'migration.retry-customer',
    permission: 'migration:run',
    targetType: 'legacy-user',
    targetId: String(found.user.legacyId),
    reason: body.reason,
    doing: 'Migrating the customer',
    read: async () => found,
    customerOf: () => null,
    run: (before) => ctx.orchestration.migrate({ body: { email: before.user.email } }),
    stateBefore: ({ user }) => ({
      legacyId: user.legacyId,
      email: user.email,
      migrationStatus: user.migrationStatus,
      migrationError: user.migrationError,
    }),
    stateAfter: (r) => ({
      migrationStatus: r.migrationStatus,
      error: r.error,
      userId: r.created.userId,
    }),
  });
  return { result, audit };
}
