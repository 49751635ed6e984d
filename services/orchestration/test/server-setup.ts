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
 * The real server as a child process (tsx) on a database of its own, for crash tests: started,
 * killed (SIGKILL) or stopped (SIGTERM), started again on the same database.
 */
export interface Server {
  process: ChildProcess;
  output: string[];
}

export interface ServerSetup {
  base: string;
  env: Record<string, string>;
  dataDir: string;
  /** PostgreSQL: the test's own connection to the same database. */
  database: DatabaseConnection | undefined;
  start(): Server;
  request(method: string, url: string, body?: unknown): Promise<Response>;
  post<T>(url: string, body: unknown): Promise<T>;
  healthy(): Promise<true | undefined>;
  run(id: string): Promise<WorkflowRun | undefined>;
  /** The database the server used, opened by the test (PGlite: only while no server runs). */
  open(): Promise<DatabaseConnection>;
  close(): Promise<void>;
}

const TOKEN = 'crash-test-service-token-000000000000000';
const auth = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 300_000) {
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
 * between services included). A request cut off by the kill has no line.
 */
export const requestsTo = (servers: Server[], url: string) =>
  servers
    .flatMap((s) => s.output.join('').split('\n'))
    .filter((line) => line.includes(`"url":"${url}"`) && line.includes('"statusCode"')).length;

/** A fresh database (PGlite folder from the migrated snapshot, or PostgreSQL) and the settings. */
export async function serverSetup(extraEnv: Record<string, string>): Promise<ServerSetup> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pawfresh-crash-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'debug',
    SERVICE_TOKEN: TOKEN,
    CUSTOMER_APP_DIR: path.join(dataDir, 'no-app'),
    ...extraEnv,
  };
  let database: DatabaseConnection | undefined;
  const source = inject('testDatabase');
  if (source.kind === 'postgres') {
    database = await testDatabase();
    env.DATABASE_URL = await database.wireUrl();
  } else {
    // Start from the migrated snapshot, as a data folder, so the server only seeds.
    env.DATA_DIR = path.join(dataDir, 'db');
    const bytes = await readFile(source.snapshotPath);
    const seeded = await connect({ dataDir: env.DATA_DIR, loadDataDir: new Blob([bytes]) });
    await seeded.close();
  }
  const request = (method: string, url: string, body?: unknown) =>
    fetch(`${base}${url}`, {
      method,
      headers: auth,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return {
    base,
    env,
    dataDir,
    database,
    start() {
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: repoRoot,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const output: string[] = [];
      child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
      child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
      return { process: child, output };
    },
    request,
    async post<T>(url: string, body: unknown): Promise<T> {
      const res = await request('POST', url, body);
      if (res.status >= 300) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
    healthy: async () =>
      (await fetch(`${base}/svc/orchestration/workflows/health`)).ok ? true : undefined,
    async run(id: string) {
      const res = await request(
        'GET',
        `/svc/orchestration/workflows/runs/${encodeURIComponent(id)}`,
      );
      return res.ok ? ((await res.json()) as WorkflowRun) : undefined;
    },
    async open() {
      if (database) return database;
      return connect({ dataDir: env.DATA_DIR });
    },
    async close() {
      await database?.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
