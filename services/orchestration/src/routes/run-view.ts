import { notFound } from '@pawfresh/kit';
import type { WorkflowRun } from '@pawfresh/contracts/orchestration';
import type { Engine } from '../engine/engine.js';
import { bulkProgressOf } from '../flows/migration/bulk-migrate.js';
import { generationProgressOf } from '../flows/order-generation/generate-orders-batch.js';

const runNotFound = (workflowId: string) => notFound(`Workflow run ${workflowId} not found`);

/** A run as the runs view shows it: its steps, and a bulk run's or a generation's progress. */
export async function runView(engine: Engine, workflowId: string): Promise<WorkflowRun> {
  const run = await engine.getRun(workflowId);
  if (!run) throw runNotFound(workflowId);
  const progress = await bulkProgressOf(workflowId);
  const generationProgress = await generationProgressOf(workflowId);
  return {
    ...run,
    ...(progress ? { progress } : {}),
    ...(generationProgress ? { generationProgress } : {}),
  };
}
