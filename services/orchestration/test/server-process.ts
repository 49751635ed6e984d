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
 * The real server as child processes (tsx) on one database of their own, for the tests that kill
 * or stop a process: crash recovery, two processes on one database.
 */
export const TOKEN = 'crash-test-service-token-000000000000000';
const auth = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

export interface Server {
  process: ChildProcess;
  output: string[];
  base: string;
}

export async function freePort(): Promise<number> {
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

/** A database for the servers (a migrated PGlite data folder, or a PostgreSQL database). */
export interface ServerDatabase {
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function serverDatabase(): Promise<ServerDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pawfresh-crash-'));
  const env: Record<string, string> = {
    HOST: '127.0.0.1',
    LOG_LEVEL: 'debug',
    SERVICE_TOKEN: TOKEN,
    CUSTOMER_APP_DIR: path.join(dataDir, 'no-app'),
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
  return {
    env,
    async close() {
      await database?.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function startServer(env: Record<string, string>, port: number): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  return { process: child, output, base: `http://127.0.0.1:${port}` };
}

export async function stop(server: Server, signal: NodeJS.Signals) {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill(signal);
  await exited;
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
      const res = await request('GET', `/svc/orchestration/workflows/runs/${id}`);
      return res.ok ? ((await res.json()) as WorkflowRun) : undefined;
    },
  };
}

/**
 * Requests the processes answered for a URL, from their one debug line per request (in-process
 * calls between services included). A request cut off by a kill has no line.
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
