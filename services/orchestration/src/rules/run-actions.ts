import {
  NEVER_CANCELLED,
  NOT_CANCELLED_WHILE_RUNNING,
  type WorkflowRun,
} from '@pawfresh/contracts/orchestration';

/**
 * Workflows that only read (no step changes anything in another service, and none has an undo):
 * one that ended in an error may run again from its failed step under the same id, which is
 * what "resume" means for them. Any other workflow that ended in an error may have run its undo
 * steps (docs/workflows.md "One saga shape"): replaying it from the failed step would take the
 * undone steps as still done (a payment refunded by the undo counted as taken), so it is never
 * resumed; its work is started again as a new run instead.
 */
export const RUN_AGAIN_AFTER_ERROR: readonly string[] = [
  'get-inflated-cart',
  'get-feeding-plan-pricing',
  'price-order-recipe-mix',
];

type Run = Pick<WorkflowRun, 'workflowId' | 'workflowName' | 'status' | 'steps'>;

/** How a run is resumed, or why it cannot be (a 409's words). */
export type ResumePlan =
  | { how: 'resume' }
  | { how: 'run-again-from'; stepId: number }
  | { how: 'refused'; message: string };

const running = (status: Run['status']) => status === 'PENDING' || status === 'ENQUEUED';

/**
 * A cancelled run, or one the engine gave up on after too many recoveries, goes on from its last
 * checkpoint (the engine's resume). A read-only run that ended in an error runs again from the
 * step that failed (or from after its last step, when the error was the workflow's own).
 */
export function resumePlanOf(run: Run): ResumePlan {
  const name = `Run ${run.workflowId} (${run.workflowName})`;
  switch (run.status) {
    case 'CANCELLED':
    case 'MAX_RECOVERY_ATTEMPTS_EXCEEDED':
      return { how: 'resume' };
    case 'SUCCESS':
      return { how: 'refused', message: `${name} has succeeded: there is nothing to resume` };
    case 'ERROR': {
      if (!RUN_AGAIN_AFTER_ERROR.includes(run.workflowName)) {
        return {
          how: 'refused',
          message: `${name} ended in an error: it changes things in other services, and running it again from its failed step could repeat or skip what it did or undid, so start the work again as a new run`,
        };
      }
      const failed = run.steps.find((s) => s.status === 'failed');
      return { how: 'run-again-from', stepId: failed?.stepId ?? run.steps.length };
    }
    default:
      return {
        how: 'refused',
        message: `${name} is still ${run.status === 'ENQUEUED' ? 'queued' : 'running'}: there is nothing to resume (cancel it first to stop it)`,
      };
  }
}

/**
 * Why a run cannot be cancelled (a 409's words); `null` when it can: it has not ended yet, and it
 * does not move money.
 */
export function cancelRefusalOf(run: Run): string | null {
  if (NEVER_CANCELLED.includes(run.workflowName)) {
    return `Run ${run.workflowId} (${run.workflowName}) moves money: it is never cancelled, as stopping it between the card and our records would leave a charge or a hold half-recorded; it ends on its own (charged, declined, or undone)`;
  }
  if (NOT_CANCELLED_WHILE_RUNNING.includes(run.workflowName) && running(run.status)) {
    return `Run ${run.workflowId} (${run.workflowName}) is importing or reverting one customer: stopped midway it would leave them half-done, so it ends on its own (cancel its bulk run to give back the customers it has not started)`;
  }
  if (running(run.status) || run.status === 'MAX_RECOVERY_ATTEMPTS_EXCEEDED') return null;
  const ended =
    run.status === 'SUCCESS'
      ? 'has succeeded'
      : run.status === 'ERROR'
        ? 'has failed'
        : 'is already cancelled';
  return `Run ${run.workflowId} (${run.workflowName}) ${ended}: there is nothing to cancel`;
}
