import type { MigrationStatus } from '@pawfresh/contracts/legacy';
import type { BulkProgress } from '@pawfresh/contracts/orchestration-migration';
import { failureOf } from './workflow-failure.js';

const zero = (): Record<MigrationStatus, number> => ({
  unmigrated: 0,
  queued: 0,
  migrating: 0,
  migrated: 0,
  error: 0,
});

/**
 * A bulk run before any customer finished: all of them waiting (queued to migrate; migrated, to
 * be reverted), and those another run had claimed already counted as skipped.
 */
export function emptyProgress(
  total: number,
  skipped: number,
  direction: 'migrate' | 'revert',
): BulkProgress {
  const byStatus = zero();
  byStatus[direction === 'migrate' ? 'queued' : 'migrated'] = total;
  return { total, done: 0, skipped, byStatus, errors: [] };
}

/**
 * The progress once one customer's workflow ended: with its answer (migrated, error, or back to
 * unmigrated), or with its failure. A 409 is a customer another run took meanwhile: skipped.
 */
export function recordOutcome(
  progress: BulkProgress,
  customer: { legacyId: number; email: string },
  outcome: unknown,
  direction: 'migrate' | 'revert',
): BulkProgress {
  const byStatus = { ...progress.byStatus };
  byStatus[direction === 'migrate' ? 'queued' : 'migrated'] -= 1;
  const next = { ...progress, done: progress.done + 1, byStatus, errors: progress.errors };
  const answer = outcome as { migrationStatus?: unknown; error?: unknown } | undefined;
  if (
    answer &&
    (answer.migrationStatus === 'migrated' || answer.migrationStatus === 'unmigrated')
  ) {
    byStatus[answer.migrationStatus] += 1;
    return next;
  }
  if (answer && answer.migrationStatus === 'error') {
    byStatus.error += 1;
    return { ...next, errors: [...progress.errors, { ...customer, error: String(answer.error) }] };
  }
  const failure = failureOf(outcome);
  if (failure?.statusCode === 409) return { ...next, skipped: progress.skipped + 1 };
  byStatus.error += 1;
  const message = failure
    ? [failure.message].flat().join('; ')
    : outcome instanceof Error
      ? outcome.message
      : 'The workflow failed';
  return { ...next, errors: [...progress.errors, { ...customer, error: message }] };
}
