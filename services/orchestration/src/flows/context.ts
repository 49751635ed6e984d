import type { Clock } from '@pawfresh/kit';
import type { Collaborators } from '../collaborators.js';

/** What a workflow works with: the other services, and checkpointed steps to call them in. */
export interface WorkflowContext {
  services: Collaborators;
  /** Runs `run` as a checkpointed step named `name`: once, even across a crash and restart. */
  step<T>(name: string, run: () => Promise<T>): Promise<T>;
  /** The id of the running workflow: idempotency keys sent to other services derive from it. */
  workflowId(): string;
  /** Whether the run that started this one (a bulk run, for its customers) was cancelled. */
  parentCancelled(): Promise<boolean>;
  /** The service's clock: read it inside a step, so a recovered run sees the same time. */
  clock: Clock;
  /**
   * Between the writes of a step that makes many (one order after another): the crash tests'
   * step delay (WORKFLOW_STEP_DELAY_MS), so a kill can land inside the step; at once otherwise.
   */
  between(): Promise<void>;
}
