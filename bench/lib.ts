/** Helpers shared by the benchmarks: options from the environment, the server, summaries, checks. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Result } from 'autocannon';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { signAccessToken, systemClock } from '@pawfresh/kit';
import { startTestSession } from '@pawfresh/identity';
import type { DatabaseConnection } from '@pawfresh/db';
import { buildServer, prepareDatabase, readConfig } from '../apps/server/src/index.js';

export function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} must be a whole number of at least 1 (got "${raw}")`);
  }
  return value;
}

export function nonNegativeInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`${name} must be a whole number of at least 0 (got "${raw}")`);
  }
  return value;
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** Two decimals, or two significant digits for a ratio below 0.1 (0.01 hides 0.005 to 0.015). */
export const showRatio = (n: number) => (n < 0.1 ? n.toPrecision(2) : n.toFixed(2));

export function originOf(app: FastifyInstance): string {
  const address = app.server.address();
  if (address === null || typeof address === 'string') {
    throw new Error('The server is not listening on a TCP port');
  }
  return `http://127.0.0.1:${address.port}`;
}

/** Fails loudly unless every request of the run was answered with a 2xx. */
export function checkRun(label: string, result: Result): void {
  const problems: string[] = [];
  if (result.errors > 0) problems.push(`${result.errors} connection errors`);
  if (result.timeouts > 0) problems.push(`${result.timeouts} timeouts`);
  if (result.non2xx > 0) {
    const codes = Object.entries(result.statusCodeStats)
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, { count }]) => `${code} x${count}`)
      .join(', ');
    problems.push(`${result.non2xx} non-2xx responses (${codes})`);
  }
  if (result.requests.total === 0) problems.push('no request completed');
  if (problems.length > 0) throw new Error(`${label}: ${problems.join('; ')}`);
}

export interface RealServer {
  app: FastifyInstance;
  /** JSON with the service credentials, for the `/svc/...` routes. */
  serviceHeaders: Record<string, string>;
  /** Signs customers' access tokens (for the customer API). */
  accessTokenSecret: string;
  /** Its database (a bench starts live sessions in it: startTestSession). */
  database: DatabaseConnection;
  /** Stops the server and removes its throwaway database. */
  close(): Promise<void>;
}

/**
 * The real server as `npm start` builds it (every service in one process), listening on a free
 * port of 127.0.0.1, on a throwaway embedded database (or PostgreSQL: `databaseUrl`, else
 * DATABASE_URL).
 */
export async function startRealServer(options: { databaseUrl?: string } = {}): Promise<RealServer> {
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  const dataDir = databaseUrl
    ? undefined
    : await mkdtemp(path.join(os.tmpdir(), 'pawfresh-bench-'));
  const removeData = async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  const config = readConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    CUSTOMER_APP_DIR: '/nonexistent',
    ...(dataDir ? { DATA_DIR: dataDir } : { DATABASE_URL: databaseUrl }),
  });
  const database = await prepareDatabase(config, systemClock, pino({ level: 'silent' }));
  const app = await buildServer({ config, database });
  const close = async () => {
    await app.close();
    await database.close();
    await removeData();
  };
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (err) {
    await close();
    throw err;
  }
  return {
    app,
    serviceHeaders: {
      'content-type': 'application/json',
      authorization: `Bearer ${config.serviceToken}`,
    },
    accessTokenSecret: config.accessTokenSecret,
    database,
    close,
  };
}

/**
 * An access token for a person signed in to the real server: a live session in identity's table
 * and a token for it, valid for an hour (customers for the customer API, staff for the staff API).
 */
export async function signedInToken(
  server: Pick<RealServer, 'database' | 'accessTokenSecret'>,
  userId: string,
  role: 'customer' | 'support',
): Promise<string> {
  const now = new Date();
  const sessionId = await startTestSession(server.database, { userId, role }, now);
  const { token } = await signAccessToken({ userId, role, sessionId }, server.accessTokenSecret, {
    now,
    ttlSeconds: 3600,
  });
  return token;
}

/**
 * A database of a benchmark's own: a PostgreSQL database made on the server of `serverUrl` (and
 * dropped after), or an embedded PGlite folder in a temporary place.
 */
export async function benchDatabase(serverUrl: string | undefined, label: string) {
  if (!serverUrl) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'pawfresh-bench-'));
    return { env: { DATA_DIR: dir }, drop: () => rm(dir, { recursive: true, force: true }) };
  }
  // BENCH_DATABASE_PREFIX names it after who runs it (several people sharing one server).
  const name = `${process.env.BENCH_DATABASE_PREFIX ?? 'pawfresh_bench'}_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    async drop() {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/**
 * Times `workflow` and `direct` one after the other, `iterations` times each after 3 warm-up
 * rounds, alternating which goes first so a change in the machine's speed hits both alike; each
 * is given the running count (to alternate what it changes). Prints p50, p95 and p99 of both and
 * their ratios under `title` (read after the runs).
 */
export async function sideBySide(
  title: () => string,
  labels: { workflow: string; direct: string },
  run: { workflow: (n: number) => Promise<void>; direct: (n: number) => Promise<void> },
  iterations: number,
): Promise<void> {
  const percentile = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  };
  const timings: Record<'workflow' | 'direct', number[]> = { workflow: [], direct: [] };
  let n = 0;
  for (let warm = 0; warm < 3; warm++) {
    await run.workflow(n++);
    await run.direct(n++);
  }
  for (let i = 0; i < iterations; i++) {
    const order =
      i % 2 === 0 ? (['workflow', 'direct'] as const) : (['direct', 'workflow'] as const);
    for (const kind of order) {
      const started = performance.now();
      await run[kind](n++);
      timings[kind].push(performance.now() - started);
    }
  }
  const at = (kind: 'workflow' | 'direct') => ({
    p50: percentile(timings[kind], 50),
    p95: percentile(timings[kind], 95),
    p99: percentile(timings[kind], 99),
  });
  const w = at('workflow');
  const d = at('direct');
  const ms = (v: number) => `${Math.round(v)} ms`;
  const width = Math.max(labels.workflow.length, labels.direct.length) + 1;
  console.log(
    `${title()} (${iterations} runs each, load average ${os.loadavg().map(round2).join(' ')}):`,
  );
  for (const [label, t] of [
    [labels.workflow, w],
    [labels.direct, d],
  ] as const) {
    console.log(
      `  ${`${label}:`.padEnd(width)} p50 ${ms(t.p50)}, p95 ${ms(t.p95)}, p99 ${ms(t.p99)}`,
    );
  }
  console.log(
    `  ratio workflow / direct: p50 ${showRatio(w.p50 / d.p50)}, p95 ${showRatio(w.p95 / d.p95)}, p99 ${showRatio(w.p99 / d.p99)}`,
  );
}
