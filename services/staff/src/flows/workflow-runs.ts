import { passRefusals } from '@pawfresh/kit';
import type { RunListQuery, RunStepsQuery, WorkflowRun } from '@pawfresh/contracts/orchestration';
import type { Acting, StaffContext } from './context.js';
import { runStaffAction } from './record-action.js';

/** The runs list, as the orchestration service answers it. */
export const listRuns = (ctx: StaffContext, query: RunListQuery) =>
  passRefusals('Reading the workflow runs', () => ctx.orchestration.listRuns({ query }));

/** One run with its input, steps and error (an unknown id: the orchestration service's 404). */
export const readRun = (ctx: StaffContext, workflowId: string, query?: RunStepsQuery) =>
  passRefusals('Reading the workflow run', () =>
    ctx.orchestration.getRun({ params: { workflowId }, ...(query ? { query } : {}) }),
  );

/** What the audit log keeps of a run: its status and how far it got. */
const stateOf = (run: WorkflowRun) => ({
  workflowName: run.workflowName,
  status: run.status,
  steps: run.steps.length,
  error: run.error?.message ?? null,
});

/**
 * Resume or cancel a run for an admin (docs/staff.md "Workflow runs"): the orchestration service
 * decides what may be done (a 409 saying why when not), the audit row keeps the run's status
 * before and after with the reason. A run concerns no one customer.
 */
async function steerRun(
  ctx: StaffContext,
  acting: Acting,
  workflowId: string,
  reason: string,
  verb: 'resume' | 'cancel',
) {
  const { result, audit } = await runStaffAction(ctx, acting, {
    action: `workflow-run.${verb}`,
    permission: 'runs:manage',
    targetType: 'workflow-run',
    targetId: workflowId,
    reason,
    doing: verb === 'resume' ? 'Resuming the run' : 'Cancelling the run',
    read: () => readRun(ctx, workflowId),
    customerOf: () => null,
    run: () =>
      verb === 'resume'
        ? ctx.orchestration.resumeRun({ params: { workflowId } })
        : ctx.orchestration.cancelRun({ params: { workflowId } }),
    stateBefore: stateOf,
    stateAfter: stateOf,
  });
  return { run: result, audit };
}

export const resumeRun = (ctx: StaffContext, acting: Acting, workflowId: string, reason: string) =>
  steerRun(ctx, acting, workflowId, reason, 'resume');

export const cancelRun = (ctx: StaffContext, acting: Acting, workflowId: string, reason: string) =>
  steerRun(ctx, acting, workflowId, reason, 'cancel');
