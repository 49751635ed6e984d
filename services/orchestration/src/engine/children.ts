import { DBOS } from '@dbos-inc/dbos-sdk';
import type { Workflow } from './engine.js';

/**
 * A child workflow under an id the caller derives from what it does (`charge-order:<order>:…`):
 * started once; a second caller with the same id gets the first one's result. Called inside a
 * workflow (the start and the wait are checkpointed by the engine).
 */
export async function childWorkflow<I, O>(
  workflow: Workflow<I, O>,
  input: I,
  workflowId: string,
): Promise<O> {
  const handle = await DBOS.startWorkflow(workflow, { workflowID: workflowId })(input);
  return handle.getResult();
}

/** A running (pending or queued) workflow whose id starts with `prefix`, if any. */
export async function runningWorkflowWithPrefix(prefix: string): Promise<string | undefined> {
  const found = await DBOS.listWorkflows({
    workflow_id_prefix: prefix,
    status: ['PENDING', 'ENQUEUED'],
    limit: 1,
  });
  return found[0]?.workflowID;
}

/** Waits for a workflow started elsewhere and answers its result (or its failure). */
export async function resultOfWorkflow<O>(workflowId: string): Promise<O> {
  return DBOS.retrieveWorkflow<O>(workflowId).getResult();
}
