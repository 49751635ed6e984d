import { conflict, notFound } from '@pawfresh/kit';
import type { RunStepsQuery, WorkflowRun } from '@pawfresh/contracts/orchestration';
import type { Engine } from '../engine/engine.js';
import { cancelRefusalOf, resumePlanOf } from '../rules/run-actions.js';
import { bulkProgressOf } from '../flows/migration/bulk-migrate.js';
import { generationProgressOf } from '../flows/order-generation/generate-orders-batch.js';
import { bulkChargeProgressOf } from '../flows/billing/bulk-manual-charge.js';

const runNotFound = (workflowId: string) => notFound(`Workflow run ${workflowId} not found`);

/** A run as the runs view shows it: its steps, and a bulk run's or a generation's progress. */
export async function runView(
  engine: Engine,
  workflowId: string,
  steps?: RunStepsQuery,
): Promise<WorkflowRun> {
  const run = await engine.getRun(workflowId, steps);
  if (!run) throw runNotFound(workflowId);
  // A run is at most one kind of bulk run: the three reads go together.
  const [progress, generationProgress, chargeProgress] = await Promise.all([
    bulkProgressOf(workflowId),
    generationProgressOf(workflowId),
    bulkChargeProgressOf(workflowId),
  ]);
  return {
    ...run,
    ...(progress ? { progress } : {}),
    ...(generationProgress ? { generationProgress } : {}),
    ...(chargeProgress ? { chargeProgress } : {}),
  };
}

/**
 * Resumes a run as its status allows (rules/run-actions.ts), or refuses with a 409 saying why;
 * answers the run as it now is.
 */
export async function resumeRun(engine: Engine, workflowId: string): Promise<WorkflowRun> {
  const run = await engine.getRun(workflowId);
  if (!run) throw runNotFound(workflowId);
  const plan = resumePlanOf(run);
  if (plan.how === 'refused') throw conflict(plan.message);
  if (plan.how === 'resume') await engine.resumeRun(workflowId);
  else await engine.runAgainFrom(workflowId, plan.stepId);
  return runView(engine, workflowId);
}

/**
 * Cancels a run that has not ended, or refuses with a 409; then does what cancelling its workflow
 * must also do (engine.whenCancelled), which a cancelled run may be cancelled again to finish.
 * Answers the run as it now is.
 */
export async function cancelRun(engine: Engine, workflowId: string): Promise<WorkflowRun> {
  const run = await engine.getRun(workflowId);
  if (!run) throw runNotFound(workflowId);
  const then = engine.afterCancelOf(run.workflowName);
  const refusal = cancelRefusalOf(run);
  if (refusal && !(then && run.status === 'CANCELLED')) throw conflict(refusal);
  if (run.status !== 'CANCELLED') await engine.cancelRun(workflowId);
  await then?.(workflowId);
  return runView(engine, workflowId);
}
