import { setTimeout as sleep } from 'node:timers/promises';
import { DBOS, Error as DBOSErrors } from '@dbos-inc/dbos-sdk';
import { registerScheduled, type ConfiguredSchedule } from './schedules.js';
import { runningWorkflowId } from './progress.js';
import { ExecutorLiveness } from './executors.js';
import { WORKFLOW_VERSION } from './version.js';
import { backgroundPolling, setInternalQueuePolling, setSweepPolling } from './background.js';
import type { Logger } from 'pino';
import { badRequest, HttpError, isUnavailable } from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import {
  FAILED_RUN_STATUSES,
  RUN_COUNT_CAP,
  RUN_STEPS_SHOWN,
  type RunListQuery,
  type RunStepsQuery,
  type WorkflowRun,
  type WorkflowRunPage,
} from '@pawfresh/contracts/orchestration';
import { toRunSummary, toWorkflowRun } from '../rules/run-view.js';
import { paced } from '../rules/pacing.js';
import { failureOf, type WorkflowFailure } from '../rules/workflow-failure.js';

/** DBOS keeps its tables in this schema of the same database (as each service keeps its own). */
const ENGINE_SCHEMA = 'orchestration';
/** Scopes the workflows, queues and schedules in the engine's tables. */
const APPLICATION_NAME = 'pawfresh';

/** How long a connection may sit idle inside a transaction before the server ends it. */
const IDLE_IN_TRANSACTION_MS = 60_000;

/**
 * Sets the idle-in-transaction limit at connection start. DBOS would otherwise send a `SET` as each
 * pooled connection opens, racing its first query (a pg deprecation warning).
 */
function withIdleTimeout(url: string): string {
  const u = new URL(url);
  if (u.searchParams.has('options')) return url;
  u.searchParams.set('options', `-c idle_in_transaction_session_timeout=${IDLE_IN_TRANSACTION_MS}`);
  return u.toString();
}

const restarting = () =>
  new HttpError(
    503,
    'The service is restarting; the workflow goes on after the restart: ask again with the same workflowId',
    { type: 'unavailable' },
  );

/** A workflow as registered: called inside another workflow, it runs as a child workflow. */
export type Workflow<I, O> = (input: I) => Promise<O>;

export interface EngineOptions {
  database: DatabaseConnection;
  log: Logger;
  /** Test-only pause before each step (see settings.ts). */
  stepDelayMs: number;
  /** This process's executor id among those sharing the database (see settings.ts). */
  executorId?: string;
  /** The workflows' version (settings.ts, engine/version.ts). */
  applicationVersion?: string;
  /** How often a live process looks for dead processes' workflows (PostgreSQL only). */
  recoveryIntervalMs?: number;
}

/** A daily (or any cron) run of a workflow that takes no input, in Australia/Sydney time. */
interface Schedule {
  name: string;
  cron: string;
  workflow: (scheduledAt: Date, context: unknown) => Promise<void>;
}

/** A run's answer when it ended in an error that was not meant for its caller. */
const unexpectedFailure: WorkflowFailure = {
  statusCode: 502,
  message:
    'This could not be completed just now because part of our system did not answer as expected: try again in a minute',
  type: 'upstream',
};

/**
 * The durable workflow engine of this process: DBOS Transact on the process's own database. One
 * per process (DBOS is process-wide): workflows are registered, then `launch` connects, migrates
 * the engine's tables and recovers the workflows a crash left pending.
 */
