import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect, type DatabaseConnection } from '@pawfresh/db';
import type { LegacyUserData, LegacyUserPage } from '@pawfresh/contracts/legacy';
import type { WorkflowRun } from '@pawfresh/contracts/orchestration';
import { repoRoot, testDatabase } from '@pawfresh/testing';

/**
 * The real server as a child process, killed with SIGKILL in the middle of a bulk-migrate, then
 * started again on the same database: the run and its customers' workflows are recovered, and
 * every customer is migrated once (one user, one subscription, each dog once, one payment
 * customer, each past order once), none left queued or migrating. WORKFLOW_STEP_DELAY_MS slows each step so the kill
 * lands mid-batch.
 */
const STEP_DELAY_MS = 300;
const LIMIT = 12;
const TOKEN = 'bulk-crash-test-service-token-000000000000';
const auth = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

let dataDir: string;
let database: DatabaseConnection | undefined;
let env: Record<string, string>;
let base: string;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const output: string[] = [];

function startServer(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  return child;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 360_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(
    `Timed out waiting for ${what}; the server said:\n${output.join('').slice(-3000)}`,
  );
}

const request = (method: string, url: string, body?: unknown) =>
  fetch(`${base}${url}`, {
    method,
    headers: auth,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const json = async <T>(method: string, url: string, body?: unknown) =>
  (await (await request(method, url, body)).json()) as T;

const healthy = async () =>
  (await fetch(`${base}/svc/orchestration/workflows/health`)).ok &&
  (await fetch(`${base}/svc/legacy/health`)).ok
    ? true
    : undefined;
const staff = (status: string) =>
  json<LegacyUserPage>(
    'GET',
    `/svc/legacy/legacy-user-emails?cohort=phase1_staff&migrationStatus=${status}`,
  );

async function stop(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pawfresh-bulk-crash-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SERVICE_TOKEN: TOKEN,
    CUSTOMER_APP_DIR: path.join(dataDir, 'no-app'),
    WORKFLOW_STEP_DELAY_MS: String(STEP_DELAY_MS),
  };
  const source = inject('testDatabase');
  if (source.kind === 'postgres') {
    database = await testDatabase();
    env.DATABASE_URL = await database.wireUrl();
  } else {
    env.DATA_DIR = path.join(dataDir, 'db');
    const bytes = await readFile(source.snapshotPath);
    const seeded = await connect({ dataDir: env.DATA_DIR, loadDataDir: new Blob([bytes]) });
    await seeded.close();
  }
}, 120_000);

afterAll(async () => {
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('bulk-migrate when its process is killed mid-batch', () => {
  it('is recovered after SIGKILL and migrates every customer once', async () => {
    const servers: ChildProcess[] = [];
    try {
      servers.push(startServer());
      await waitFor('the server to start', healthy);
      const workflowId = 'bulk-crash-1';
      request('POST', '/svc/orchestration/workflows/bulk-migrate', {
        cohort: 'phase1_staff',
        cohortLimit: LIMIT,
        workflowId,
      }).catch(() => {});
      await waitFor('a few customers to be migrated', async () => {
        const done = (await staff('migrated')).total + (await staff('error')).total;
        return done >= 2 ? true : undefined;
      });
      await stop(servers[0]!, 'SIGKILL');

      servers.push(startServer());
      await waitFor('the server to start again', healthy);
      const run = await waitFor('the recovered bulk run to finish', async () => {
        const r = await json<WorkflowRun>('GET', `/svc/orchestration/workflows/runs/${workflowId}`);
        return r.status === 'SUCCESS' ? r : undefined;
      });
      expect(run.recoveryAttempts).toBeGreaterThanOrEqual(2);
      expect(run.progress).toMatchObject({ total: LIMIT, done: LIMIT });
      expect(run.progress!.byStatus.migrated + run.progress!.byStatus.error).toBe(LIMIT);

      expect((await staff('queued')).total).toBe(0);
      expect((await staff('migrating')).total).toBe(0);
      const migrated = await staff('migrated');
      expect(migrated.total + (await staff('error')).total).toBe(LIMIT);
      for (const u of migrated.items) {
        const userId = u.migratedUserId!;
        const data = await json<LegacyUserData>('POST', '/svc/legacy/get-legacy-user-data', {
          email: u.email,
        });
        const dogs = await json<unknown[]>('GET', `/svc/dogs/dogs?userId=${userId}`);
        expect(dogs).toHaveLength(data.pets.length);
        const subs = await json<unknown[]>(
          'GET',
          `/svc/subscription/subscriptions?userId=${userId}`,
        );
        expect(subs).toHaveLength(data.subscription ? 1 : 0);
        const payment = await request('GET', `/svc/payment/customers/${userId}`);
        expect(payment.status).toBe(data.user.stripeCustomerId ? 200 : 404);
        const user = await json<{ email: string }>('GET', `/svc/identity/identity/users/${userId}`);
        expect(user.email).toBe(u.email.toLowerCase());
        // Each past order at most once, and only for this user.
        let imported = 0;
        for (const o of data.orders) {
          const res = await request('GET', `/svc/order/api/v1/orders/lookup/by-legacy-id/${o.id}`);
          if (res.status === 404) continue;
          expect(((await res.json()) as { userId: string }).userId).toBe(userId);
          imported += 1;
        }
        const orders = await json<{ total: number }>(
          'GET',
          `/svc/order/api/v1/orders?userId=${userId}`,
        );
        expect(orders.total).toBe(imported);
      }
    } finally {
      for (const s of servers) await stop(s, 'SIGTERM');
    }
  }, 600_000);
});
