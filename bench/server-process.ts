/**
 * The real server as `npm start` runs it (`node dist/server/main.mjs`, every service in one
 * process, ADR 009's memory settings), in a child process of its own on a throwaway embedded
 * database (or DATABASE_URL), so what is measured of it (its memory, its answers) is the server's
 * alone, never the load generator's. Used by the memory bench and the soak run.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ServerProcess {
  child: ChildProcess;
  origin: string;
  /** Headers of a call with the service credentials. */
  serviceHeaders: Record<string, string>;
  /** The process's resident memory now and its peak, in MiB (from /proc). */
  memory(): Promise<{ rssMiB: number; peakMiB: number }>;
  /** SIGTERM, then the throwaway database removed. */
  stop(): Promise<void>;
}

async function memoryOf(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]);
  return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
}

/** Builds the server bundle if missing, starts it on `port` with `env` added, waits until it answers. */
export async function startServerProcess(
  port: number,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  if (!existsSync(path.join(root, 'dist/server/main.mjs'))) {
    execFileSync('node', ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  }
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = databaseUrl
    ? undefined
    : await mkdtemp(path.join(os.tmpdir(), 'pawfresh-server-'));
  const serviceToken = `bench-service-token-${process.pid}-0123456789abcdef`;
  const origin = `http://127.0.0.1:${port}`;
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
      ...env,
    },
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode})`);
      if (i >= 600) throw new Error('the server did not answer within 5 minutes');
      const up = await fetch(`${origin}/api/v1/products`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (up) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    child,
    origin,
    serviceHeaders: { 'content-type': 'application/json', authorization: `Bearer ${serviceToken}` },
    memory: () => memoryOf(child.pid!),
    stop,
  };
}
