import type {
  RunStepsQuery,
  WorkflowRun,
  WorkflowRunSummary,
} from '@pawfresh/contracts/orchestration';
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
  input?: unknown[];
  error?: unknown;
}

/** One checkpointed step as the engine reports it. */
export interface StepRecord {
  functionID: number;
  name: string;
  output?: unknown;
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

/** From start to end in milliseconds; null while it has not ended (or was never started). */
export const durationOf = (
  startedAt: number | undefined | null,
  endedAt: number | undefined | null,
): number | null =>
  startedAt === undefined || startedAt === null || endedAt === undefined || endedAt === null
    ? null
    : Math.max(0, endedAt - startedAt);

/** The longest value (as JSON) answered whole; a longer one is cut to its start. */
export const MAX_SHOWN_VALUE_LENGTH = 4000;

/**
 * A run's input or a step's output as staff read it: JSON as it is, or its start when it is long
 * (an invoice's PDF, a bulk run's every customer), so one run never answers megabytes.
 */
export function shownValue(value: unknown): unknown {
  if (value === undefined) return null;
  let text: string;
  try {
    text = JSON.stringify(value) ?? 'null';
  } catch {
    return { truncated: true, preview: String(value).slice(0, MAX_SHOWN_VALUE_LENGTH) };
  }
  if (text.length <= MAX_SHOWN_VALUE_LENGTH) return JSON.parse(text) as unknown;
  return { truncated: true, preview: text.slice(0, MAX_SHOWN_VALUE_LENGTH) };
}

/** A run as the runs list shows it. */
export function toRunSummary(run: RunRecord): WorkflowRunSummary {
  return {
    workflowId: run.workflowID,
    workflowName: run.workflowName,
    status: knownStatus(run.status),
    createdAt: new Date(run.createdAt).toISOString(),
    updatedAt: iso(run.updatedAt),
    completedAt: iso(run.completedAt),
    durationMs: durationOf(run.createdAt, run.completedAt),
    recoveryAttempts: run.recoveryAttempts ?? 0,
    parentWorkflowId: run.parentWorkflowID ?? null,
  };
}

/**
 * A run with its checkpointed steps, in step order, as `GET /workflows/runs/{id}` shows it: the
 * steps read from `stepsOffset` (one more than `stepsLimit` may be read, to tell there are more).
 */
export function toWorkflowRun(
  run: RunRecord,
  steps: readonly StepRecord[],
  { stepsOffset, stepsLimit }: RunStepsQuery = { stepsOffset: 0, stepsLimit: steps.length },
): WorkflowRun {
  // The engine keeps a workflow's arguments as a list; every workflow here takes one.
  const input = run.input?.length === 1 ? run.input[0] : run.input;
  return {
    ...toRunSummary(run),
    input: shownValue(input),
    error: run.error === undefined || run.error === null ? null : runErrorOf(run.error),
    steps: [...steps]
      .sort((a, b) => a.functionID - b.functionID)
      .slice(0, stepsLimit)
      .map((step) => ({
        stepId: step.functionID,
        name: step.name,
        status: step.error ? ('failed' as const) : ('completed' as const),
        output: step.error ? null : shownValue(step.output),
        error: step.error ? runErrorOf(step.error) : null,
        childWorkflowId: step.childWorkflowID,
        startedAt: iso(step.startedAtEpochMs),
        completedAt: iso(step.completedAtEpochMs),
        durationMs: durationOf(step.startedAtEpochMs, step.completedAtEpochMs),
      })),
    stepsOffset,
    moreSteps: steps.length > stepsLimit,
  };
}
