import pg from 'pg';
import type { Logger } from 'pino';
import { DBOSExecutor } from '@dbos-inc/dbos-sdk/internal/dbos-executor';

/**
 * Which processes sharing the database are alive, and the workflows of those that are not
 * (docs/workflows.md "Several processes"). Each process holds, for its whole life, a PostgreSQL
 * advisory lock named after its executor id, on a connection of its own. PostgreSQL releases it
 * when the process dies: at once for a killed process (its socket closes), within the keepalive
 * below for one cut off from the network. A live process looks, every interval, for executor ids
 * with pending workflows of its own version; one whose lock it can take has no live process, and
 * its workflows are handed to DBOS's recovery, which puts them on DBOS's own queue for any live
 * process to run. Two survivors may look at once: the lock lets one in at a time, and DBOS's
 * recovery moves each pending run exactly once (one UPDATE of pending rows), so the second finds
 * nothing left.
 */

/** The advisory lock's key: a name of this application's, not another's. */
const lockKey = (executorId: string) => `pawfresh-workflow-executor:${executorId}`;

/** How soon PostgreSQL gives up on a silent client (idle, then probes): about 25 seconds. */
const KEEPALIVE =
  '-c tcp_keepalives_idle=10 -c tcp_keepalives_interval=5 -c tcp_keepalives_count=3';

/** How long a start waits for an earlier process of the same id to be gone (a restart). */
const CLAIM_WAIT_MS = 30_000;

export interface ExecutorOptions {
  url: string;
  executorId: string;
  applicationVersion: string;
  /** DBOS's tables' schema. */
  schema: string;
  applicationName: string;
  intervalMs: number;
  log: Logger;
}

export class ExecutorLiveness {
  #client: pg.Client | undefined;
  #timer: NodeJS.Timeout | undefined;
  #sweeping: Promise<void> | undefined;
  /** Workflows recovered from other processes, by their executor id (for the run view and tests). */
  readonly recovered: { executorId: string; workflowIds: string[] }[] = [];

  constructor(private readonly options: ExecutorOptions) {}

  /**
   * Takes this process's lock, before the engine recovers this id's workflows (waiting for an
   * earlier start of the same id to be gone). A second live process with the same id is refused.
   */
  async claim(): Promise<void> {
    const { url, executorId } = this.options;
    const u = new URL(url);
    u.searchParams.set('options', KEEPALIVE);
    const client = new pg.Client({
      connectionString: u.toString(),
      keepAlive: true,
      application_name: `pawfresh executor ${executorId}`.slice(0, 63),
    });
    client.on('error', (err) => this.options.log.warn({ err }, 'executor lock connection lost'));
    await client.connect();
    this.#client = client;
    const until = Date.now() + CLAIM_WAIT_MS;
    while (!(await this.#tryLock(executorId))) {
      if (Date.now() > until) {
        await this.stop();
        throw new Error(
          `Another live process uses the workflow executor id ${executorId}: give each process its own WORKFLOW_EXECUTOR_ID`,
        );
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  /** Looks for dead processes' workflows every interval, once the engine runs. */
  watch(): void {
    this.#timer = setInterval(() => {
      this.#sweeping ??= this.sweep()
        .catch((err: unknown) =>
          this.options.log.warn({ err }, 'looking for dead processes failed'),
        )
        .finally(() => (this.#sweeping = undefined));
    }, this.options.intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#sweeping;
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  /** Hands the pending workflows of every process no longer alive to DBOS's recovery. */
  async sweep(): Promise<void> {
    const client = this.#client;
    if (!client) return;
    const { schema, applicationVersion, applicationName, executorId, log } = this.options;
    const { rows } = await client.query<{ executor_id: string }>(
      `select distinct executor_id from "${schema}".workflow_status
        where status = 'PENDING' and executor_id <> $1 and application_version = $2
          and application_name = $3`,
      [executorId, applicationVersion, applicationName],
    );
    for (const { executor_id: dead } of rows) {
      if (!(await this.#tryLock(dead))) continue;
      try {
        const handles = await DBOSExecutor.globalInstance!.recoverPendingWorkflows([dead]);
        const workflowIds = handles.map((h) => h.workflowID);
        if (workflowIds.length > 0) {
          this.recovered.push({ executorId: dead, workflowIds });
          log.info(
            { executor: dead, workflows: workflowIds.length },
            'recovered the workflows of a process that died',
          );
        }
      } finally {
        await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [lockKey(dead)]);
      }
    }
  }

  async #tryLock(executorId: string): Promise<boolean> {
    const { rows } = await this.#client!.query<{ locked: boolean }>(
      'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
      [lockKey(executorId)],
    );
    return rows[0]!.locked;
  }
}
