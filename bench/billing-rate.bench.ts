/**
 * Billing rate benchmark (docs/dunning.md "Rate limit"): the daily billing run on several server
 * processes (default 4) sharing one PostgreSQL database, its bill-order runs on the billing queue
 * limited to PAYMENT_RATE_LIMIT_PER_SECOND, against the sandbox enforcing the same limit
 * (SANDBOX_RATE_LIMIT_PER_SECOND). Reports the charges a second achieved at the provider (its
 * intents, first to last) as a share of the limit, the provider's 429 answers (target: ≥ 80 %
 * with 0 refused), and the load average; checks every order was charged exactly once.
 *
 * PostgreSQL only (DATABASE_URL; a database of its own is made and dropped): the embedded
 * database is one process's. Options: BENCH_RATE_LIMIT (25), BENCH_PROCESSES (4), BENCH_ORDERS
 * (500; customers of 10 boxes each).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { WorkflowRun } from '@pawfresh/contracts/orchestration';
import { customersWithBoxes } from '../services/orchestration/test/server-box.js';
import { benchDatabase, positiveInt, round2 } from './lib.js';

const LIMIT = positiveInt('BENCH_RATE_LIMIT', 25);
const PROCESSES = positiveInt('BENCH_PROCESSES', 4);
const ORDERS = positiveInt('BENCH_ORDERS', 500);
const BOXES_EACH = 10;
const TOKEN = 'bench-service-token-0000000000000000000000';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Proc {
  child: ChildProcess;
  base: string;
}

let port = 3900 + (process.pid % 50) * 10;

function startServer(file: string, env: Record<string, string | undefined>): Proc {
  const p = port++;
  const child = spawn(process.execPath, [file], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(p),
      LOG_LEVEL: 'warn',
      SERVICE_TOKEN: TOKEN,
      CUSTOMER_APP_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { child, base: `http://127.0.0.1:${p}` };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined) return v;
    await pause(100);
  }
  throw new Error(`Timed out waiting for ${what}`);
}

const api = (base: string) => ({
  async post<T>(url: string, body: unknown): Promise<T> {
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  },
  async run(id: string): Promise<WorkflowRun | undefined> {
    const res = await fetch(`${base}/svc/orchestration/workflows/runs/${id}`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    return res.ok ? ((await res.json()) as WorkflowRun) : undefined;
  },
});

async function started(file: string, env: Record<string, string | undefined>): Promise<Proc> {
  const proc = startServer(file, env);
  await until(
    'a server to start',
    async () => ((await fetch(`${proc.base}/health/ready`)).ok ? true : undefined),
    180_000,
  );
  return proc;
}

async function stopAll(procs: Proc[]) {
  await Promise.all(
    procs.map(async ({ child }) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }),
  );
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.warn('billing-rate: PostgreSQL only (several processes): set DATABASE_URL');
    return;
  }
  // Inside the repository, so the bundle finds the packages it leaves out (node_modules).
  const cache = path.join(process.cwd(), 'node_modules', '.cache');
  await mkdir(cache, { recursive: true });
  const dir = await mkdtemp(path.join(cache, 'pawfresh-billing-bench-'));
  const file = path.join(dir, 'main.mjs');
  await promisify(execFile)(process.execPath, ['scripts/build-server.mjs', file]);
  const db = await benchDatabase(serverUrl, 'billing');
  const sql = new pg.Client({ connectionString: db.env.DATABASE_URL });
  const procs: Proc[] = [];
  try {
    // Seeded by one process without any limit (saving a card calls the provider too).
    const seeder = await started(file, { ...db.env, WORKFLOW_EXECUTOR_ID: 'bench-seeder' });
    procs.push(seeder);
    const batch = await customersWithBoxes(
      api(seeder.base),
      Math.ceil(ORDERS / BOXES_EACH),
      BOXES_EACH,
      3,
    );
    await stopAll([seeder]);
    for (let i = 0; i < PROCESSES; i++) {
      procs.push(
        await started(file, {
          ...db.env,
          WORKFLOW_EXECUTOR_ID: `bench-billing-${i}`,
          PAYMENT_RATE_LIMIT_PER_SECOND: String(LIMIT),
          SANDBOX_RATE_LIMIT_PER_SECOND: String(LIMIT),
        }),
      );
    }
    await sql.connect();
    const loadBefore = os.loadavg();
    const on = api(procs[1]!.base);
    const workflowId = `billing-bench-${Date.now()}`;
    const t0 = Date.now();
    void on
      .post('/svc/orchestration/workflows/charge-due-orders', { date: batch.date, workflowId })
      .catch(() => undefined);
    const run = await until(
      'the billing run to end',
      async () => {
        const r = await on.run(workflowId);
        return r && r.status !== 'PENDING' && r.status !== 'ENQUEUED' ? r : undefined;
      },
      3_600_000,
    );
    const wall = (Date.now() - t0) / 1000;
    const loadAfter = os.loadavg();
    if (run.status !== 'SUCCESS') throw new Error(`The billing run ended ${run.status}`);

    const { rows: charges } = await sql.query<{ n: string; seconds: number }>(
      `select count(*) as n,
              extract(epoch from max(created_at) - min(created_at))::float8 as seconds
         from payment.sandbox_payment_intents`,
    );
    // Writes (charges) and reads (the webhook flow reads each intent afresh) are limited apart.
    const { rows: limiter } = await sql.query<{ bucket: string; rejected: string }>(
      `select bucket, rejected from payment.sandbox_rate_limits`,
    );
    const refused = (bucket: string) =>
      Number(limiter.find((r) => r.bucket === bucket)?.rejected ?? 0);
    const { rows: paid } = await sql.query<{ n: string; orders: string }>(
      `select count(*) as n, count(distinct reference_id) as orders
         from payment.payments where status = 'processed'`,
    );
    const n = Number(charges[0]!.n);
    const rate = (n - 1) / charges[0]!.seconds;
    const once = n === batch.orders.length && Number(paid[0]!.orders) === batch.orders.length;
    const result = {
      processes: PROCESSES,
      limitPerSecond: LIMIT,
      orders: batch.orders.length,
      charges: n,
      chargedExactlyOnce: once && Number(paid[0]!.n) === n,
      refused429: { writes: refused('write'), reads: refused('read') },
      chargesPerSecond: round2(rate),
      shareOfLimit: round2(rate / LIMIT),
      runSeconds: round2(wall),
      loadAverage: { before: loadBefore.map(round2), after: loadAfter.map(round2) },
      cores: os.cpus().length,
    };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    process.stdout.write(
      `billing: ${result.chargesPerSecond}/s of ${LIMIT}/s on ${PROCESSES} processes = ${Math.round(100 * result.shareOfLimit)} % of the limit, 429 answers: ${result.refused429.writes} to writes (charges), ${result.refused429.reads} to reads, load ${loadAfter.map(round2).join(' ')}\n`,
    );
    if (!result.chargedExactlyOnce) process.exitCode = 1;
  } finally {
    await stopAll(procs);
    await sql.end().catch(() => undefined);
    await db.drop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