export class Engine {
  #launched = false;
  #stopping = false;
  #executors: ExecutorLiveness | undefined;
  /** Callers waiting for a workflow's result, answered when the process begins to stop. */
  readonly #waiting = new Set<(err: Error) => void>();
  readonly #schedules: Schedule[] = [];
  readonly #queues: {
    name: string;
    concurrency?: number;
    perSecond?: number;
    pollMs?: number;
  }[] = [];

  constructor(private readonly options: EngineOptions) {}

  /** Registers a workflow under its spec name (`get-inflated-cart`), before launch. */
  register<I, O>(name: string, run: (input: I) => Promise<O>): Workflow<I, O> {
    return DBOS.registerWorkflow(run, { name });
  }

  /**
   * A queue of bounded concurrency (per process) for bulk work, before launch. `pollMs` on
   * PostgreSQL: how often a freed slot looks for the next run (the engine's default otherwise).
   */
  queue(name: string, concurrency: number, pollMs?: number): string {
    this.#queues.push({ name, concurrency, ...(pollMs !== undefined ? { pollMs } : {}) });
    return name;
  }

  /**
   * A queue whose runs start at most `perSecond` times a second across every process sharing the
   * database (DBOS's queue rate limit: it counts the runs started in the last second in the
   * engine's tables), before launch. For calls to a provider with a rate limit of its own.
   */
  rateLimitedQueue(name: string, perSecond: number): string {
    // A fifth of a second's budget at a time (see `paced`).
    this.#queues.push({ name, perSecond });
    return name;
  }

  /**
   * Starts a workflow on a queue (inside a workflow: as its child, checkpointed) and answers its
   * handle; the same id again answers the same run.
   */
  enqueue<I, O>(workflow: Workflow<I, O>, input: I, workflowId: string, queueName: string) {
    return DBOS.startWorkflow(workflow, { workflowID: workflowId, queueName })(input);
  }

  /**
   * Runs a workflow on a cron schedule, from launch on. Each tick's run has the id
   * `sched-<name>-<instant>`, so processes sharing the database run each tick once.
   */
  schedule(name: string, cron: string, run: (scheduledAt: Date) => Promise<unknown>): void {
    const workflow = registerScheduled(name, async (scheduledAt: Date): Promise<void> => {
      await run(scheduledAt);
    });
    this.#schedules.push({ name, cron, workflow });
  }

  /**
   * The schedules registered with `schedule`, for the service to create at start and for
   * reset-temporal-schedules to put back, with the other configured ones (engine/schedules.ts).
   */
  configuredSchedules(): ConfiguredSchedule[] {
    return this.#schedules.map((s) => ({
      scheduleName: s.name,
      workflow: s.workflow,
      schedule: s.cron,
      cronTimezone: 'Australia/Sydney',
    }));
  }

  /**
   * A checkpointed step: run once, its result stored; after a crash the workflow resumes with the
   * stored result instead of running it again.
   */
  step<T>(name: string, run: () => Promise<T>): Promise<T> {
    const delay = this.options.stepDelayMs;
    return DBOS.runStep(
      async () => {
        if (delay > 0) await sleep(delay);
        try {
          return await whileUnavailable(run);
        } catch (err) {
          // Once the process stops, the services it calls in-process refuse: that is no answer
          // to record. The step stays unfinished and the workflow pending, for recovery at start.
          if (this.#stopping) return new Promise<T>(() => {});
          throw err;
        }
      },
      { name },
    );
  }

  /** Inside a step, between its writes: the test-only step delay (see WorkflowContext.between). */
  async between(): Promise<void> {
    if (this.options.stepDelayMs > 0) await sleep(this.options.stepDelayMs);
  }

  /** The id of the workflow the caller runs in (steps derive their idempotency keys from it). */
  currentWorkflowId(): string {
    return runningWorkflowId();
  }

  /**
   * Whether the run that started the running workflow (its parent, for a child run such as a bulk
   * migration's customer) has been cancelled; false for a run no workflow started.
   */
  async parentCancelled(): Promise<boolean> {
    const own = await DBOS.getWorkflowStatus(runningWorkflowId());
    if (!own?.parentWorkflowID) return false;
    const parent = await DBOS.getWorkflowStatus(own.parentWorkflowID);
    return parent?.status === 'CANCELLED';
  }

  /**
   * The process begins to stop (before its routes close): no step failure is recorded from now
   * on, and callers still waiting for a workflow get a 503 that tells them to ask again.
   */
  beginShutdown(): void {
    if (this.#stopping) return;
    this.#stopping = true;
    for (const answer of this.#waiting) answer(restarting());
    this.#waiting.clear();
  }

  async launch(): Promise<void> {
    if (DBOS.isInitialized()) {
      throw new Error(
        'The workflow engine already runs in this process: one orchestration service per process',
      );
    }
    const { database, log } = this.options;
    const embedded = database.kind === 'pglite';
    const polling = backgroundPolling(embedded);
    setSweepPolling(polling);
    const dbosLog = log.child({ component: 'workflow-engine' });
    DBOS.setConfig({
      name: APPLICATION_NAME,
      systemDatabaseUrl: embedded
        ? await database.wireUrl()
        : withIdleTimeout(await database.wireUrl()),
      systemDatabaseSchemaName: ENGINE_SCHEMA,
      executorID: this.options.executorId ?? 'local',
      applicationVersion: this.options.applicationVersion ?? WORKFLOW_VERSION,
      // Embedded, every connection shares PGlite's one session: a notification would reach
      // whichever connection speaks next, and a session setting would apply to every service.
      useListenNotify: !embedded,
      ...(embedded ? { systemDatabaseIdleTransactionTimeoutMs: 0 } : {}),
      logger: {
        info: (entry) => dbosLog.info(entry),
        debug: (entry) => dbosLog.debug(entry),
        warn: (entry) => dbosLog.warn(entry),
        // DBOS passes a failure's message, with the error itself in the metadata. A workflow that
        // ends in an answer for its caller (a 404, a 400) is not the engine's error.
        error: (entry, metadata) => {
          const err = (metadata as { error?: unknown } | undefined)?.error;
          const status = failureOf(err ?? entry)?.statusCode;
          if (status !== undefined && status < 500) dbosLog.info(String(entry));
          else dbosLog.error({ err }, String(entry));
        },
      },
    });
    // On PostgreSQL several processes may share the database: this one holds its executor id's
    // lock before it recovers that id's workflows, and recovers those of processes that die.
    const executors = embedded
      ? undefined
      : new ExecutorLiveness({
          url: await database.wireUrl(),
          executorId: this.options.executorId ?? 'local',
          applicationVersion: this.options.applicationVersion ?? WORKFLOW_VERSION,
          schema: ENGINE_SCHEMA,
          applicationName: APPLICATION_NAME,
          intervalMs: this.options.recoveryIntervalMs ?? 10_000,
          log: log.child({ component: 'workflow-executors' }),
        });
    await executors?.claim();
    try {
      await DBOS.launch();
    } catch (err) {
      await executors?.stop();
      throw err;
    }
    this.#launched = true;
    executors?.watch();
    this.#executors = executors;
    setInternalQueuePolling(polling);
    for (const { name, concurrency, perSecond, pollMs } of this.#queues) {
      await DBOS.registerQueue(name, {
        // Per process: each process sharing the database runs this many at once.
        ...(concurrency !== undefined ? { workerConcurrency: concurrency } : {}),
        // Across the processes: the same row of the queues table, the latest start's setting.
        ...(perSecond !== undefined ? { rateLimit: paced(perSecond) } : {}),
        minPollingIntervalMs: embedded ? polling.queueMs : (pollMs ?? polling.queueMs),
        onConflict: 'always_update',
      });
    }
  }

  async shutdown(): Promise<void> {
    if (!this.#launched) return;
    this.#launched = false;
    await this.#executors?.stop();
    this.#executors = undefined;
    // Deregistering lets a later engine in the same process (tests) register its workflows again.
    await DBOS.shutdown({ deregister: true });
  }

  /** Whether the engine runs and its tables answer. */
  async check(): Promise<void> {
    if (!this.#launched) throw new Error('The workflow engine is not running');
    await DBOS.listWorkflows({ limit: 1 });
  }

  /**
   * Runs a workflow under `workflowId` (a new id when none is given) and answers its result. An id
   * already used answers that run's result, or its failure, without running anything again.
   */
  async run<I, O>(
    workflow: Workflow<I, O>,
    input: I,
    workflowId: string | undefined,
  ): Promise<{ workflowId: string; result: O }> {
    const { workflowId: id, handle } = await this.#start(workflow, input, workflowId);
    try {
      return { workflowId: id, result: await this.#resultOf(handle) };
    } catch (err) {
      // An error not meant for the caller (another service's unexpected answer): logged in the
      // run for staff, and answered in words a customer can act on, the same on every replay.
      const failure = failureOf(err) ?? unexpectedFailure;
      throw new HttpError(failure.statusCode, failure.message, {
        ...(failure.type ? { type: failure.type } : {}),
        ...(failure.details !== undefined ? { details: failure.details } : {}),
      });
    }
  }

  /**
   * Starts a workflow under `workflowId` (a new id when none is given) and answers its id without
   * waiting for it to end: for long runs followed through `getRun`. An id already used is that
   * run, not a second one.
   */
  async start<I, O>(
    workflow: Workflow<I, O>,
    input: I,
    workflowId: string | undefined,
  ): Promise<string> {
    return (await this.#start(workflow, input, workflowId)).workflowId;
  }

  async #start<I, O>(workflow: Workflow<I, O>, input: I, workflowId: string | undefined) {
    const id = workflowId ?? crypto.randomUUID();
    try {
      return {
        workflowId: id,
        handle: await DBOS.startWorkflow(workflow, { workflowID: id })(input),
      };
    } catch (err) {
      if (err instanceof DBOSErrors.DBOSConflictingWorkflowError) {
        throw badRequest(`workflowId ${id} is already the id of another workflow: use a new one`);
      }
      throw err;
    }
  }

  #resultOf<O>(handle: { getResult(): Promise<O> }): Promise<O> {
    if (this.#stopping) return Promise.reject(restarting());
    return new Promise<O>((resolve, reject) => {
      this.#waiting.add(reject);
      handle
        .getResult()
        .then(resolve, reject)
        .finally(() => this.#waiting.delete(reject));
    });
  }

  /**
   * A run with its checkpointed steps from `stepsOffset`, at most `stepsLimit` of them (one more is
   * read to know whether there are more); `undefined` for an id the engine has never seen.
   */
  async getRun(
    workflowId: string,
    { stepsOffset, stepsLimit }: RunStepsQuery = { stepsOffset: 0, stepsLimit: RUN_STEPS_SHOWN },
  ): Promise<WorkflowRun | undefined> {
    const status = await DBOS.getWorkflowStatus(workflowId);
    if (!status) return undefined;
    const steps =
      (await DBOS.listWorkflowSteps(workflowId, { offset: stepsOffset, limit: stepsLimit + 1 })) ??
      [];
    return toWorkflowRun(status, steps, { stepsOffset, stepsLimit });
  }

  /**
   * Runs newest first, by name and status, one page; `total` counted up to RUN_COUNT_CAP (the
   * engine has no count: the matching runs are listed without their input and output).
   */
  async listRuns(query: RunListQuery): Promise<WorkflowRunPage> {
    const filter = {
      ...(query.name !== undefined ? { workflowName: query.name } : {}),
      ...(query.status === 'failed'
        ? { status: [...FAILED_RUN_STATUSES] }
        : query.status !== undefined
          ? { status: query.status }
          : {}),
      sortDesc: true,
      loadInput: false,
      loadOutput: false,
    };
    const [page, counted] = await Promise.all([
      DBOS.listWorkflows({ ...filter, offset: query.offset, limit: query.limit }),
      DBOS.listWorkflows({ ...filter, limit: RUN_COUNT_CAP + 1 }),
    ]);
    return {
      data: page.map(toRunSummary),
      meta: {
        total: Math.min(counted.length, RUN_COUNT_CAP),
        totalIsAtLeast: counted.length > RUN_COUNT_CAP,
        offset: query.offset,
        limit: query.limit,
      },
    };
  }

  /** Resumes a cancelled run, or one the engine gave up on, from its last checkpoint. */
  async resumeRun(workflowId: string): Promise<void> {
    await DBOS.resumeWorkflow(workflowId);
  }

  /**
   * Runs a run that ended again from `stepId`, under its own id: the steps before are kept, those
   * from it on run again (DBOS rewindWorkflow).
   */
  async runAgainFrom(workflowId: string, stepId: number): Promise<void> {
    await DBOS.rewindWorkflow(workflowId, { startStep: stepId });
  }

  /** Cancels a run: it stops before its next step. */
  async cancelRun(workflowId: string): Promise<void> {
    await DBOS.cancelWorkflow(workflowId);
  }

  readonly #afterCancel = new Map<string, (workflowId: string) => Promise<void>>();

  /**
   * What cancelling a run of this workflow must also do, after the run is stopped (a bulk
   * migration gives back the customers it still holds). Run again when a cancelled run is
   * cancelled again, so a person can finish it after a failure.
   */
  whenCancelled(workflowName: string, then: (workflowId: string) => Promise<void>): void {
    this.#afterCancel.set(workflowName, then);
  }

  afterCancelOf(workflowName: string): ((workflowId: string) => Promise<void>) | undefined {
    return this.#afterCancel.get(workflowName);
  }
}

/**
 * A step's work, asked again while a service it calls answers that its database cannot be reached
 * (503 `unavailable`: a restart or failover, docs/deployment.md "Fault suite"): 8 tries over about
 * 30 seconds. Running a step's work again is what recovery after a crash does anyway, so every
 * step is written to be run twice (docs/workflows.md); any other failure is the step's at once.
 */
async function whileUnavailable<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= 8 || !isUnavailable(err)) throw err;
      await sleep(Math.min(250 * 2 ** attempt, 8_000));
    }
  }
}
