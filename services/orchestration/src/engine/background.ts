import { wfQueueRunner } from '@dbos-inc/dbos-sdk/internal/wfqueue';
import { workflowTimeoutConfig } from '@dbos-inc/dbos-sdk/internal/workflow_management';
import { INTERNAL_QUEUE_NAME } from '@dbos-inc/dbos-sdk/internal/utils';

/**
 * How often DBOS's background loops read its tables when nothing asks them to. DBOS polls: each
 * queue at its own interval, and once a second it reloads the queues' settings (which is also how
 * its dispatcher learns of a queue registered after launch), starts delayed workflows that are
 * due, cancels workflows past their deadline and polls its own queue (the one recovery re-enqueues
 * pending workflows on). On PostgreSQL these are cheap reads in another process. On the embedded
 * database each one takes PGlite's single session on this process's main thread: the idle server
 * spent most of its CPU on them (docs/workflows.md, "Background polling").
 */
export interface BackgroundPolling {
  /** The bounded queues (generate-orders): the most a queued batch waits to start. */
  queueMs: number;
  /** DBOS's own queue, after its first poll at start (which takes the recovered workflows). */
  internalQueueMs: number;
  /**
   * Starting due delayed workflows and cancelling timed-out ones: this code uses neither delays
   * nor timeouts. (The queues' settings are reloaded every second still: the engine registers its
   * queues after launch and DBOS dispatches a queue only once it has reloaded it.)
   */
  sweepMs: number;
}

/** DBOS's own cadence, kept on PostgreSQL (several processes may share the database). */
const SERVER: BackgroundPolling = { queueMs: 200, internalQueueMs: 1000, sweepMs: 1000 };

/** Embedded (one process): queued work waits at most 1 s to start, the rest polls rarely. */
const EMBEDDED: BackgroundPolling = { queueMs: 1000, internalQueueMs: 2000, sweepMs: 30_000 };

export const backgroundPolling = (embedded: boolean): BackgroundPolling =>
  embedded ? EMBEDDED : SERVER;

/** DBOS's loop intervals are static fields of its queue runner's class (read at each turn). */
type RunnerClass = { transitionIntervalMs: number };

function runnerClass(): RunnerClass {
  const cls = wfQueueRunner.constructor as unknown as Partial<RunnerClass>;
  if (typeof cls.transitionIntervalMs !== 'number') {
    throw new Error('This DBOS version has no transitionIntervalMs: review engine/background.ts');
  }
  return cls as RunnerClass;
}

/** Sets DBOS's delayed-workflow and deadline sweeps (process-wide), before launch. */
export function setSweepPolling(polling: BackgroundPolling): void {
  runnerClass().transitionIntervalMs = polling.sweepMs;
  workflowTimeoutConfig.pollingIntervalMs = polling.sweepMs;
}

/**
 * Sets DBOS's own queue's interval, after launch (DBOS registers that queue in `launch`; its first
 * poll keeps the interval it started with).
 */
export function setInternalQueuePolling(polling: BackgroundPolling): void {
  const queue = wfQueueRunner.getInternalQueue(INTERNAL_QUEUE_NAME);
  if (!queue)
    throw new Error(`DBOS has no ${INTERNAL_QUEUE_NAME} queue: review engine/background.ts`);
  queue.minPollingIntervalMs = polling.internalQueueMs;
}
