import type { MigratedRecords, MigrateResult } from '@pawfresh/contracts/orchestration-migration';
import type { WorkflowContext } from '../context.js';
import {
  type Outcome,
  messageOf,
  nothing,
  setStatus,
  readAndClaim,
  releaseForCancelledRun,
  type Part,
  undo,
  planCustomer,
  importAll,
} from './migration-steps.js';

/**
 * migrate: one legacy customer into identity, dogs, subscription, payment and their past orders
 * (docs/migration.md). The customer is claimed first (migrating), so two runs never migrate the
 * same customer; data that cannot be migrated, or a refusal by a service, ends the customer in
 * `error` with the reason, after undoing whatever was already made.
 */
export const migrate =
  (ctx: WorkflowContext) =>
  async ({ email }: { email: string }): Promise<Omit<MigrateResult, 'workflowId'>> => {
    const workflowId = ctx.workflowId();
    // Read, claim and plan in one step: the plan (not the legacy data or the catalogue) is what
    // is checkpointed. A failure to plan (the courier not answering) is the customer's error.
    const claimed = await ctx.step('claim-and-plan', async () => {
      // A bulk run's customer whose run was cancelled before it started: given back, not started.
      if (await ctx.parentCancelled()) return releaseForCancelledRun(ctx, email, workflowId);
      const data = await readAndClaim(ctx, email, ['unmigrated', 'queued', 'error'], workflowId);
      let plan: Awaited<ReturnType<typeof planCustomer>>;
      try {
        plan = await planCustomer(ctx, data);
      } catch (err) {
        plan = { problems: [messageOf(err)] };
      }
      return { legacyId: data.user.legacyId, email: data.user.email, planned: plan };
    });
    if ('released' in claimed) {
      return {
        legacyId: claimed.legacyId,
        email: claimed.email,
        migrationStatus: 'unmigrated',
        error: null,
        created: nothing(),
        notes: ['Not started: its bulk run was cancelled, and the customer given back'],
      };
    }
    const { legacyId, planned, ...rest } = claimed;
    const base = { legacyId, email: rest.email };
    const attempted = new Set<Part>();
    const fail = async (reason: string, made: MigratedRecords) => {
      let left: string | null = null;
      if (made.userId) {
        try {
          await undo(ctx, made.userId, 'undo', attempted);
        } catch (err) {
          // What could not be undone stays recorded with the user, for revert-migrate.
          left = made.userId;
          reason = `${reason}; undoing it failed too (${messageOf(err)}): run revert-migrate`;
        }
      }
      await setStatus(ctx, 'mark-error', legacyId, {
        status: 'error',
        error: reason.slice(0, 2000),
        migratedUserId: left,
      });
      return {
        ...base,
        migrationStatus: 'error' as const,
        error: reason,
        created: nothing(),
        notes: [],
      };
    };
    if ('problems' in planned) return fail(planned.problems.join('; '), nothing());

    const made = nothing();
    let result: Outcome<undefined>;
    try {
      result = await importAll(ctx, planned.plan, made, attempted);
    } catch (err) {
      result = { ok: false, status: 502, message: messageOf(err) };
    }
    if (!result.ok) return fail(result.message, made);

    return {
      ...base,
      migrationStatus: 'migrated',
      error: null,
      created: made,
      notes: planned.plan.notes,
    };
  };
