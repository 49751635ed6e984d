import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { connect, type DatabaseConnection } from '@pawfresh/db';
import type { WorkflowRun } from '@pawfresh/contracts/orchestration';
import { databaseSource, repoRoot, testDatabase } from '@pawfresh/testing';

/**
 * The one way the crash tests run the real server: as child processes on a database of their
 * own (a PGlite folder from the migrated snapshot, or a PostgreSQL database), started, killed
 * with SIGKILL at a workflow step (or stopped with SIGTERM), started again on the same database,
 * and waited on until the workflow is recovered.
 *
 * The server is the production bundle (scripts/build-server.mjs), built once per test run
 * and started on plain node: a start costs a fraction of transpiling every module with tsx, and
 * crash tests start the server many times. WORKFLOW_STEP_DELAY_MS holds each workflow step long
 * enough to kill the process inside one.
 */
export const STEP_DELAY_MS = 1500;
export const TOKEN = 'crash-test-service-token-000000000000000';
export const auth = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
/** How often the waits look again: short, so a kill lands early in the step it aims at. */
const POLL_MS = 25;

export interface Server {
  process: ChildProcess;
  output: string[];
  base: string;
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  ms = 300_000,
): Promise<T> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await pause(POLL_MS);
  }
  throw new Error(`Timed out waiting for ${what}`);
}

export async function stop(server: Server, signal: NodeJS.Signals) {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill(signal);
  await exited;
}

/**
 * Requests the processes answered for a URL, from their one debug line per request (in-process
 * calls between services included). A request cut off by a kill has no line: the step it
 * belonged to is counted when it runs again after the restart.
 */
export const requestsTo = (servers: readonly Server[], url: string, method?: string) =>
  servers
    .flatMap((s) => s.output.join('').split('\n'))
    .filter(
      (line) =>
        line.includes(`"url":"${url}"`) &&
        line.includes('"statusCode"') &&
        (method === undefined || line.includes(`"method":"${method}"`)),
    ).length;

let bundle: Promise<string> | undefined;

/**
 * The server bundled once per test run, in the folder global-setup.ts names (and removes at the
 * end of the run): the first test process to need it builds it, the others find it there.
 */
export function serverBundle(): Promise<string> {
  bundle ??= (async () => {
    const dir = inject('serverBundleDir');
    const file = path.join(dir, 'main.mjs');
    if (existsSync(file)) return file;
    // Built aside, then moved in whole: a process starting from the file never sees half of it.
    const own = path.join(dir, `build-${process.pid}`);
    await promisify(execFile)(
      process.execPath,
      ['scripts/build-server.mjs', path.join(own, 'main.mjs')],
      { cwd: repoRoot },
    );
    await rename(path.join(own, 'main.mjs.map'), `${file}.map`);
    await rename(path.join(own, 'main.mjs'), file);
    await rm(own, { recursive: true, force: true });
    return file;
  })();
  return bundle;
}

