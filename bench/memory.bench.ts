/**
 * The server's resident memory (issue 12 item 6): the real server built as `npm start` runs it
 * (`node dist/server/main.mjs`, every service in one process) on a throwaway embedded database (or
 * DATABASE_URL), measured from /proc after start (idle), after load on the hot reads, and idle
 * again. The load generator runs in this process, never in the server's.
 *
 * Options: BENCH_PORT (default 4108), BENCH_DURATION seconds of load per route (default 5),
 * BENCH_CONNECTIONS (default 10), DATABASE_URL.
 */
import { spawn, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { checkRun, positiveInt } from './lib.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = positiveInt('BENCH_PORT', 4108);
const duration = positiveInt('BENCH_DURATION', 5);
const connections = positiveInt('BENCH_CONNECTIONS', 10);
const databaseUrl = process.env.DATABASE_URL || undefined;
const serviceToken = 'memory-bench-service-token-0123456789abcdef';
const origin = `http://127.0.0.1:${port}`;

async function memoryOf(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]);
  return { rssMiB: Math.round(kib('VmRSS') / 1024), peakMiB: Math.round(kib('VmHWM') / 1024) };
}

async function waitForServer(child: ReturnType<typeof spawn>) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode})`);
    try {
      if ((await fetch(`${origin}/api/v1/products`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not answer within 5 minutes');
}

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function main() {
  if (!existsSync(path.join(root, 'dist/server/main.mjs'))) {
    execFileSync('node', ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  }
  const dataDir = databaseUrl ? undefined : await mkdtemp(path.join(os.tmpdir(), 'pawfresh-mem-'));
  // As `npm start` runs it (ADR 009): two malloc arenas, fixed malloc thresholds, 4 MB semi-spaces,
  // one full collection after start-up.
  const child = spawn('node', ['--max-semi-space-size=4', '--expose-gc', 'dist/server/main.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '262144',
      MALLOC_TRIM_THRESHOLD_: '1048576',
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      CUSTOMER_APP_DIR: '/nonexistent',
      SERVICE_TOKEN: serviceToken,
      ...(dataDir ? { DATA_DIR: dataDir } : { DATABASE_URL: databaseUrl }),
    },
  });
  try {
    await waitForServer(child);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const idle = await memoryOf(child.pid!);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${serviceToken}` };
    const courier = `${origin}/svc/courier/api/v1/couriers/becool`;
    const loads = [
      { url: `${origin}/api/v1/products` },
      {
        url: `${courier}/serviceability-check`,
        method: 'POST' as const,
        headers,
        body: JSON.stringify({ postcode: '3000', suburb: 'Melbourne' }),
      },
      {
        url: `${courier}/delivery-schedules?postcode=2000&suburb=Sydney&fromDate=${day(1)}&toDate=${day(14)}`,
        headers,
      },
    ];
    for (const load of loads) {
      checkRun(load.url, await autocannon({ ...load, connections, duration }));
    }
    const loaded = await memoryOf(child.pid!);
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const after = await memoryOf(child.pid!);
    console.log(
      `memory (${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}; node ${process.version}): ` +
        `idle after start ${idle.rssMiB} MiB; after ${loads.length} x ${duration} s of load ${loaded.rssMiB} MiB; ` +
        `10 s later ${after.rssMiB} MiB; peak ${after.peakMiB} MiB`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error('benchmark failed:', err);
  process.exit(1);
});
