import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { connect, type DatabaseConnection } from '@pawfresh/db';
import type { WorkflowRun } from '@pawfresh/contracts/orchestration';
import { repoRoot, testDatabase } from '@pawfresh/testing';

/**
 * The real server as child processes (tsx) on one database, for crash tests: started, killed
 * (SIGKILL) or stopped (SIGTERM) and started again. WORKFLOW_STEP_DELAY_MS holds each workflow
 * step long enough to kill the process inside one.
 */
export const STEP_DELAY_MS = 1500;
const TOKEN = 'crash-test-service-token-000000000000000';
export const auth = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

export interface Server {
  process: ChildProcess;
  output: string[];
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 120_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
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
 * Requests a process answered for a URL, from its one debug line per request (in-process calls
 * between services included). A request cut off by the kill has no line: the step it belonged to
 * is then counted when it runs again after the restart.
 */
export const requestsTo = (servers: Server[], url: string, method?: string) =>
  servers
    .flatMap((s) => s.output.join('').split('\n'))
    .filter(
      (line) =>
        line.includes(`"url":"${url}"`) &&
        line.includes('"statusCode"') &&
        (method === undefined || line.includes(`"method":"${method}"`)),
    ).length;

/** One database (a PGlite folder, or PostgreSQL) and the servers started on it. */
export class RealServers {
  base = '';
  #env: Record<string, string> = {};
  #dataDir = '';
  #database: DatabaseConnection | undefined;

  async setUp(): Promise<void> {
    this.#dataDir = await mkdtemp(path.join(tmpdir(), 'pawfresh-crash-'));
    const port = await freePort();
    this.base = `http://127.0.0.1:${port}`;
    this.#env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'debug',
      SERVICE_TOKEN: TOKEN,
      CUSTOMER_APP_DIR: path.join(this.#dataDir, 'no-app'),
      WORKFLOW_STEP_DELAY_MS: String(STEP_DELAY_MS),
    };
    const source = inject('testDatabase');
    if (source.kind === 'postgres') {
      this.#database = await testDatabase();
      this.#env.DATABASE_URL = await this.#database.wireUrl();
    } else {
      // Start from the migrated snapshot, as a data folder, so the server only seeds.
      this.#env.DATA_DIR = path.join(this.#dataDir, 'db');
      const bytes = await readFile(source.snapshotPath);
      const seeded = await connect({ dataDir: this.#env.DATA_DIR, loadDataDir: new Blob([bytes]) });
      await seeded.close();
    }
  }

  async tearDown(): Promise<void> {
    await this.#database?.close();
    if (this.#dataDir) await rm(this.#dataDir, { recursive: true, force: true });
  }

  start(): Server {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, ...this.#env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
    child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
    return { process: child, output };
  }

  request = (method: string, url: string, body?: unknown) =>
    fetch(`${this.base}${url}`, {
      method,
      headers: auth,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  post = async <T>(url: string, body: unknown): Promise<T> => {
    const res = await this.request('POST', url, body);
    if (res.status >= 300) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };

  healthy = async () =>
    (await fetch(`${this.base}/svc/orchestration/workflows/health`)).ok ? true : undefined;

  run = async (id: string) => {
    const res = await this.request('GET', `/svc/orchestration/workflows/runs/${id}`);
    return res.ok ? ((await res.json()) as WorkflowRun) : undefined;
  };

  /** Starts a server and waits until it answers. */
  async started(servers: Server[]): Promise<Server> {
    const server = this.start();
    servers.push(server);
    await waitFor('the server to start', this.healthy);
    return server;
  }

  /** Starts the server again and waits for the workflow, recovered, to finish. */
  async recovered(servers: Server[], workflowId: string) {
    await this.started(servers);
    return waitFor('the recovered workflow to finish', async () => {
      const r = await this.run(workflowId);
      return r?.status === 'SUCCESS' ? r : undefined;
    });
  }

  /** Resolves once the run has checkpointed a step named `name` (`count` times). */
  stepDone(workflowId: string, name: string, count = 1) {
    return waitFor(`step ${name} of ${workflowId}`, async () => {
      const steps = (await this.run(workflowId))?.steps.filter((s) => s.name === name) ?? [];
      return steps.length >= count ? true : undefined;
    });
  }
}