/** Starts the bundled server (`file`, see serverBundle) with these settings on this port. */
function spawnServer(file: string, env: Record<string, string>, port: number): Server {
  const child = spawn(process.execPath, ['--enable-source-maps', file], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  return { process: child, output, base: `http://127.0.0.1:${port}` };
}

/** Calls to one server with the service credentials. */
export function client(base: () => string) {
  const request = (method: string, url: string, body?: unknown) =>
    fetch(`${base()}${url}`, {
      method,
      headers: auth,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return {
    request,
    async get<T>(url: string): Promise<T> {
      const res = await request('GET', url);
      if (res.status >= 300) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
    async post<T>(url: string, body: unknown): Promise<T> {
      const res = await request('POST', url, body);
      if (res.status >= 300) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
    healthy: async () =>
      (await fetch(`${base()}/svc/orchestration/workflows/health`)).ok ? true : undefined,
    run: async (id: string) => {
      const res = await request(
        'GET',
        `/svc/orchestration/workflows/runs/${encodeURIComponent(id)}`,
      );
      return res.ok ? ((await res.json()) as WorkflowRun) : undefined;
    },
  };
}
export type ServerClient = ReturnType<typeof client>;

/** A run that has ended (SUCCESS or ERROR), else undefined: for `waitFor`. */
export const settled = (r: WorkflowRun | undefined) =>
  r && (r.status === 'SUCCESS' || r.status === 'ERROR') ? r : undefined;

/** Waits (2 minutes at most) for a run to end, asking `on`. */
export const runEnded = (on: Pick<ServerClient, 'run'>, workflowId: string, ms = 120_000) =>
  waitFor(`${workflowId} to end`, async () => settled(await on.run(workflowId)), ms);

/** A point to kill the server at: once `ready` answers, the step after it is in flight. */
export interface KillPoint {
  name: string;
  ready: () => Promise<true | undefined>;
}

/**
 * One database and the servers started on it, one after the other on one port (each test file
 * makes one: `await CrashServers.create()` in beforeAll, `close()` in afterAll). The servers
 * started are kept in `servers`, so requests can be counted across every life of the process.
 */
export class CrashServers implements ServerClient {
  readonly servers: Server[] = [];
  readonly request: ServerClient['request'];
  readonly get: ServerClient['get'];
  readonly post: ServerClient['post'];
  readonly healthy: ServerClient['healthy'];
  readonly run: ServerClient['run'];

  private constructor(
    private readonly bundleFile: string,
    readonly port: number,
    readonly env: Record<string, string>,
    readonly dataDir: string,
    /** PostgreSQL: the test's own connection to the same database. */
    readonly database: DatabaseConnection | undefined,
  ) {
    const api = client(() => this.base);
    this.request = api.request;
    this.get = api.get;
    this.post = api.post;
    this.healthy = api.healthy;
    this.run = api.run;
  }

  /** A fresh database and the settings of its servers (`env` adds to or overrides them). */
  static async create(env: Record<string, string> = {}): Promise<CrashServers> {
    const [dataDir, port, file] = await Promise.all([
      mkdtemp(path.join(tmpdir(), 'pawfresh-crash-')),
      freePort(),
      serverBundle(),
    ]);
    const settings: Record<string, string> = {
      HOST: '127.0.0.1',
      LOG_LEVEL: 'debug',
      SERVICE_TOKEN: TOKEN,
      CUSTOMER_APP_DIR: path.join(dataDir, 'no-app'),
      WORKFLOW_STEP_DELAY_MS: String(STEP_DELAY_MS),
      // One replica restarted under its stable name: it recovers its own runs as it starts.
      WORKFLOW_EXECUTOR_ID: 'crash-server',
      WORKFLOW_RECOVERY_INTERVAL_MS: '500',
      // Read by the payment service at each instant of a card call (armFault).
      PAYMENT_FAULT_FILE: path.join(dataDir, 'payment-fault'),
      ...env,
    };
    let database: DatabaseConnection | undefined;
    const source = databaseSource();
    if (source.kind === 'postgres') {
      database = await testDatabase();
      settings.DATABASE_URL = await database.wireUrl();
    } else {
      // Start from the migrated snapshot, as a data folder, so the server only seeds.
      settings.DATA_DIR = path.join(dataDir, 'db');
      const bytes = await readFile(source.snapshotPath);
      const seeded = await connect({ dataDir: settings.DATA_DIR, loadDataDir: new Blob([bytes]) });
      await seeded.close();
    }
    return new CrashServers(file, port, settings, dataDir, database);
  }

  /**
   * Another release of the server: the bundle with each `[from, to]` text replaced (each must be
   * there), written beside it (removed with it at the end of the run). What a deploy of changed
   * workflow code starts.
   */
  async changedRelease(name: string, changes: [string, string][]): Promise<string> {
    let code = await readFile(this.bundleFile, 'utf8');
    for (const [from, to] of changes) {
      if (!code.includes(from)) throw new Error(`The server bundle has no ${JSON.stringify(from)}`);
      code = code.replaceAll(from, to);
    }
    // Beside the bundle, where its packages are found; a name of this database's own.
    const file = path.join(
      path.dirname(this.bundleFile),
      `${name}-${path.basename(this.dataDir)}.mjs`,
    );
    await writeFile(file, code);
    return file;
  }

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The server started last. */
  get current(): Server | undefined {
    return this.servers.at(-1);
  }

  /**
   * Starts a server (not waiting for it); `env` adds settings for this one, `release` runs another
   * build of the server (see `changedRelease`).
   */
  start(env: Record<string, string> = {}, port = this.port, release = this.bundleFile): Server {
    const server = spawnServer(release, { ...this.env, ...env }, port);
    this.servers.push(server);
    return server;
  }

  /**
   * Starts a server and waits until it answers. A process that dies while starting (on a loaded
   * machine the engine's launch can outlast Fastify's plugin timeout) is started again, twice at
   * most; then its last output is in the error.
   */
  async started(
    env: Record<string, string> = {},
    port = this.port,
    release = this.bundleFile,
  ): Promise<Server> {
    for (let attempt = 1; ; attempt++) {
      const server = this.start(env, port, release);
      const api = client(() => server.base);
      const up = await waitFor('the server to start', async () => {
        if (server.process.exitCode !== null || server.process.signalCode !== null) return false;
        return api.healthy();
      }).catch((err: unknown) => err);
      if (up === true) return server;
      if (up === false && attempt < 3) continue;
      await stop(server, 'SIGKILL');
      const tail = server.output.join('').split('\n').slice(-15).join('\n');
      const why = up === false ? 'The server stopped while starting' : String(up);
      throw new Error(`${why}; its last output:\n${tail}`);
    }
  }

  /**
   * Arms the payment service's fault (`<call>:<point>`, services/payment/src/rules/faults.ts) in
   * every server of this database, running or started later: the first to reach that instant of a
   * card call kills itself. `null` disarms it (before the restart that recovers the run).
   */
  async armFault(fault: string | null): Promise<void> {
    await writeFile(this.env.PAYMENT_FAULT_FILE!, fault ?? '');
  }

  /** The running server, started if none runs (one start shared by a file's tests). */
  async running(): Promise<Server> {
    const server = this.current;
    const alive = server && server.process.exitCode === null && server.process.signalCode === null;
    return alive ? server : this.started();
  }

  /** Resolves once the run has checkpointed a step named `name` (`count` times). */
  stepDone(workflowId: string, name: string, count = 1) {
    return waitFor(`step ${name} of ${workflowId}`, async () => {
      const steps = (await this.run(workflowId))?.steps.filter((s) => s.name === name) ?? [];
      return steps.length >= count ? true : undefined;
    });
  }

  /** SIGKILL to the running server half-way through the step in flight, then a new start. */
  async killAndRestart(): Promise<Server> {
    await pause(STEP_DELAY_MS / 2);
    await stop(this.current!, 'SIGKILL');
    return this.started();
  }

  /** Kills the server in the step after `name` (its `count`-th time) and starts it again. */
  async killAfterStep(workflowId: string, name: string, count = 1): Promise<Server> {
    await this.stepDone(workflowId, name, count);
    return this.killAndRestart();
  }

  /** Kills the server at each point in turn, starting it again after each. */
  async killAtEach(points: readonly KillPoint[]): Promise<void> {
    for (const point of points) {
      await waitFor(point.name, point.ready);
      await this.killAndRestart();
    }
  }

  /** Waits for the (recovered) workflow to finish with SUCCESS, and answers its run. */
  finished(workflowId: string): Promise<WorkflowRun> {
    return waitFor(`workflow ${workflowId} to finish`, async () => {
      const r = await this.run(workflowId);
      return r?.status === 'SUCCESS' ? r : undefined;
    });
  }

  /** Requests the servers answered for a URL across their lives (see requestsTo). */
  requests(url: string, method?: string): number {
    return requestsTo(this.servers, url, method);
  }

  /** Stops every server (SIGTERM). */
  async stopAll(): Promise<void> {
    for (const s of this.servers) await stop(s, 'SIGTERM');
  }

  /** The database the servers used, opened by the test (PGlite: only while no server runs). */
  async open(): Promise<DatabaseConnection> {
    if (this.database) return this.database;
    return connect({ dataDir: this.env.DATA_DIR });
  }

  /** Stops the servers, closes and removes the database. */
  async close(): Promise<void> {
    await this.stopAll();
    await this.database?.close();
    await rm(this.dataDir, { recursive: true, force: true });
  }
}

/**
 * The former `server-setup.ts` call (kept so tests written against it still run): a database and
 * its servers, with only the settings given (no step delay unless asked for).
 */
export const serverSetup = (extraEnv: Record<string, string> = {}) =>
  CrashServers.create({ WORKFLOW_STEP_DELAY_MS: '0', ...extraEnv });
export type ServerSetup = CrashServers;
