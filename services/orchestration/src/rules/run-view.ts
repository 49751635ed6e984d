import type { WorkflowRun } from '@pawfresh/contracts/orchestration';
import { workflowRunStatuses } from '@pawfresh/contracts/orchestration';
import { runErrorOf } from './workflow-failure.js';

/** The fields of a run as the engine reports it that staff see. */
export interface RunRecord {
  workflowID: string;
  workflowName: string;
  status: string;
  createdAt: number;
  updatedAt?: number;
  completedAt?: number;
  recoveryAttempts?: number;
  parentWorkflowID?: string;
  error?: unknown;
}

/** One checkpointed step as the engine reports it. */
export interface StepRecord {
  functionID: number;
  name: string;
  error: unknown;
  childWorkflowID: string | null;
  startedAtEpochMs?: number;
  completedAtEpochMs?: number;
}

const iso = (epochMs: number | undefined) =>
  epochMs === undefined || epochMs === null ? null : new Date(epochMs).toISOString();

const knownStatus = (status: string): WorkflowRun['status'] =>
  (workflowRunStatuses as readonly string[]).includes(status)
    ? (status as WorkflowRun['status'])
    : 'PENDING';

/** A run with its checkpointed steps, in step order, as `GET /workflows/runs/{id}` shows it. */
export function toWorkflowRun(run: RunRecord, steps: readonly StepRecord[]): WorkflowRun {
  return {
    workflowId: run.workflowID,
    workflowName: run.workflowName,
    status: knownStatus(run.status),
    createdAt: new Date(run.createdAt).toISOString(),
    updatedAt: iso(run.updatedAt),
    completedAt: iso(run.completedAt),
    recoveryAttempts: run.recoveryAttempts ?? 0,
    parentWorkflowId: run.parentWorkflowID ?? null,
    error: run.error === undefined || run.error === null ? null : runErrorOf(run.error),
    steps: [...steps]
      .sort((a, b) => a.functionID - b.functionID)
      .map((step) => ({
        stepId: step.functionID,
        name: step.name,
        status: step.error ? ('failed' as const) : ('completed' as const),
        error: step.error ? runErrorOf(step.error) : null,
        childWorkflowId: step.childWorkflowID,
        startedAt: iso(step.startedAtEpochMs),
        completedAt: iso(step.completedAtEpochMs),
      })),
  };
}
