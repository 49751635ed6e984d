import { isRefused, upstream } from '@pawfresh/kit';
import type { LegacyCohort, MigrationStatus } from '@pawfresh/contracts/legacy';
import type {
  BulkMigrateResult,
  BulkProgress,
  MigrateResult,
  RevertMigrateResult,
} from '@pawfresh/contracts/orchestration-migration';
import { publishProgress, readProgress } from '../../engine/progress.js';
import { emptyProgress, recordOutcome } from '../../rules/bulk-progress.js';
import { failureOf } from '../../rules/workflow-failure.js';
import type { WorkflowContext } from '../context.js';

/** The queue the customers of bulk runs wait in. */
export const MIGRATION_QUEUE = 'legacy-migration';
/** Customers migrated at once in each process (each makes about ten calls to other services). */
export const MIGRATION_CONCURRENCY = 8;
/**
 * How often a freed slot of the queue looks for the next customer on PostgreSQL: a customer takes
 * well under DBOS's default second, so a slot would wait most of a second for the next one.
 */
export const MIGRATION_QUEUE_POLL_MS = 100;
/** The event a bulk run publishes its progress under (GET /workflows/runs/{id}). */
const PROGRESS_EVENT = 'progress';
/** Progress is published every this many finished customers (and at the end). */
const PUBLISH_EVERY = 10;
const PAGE = 1000;

/** A bulk run's progress as last published; undefined for any other run. */
export async function bulkProgressOf(workflowId: string): Promise<BulkProgress | undefined> {
  return readProgress<BulkProgress>(workflowId, PROGRESS_EVENT);
}

interface Customer {
  legacyId: number;
  email: string;
}

/** The cohort's customers in one status, by legacy id, at most `limit`. */
async function selectCustomers(
  ctx: WorkflowContext,
  cohort: LegacyCohort,
  migrationStatus: MigrationStatus,
  limit: number,
): Promise<Customer[]> {
  const found: Customer[] = [];
  // Each page is read from the start: customers leave the status as other runs claim them.
  for (let offset = 0; found.length < limit; offset += PAGE) {
    const page = await upstream('Reading the legacy users', () =>
      ctx.services.legacy.listLegacyUserEmails({
        query: { cohort, migrationStatus, orderBy: 'id', direction: 'asc', offset, limit: PAGE },
      }),
    );
    for (const u of page.data) found.push({ legacyId: u.legacyId, email: u.email });
    if (page.data.length < PAGE) break;
  }
  return found.slice(0, limit);
}

/**
 * Marks each customer queued for this run (from unmigrated only, so a customer another run holds
 * is left to it); answers the customers this run holds. Idempotent: run again after a crash, the
 * customers already queued by this run are kept.
 */
async function queueCustomers(
  ctx: WorkflowContext,
  customers: Customer[],
  workflowId: string,
): Promise<Customer[]> {
  const held = new Array<boolean>(customers.length).fill(false);
  let next = 0;
  // A few at once (each is one status write in the legacy schema), the answer in selection order.
  await Promise.all(
    Array.from({ length: Math.min(MIGRATION_CONCURRENCY, customers.length) }, async () => {
      while (next < customers.length) {
        const i = next++;
        const c = customers[i]!;
        try {
          await upstream('Queueing the customers', () =>
            ctx.services.legacy.setMigrationStatus({
              params: { legacyId: c.legacyId },
              body: { status: 'queued', expectedStatus: ['unmigrated'], workflowId },
            }),
          );
          held[i] = true;
        } catch (err) {
          if (!isRefused(err, 409)) throw err;
        }
      }
    }),
  );
  return customers.filter((_, i) => held[i]);
}

/** Starts one customer's migrate or revert-migrate on the migration queue, as the run's child. */
type StartChild = (
  input: { email: string },
  workflowId: string,
) => Promise<{ getResult(): Promise<Omit<MigrateResult | RevertMigrateResult, 'workflowId'>> }>;

/**
 * bulk-migrate and bulk-revert-migrate: select up to `cohortLimit` customers of the cohort
 * (unmigrated ones to migrate, migrated ones to revert), then run migrate or revert-migrate for
 * each as its own workflow on the migration queue (at most MIGRATION_CONCURRENCY at once in each
 * process), each with an id made of this run's id and the legacy id: after a crash the engine
 * resumes this run and its children, and no customer is started twice. Progress is published as
 * it goes.
 */
export const bulkMigration =
  (ctx: WorkflowContext, startChild: StartChild, direction: 'migrate' | 'revert') =>
  async ({
    cohort,
    cohortLimit,
  }: {
    cohort: LegacyCohort;
    cohortLimit: number;
  }): Promise<Omit<BulkMigrateResult, 'workflowId'>> => {
    const workflowId = ctx.workflowId();
    const selected = await ctx.step('select-customers', () =>
      selectCustomers(
        ctx,
        cohort,
        direction === 'migrate' ? 'unmigrated' : 'migrated',
        cohortLimit,
      ),
    );
    const held =
      direction === 'migrate'
        ? await ctx.step('queue-customers', () => queueCustomers(ctx, selected, workflowId))
        : selected;
    let progress = emptyProgress(held.length, selected.length - held.length, direction);
    await publishProgress(PROGRESS_EVENT, progress);

    // Every customer enqueued at once (each start checkpointed); the queue bounds how many run.
    const handles = [];
    for (const c of held)
      handles.push(await startChild({ email: c.email }, `${workflowId}:${c.legacyId}`));
    const failed: { customer: Customer; error: string }[] = [];
    for (const [i, handle] of handles.entries()) {
      try {
        progress = recordOutcome(progress, held[i]!, await handle.getResult(), direction);
      } catch (err) {
        progress = recordOutcome(progress, held[i]!, err, direction);
        const failure = failureOf(err);
        if (failure?.statusCode !== 409) {
          const message = failure ? [failure.message].flat().join('; ') : String(err);
          failed.push({ customer: held[i]!, error: message });
        }
      }
      const finished = i + 1;
      if (finished % PUBLISH_EVERY === 0 || finished === held.length) {
        await publishProgress(PROGRESS_EVENT, progress);
      }
    }
    // A migrate that failed before it claimed its customer left them queued for this run: they
    // are recorded as an error with its reason, so no customer stays queued (a later run or a
    // retry takes errors). One whose migrate claimed them already moved on: left as it is.
    if (direction === 'migrate' && failed.length > 0) {
      await ctx.step('release-unclaimed', () => releaseUnclaimed(ctx, failed, workflowId));
    }
    return { cohort, progress };
  };

async function releaseUnclaimed(
  ctx: WorkflowContext,
  failed: { customer: Customer; error: string }[],
  workflowId: string,
): Promise<number> {
  let released = 0;
  for (const { customer, error } of failed) {
    try {
      await upstream('Recording the failed customers', () =>
        ctx.services.legacy.setMigrationStatus({
          params: { legacyId: customer.legacyId },
          body: {
            status: 'error',
            error: error.trim().slice(0, 2000) || 'The migration failed',
            expectedStatus: ['queued'],
            workflowId,
          },
        }),
      );
      released += 1;
    } catch (err) {
      if (!isRefused(err, 409)) throw err;
    }
  }
  return released;
}
