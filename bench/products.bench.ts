/**
 * `npm run bench`: GET /api/v1/products through the real server, against a bare Fastify route
 * answering the same JSON from memory, measured side by side in one run (brief §5: performance is
 * reported as a ratio against a baseline from the same run, never as timed test assertions).
 *
 * Options (environment): BENCH_DURATION seconds per measured run (default 5), BENCH_ROUNDS
 * (default 3), BENCH_CONNECTIONS (default 10), BENCH_WARMUP seconds per target (default 2).
 * DATABASE_URL, when set, points the real server at that PostgreSQL instead of a throwaway
 * embedded database.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import Fastify from 'fastify';
import pino from 'pino';
import { systemClock } from '@pawfresh/kit';
import { buildServer, prepareDatabase, readConfig } from '../apps/server/src/index.js';
import {
  checkRun,
  median,
  nonNegativeInt,
  originOf,
  positiveInt,
  round2,
  showRatio,
} from './lib.js';

const ROUTE = '/api/v1/products';
const benchDir = path.dirname(fileURLToPath(import.meta.url));
const resultsFile = path.join(benchDir, 'results', 'products-latest.json');

type Target = 'baseline' | 'real';

interface RoundFigures {
  round: number;
  target: Target;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  requests: number;
}

interface Summary {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
}

async function load(url: string, connections: number, duration: number): Promise<Result> {
  return autocannon({ url, connections, duration, pipelining: 1 });
}

async function fetchJson(url: string): Promise<{ body: string; value: unknown }> {
  const res = await fetch(url);
  const body = await res.text();
  if (res.status !== 200) {
    throw new Error(`GET ${url} answered ${res.status}: ${body.slice(0, 500)}`);
  }
  return { body, value: JSON.parse(body) as unknown };
}

function checkCatalogue(value: unknown): { meals: number; treats: number; supplements: number } {
  const v = value as Record<string, unknown> | null;
  const lists = ['meals', 'treats', 'supplements'] as const;
  if (typeof v !== 'object' || v === null || !lists.every((k) => Array.isArray(v[k]))) {
    throw new Error(`${ROUTE} did not answer { meals, treats, supplements }`);
  }
  const count = (k: (typeof lists)[number]) => (v[k] as unknown[]).length;
  const counts = {
    meals: count('meals'),
    treats: count('treats'),
    supplements: count('supplements'),
  };
  if (counts.meals + counts.treats + counts.supplements === 0) {
    throw new Error(`${ROUTE} answered an empty catalogue: the demo data did not load`);
  }
  return counts;
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r) =>
      r
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
        .join('  '),
    )
    .join('\n');
}

async function main(): Promise<void> {
  const duration = positiveInt('BENCH_DURATION', 5);
  const rounds = positiveInt('BENCH_ROUNDS', 3);
  const connections = positiveInt('BENCH_CONNECTIONS', 10);
  const warmup = nonNegativeInt('BENCH_WARMUP', 2);
  const databaseUrl = process.env.DATABASE_URL || undefined;

  const cleanups: (() => Promise<void>)[] = [];
  const cleanUp = async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (err) {
        console.error('cleanup failed:', err);
      }
    }
  };

  try {
    // The real server, on a throwaway embedded database unless DATABASE_URL is given.
    let dataDir: string | undefined;
    if (!databaseUrl) {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'pawfresh-bench-'));
      const dir = dataDir;
      cleanups.push(() => rm(dir, { recursive: true, force: true }));
    }
    const config = readConfig({
      NODE_ENV: 'development',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    const log = pino({ level: 'silent' });
    process.stdout.write(
      `Preparing the database (${databaseUrl ? 'PostgreSQL from DATABASE_URL' : `embedded, in ${dataDir}`})… `,
    );
    const started = performance.now();
    const database = await prepareDatabase(config, systemClock, log);
    cleanups.push(() => database.close());
    process.stdout.write(`done (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);

    const real = await buildServer({ config, database, logger: log });
    cleanups.push(() => real.close());
    await real.listen({ host: '127.0.0.1', port: 0 });
    const realUrl = `${originOf(real)}${ROUTE}`;

    const first = await fetchJson(realUrl);
    const counts = checkCatalogue(first.value);

    // The baseline: a bare Fastify route answering the same object from memory (no schema).
    const catalogue = first.value;
    const baseline = Fastify({ logger: false });
    baseline.get(ROUTE, async () => catalogue);
    cleanups.push(() => baseline.close());
    await baseline.listen({ host: '127.0.0.1', port: 0 });
    const baselineUrl = `${originOf(baseline)}${ROUTE}`;
    const baselineFirst = await fetchJson(baselineUrl);

    console.log(
      `Catalogue: ${counts.meals} meals, ${counts.treats} treats, ${counts.supplements} supplements; ` +
        `body ${Buffer.byteLength(first.body)} bytes (real), ${Buffer.byteLength(baselineFirst.body)} bytes (baseline)`,
    );
    console.log(
      `Node ${process.version}, ${os.cpus().length} CPUs (load generator shares them with the servers); ` +
        `${connections} connections, ${rounds} rounds x ${duration} s per target, ${warmup} s warm-up\n`,
    );

    const urls: Record<Target, string> = { baseline: baselineUrl, real: realUrl };

    if (warmup > 0) {
      for (const target of ['baseline', 'real'] as const) {
        process.stdout.write(`warm-up ${target}… `);
        checkRun(`warm-up ${target}`, await load(urls[target], connections, warmup));
        process.stdout.write('done\n');
      }
    }

    // Alternate the order each round so a drift in the machine's speed hits both targets alike.
    const figures: RoundFigures[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      const order: Target[] = round % 2 === 1 ? ['baseline', 'real'] : ['real', 'baseline'];
      for (const target of order) {
        process.stdout.write(`round ${round}/${rounds} ${target}… `);
        const result = await load(urls[target], connections, duration);
        checkRun(`round ${round} ${target}`, result);
        const row: RoundFigures = {
          round,
          target,
          requestsPerSecond: result.requests.average,
          latencyP50Ms: result.latency.p50,
          latencyP99Ms: result.latency.p99,
          latencyMaxMs: result.latency.max,
          requests: result.requests.total,
        };
        figures.push(row);
        process.stdout.write(
          `${Math.round(row.requestsPerSecond)} req/s, p50 ${row.latencyP50Ms} ms, p99 ${row.latencyP99Ms} ms\n`,
        );
      }
    }

    // The real route must still answer what it answered before the load.
    const after = await fetchJson(realUrl);
    if (after.body !== first.body) {
      throw new Error(`${ROUTE} answered a different body after the load than before it`);
    }

    const summarise = (target: Target): Summary => {
      const rows = figures.filter((f) => f.target === target);
      return {
        requestsPerSecond: round2(median(rows.map((r) => r.requestsPerSecond))),
        latencyP50Ms: median(rows.map((r) => r.latencyP50Ms)),
        latencyP99Ms: median(rows.map((r) => r.latencyP99Ms)),
      };
    };
    const summary: Record<Target, Summary> = {
      baseline: summarise('baseline'),
      real: summarise('real'),
    };
    const throughputRatio = summary.real.requestsPerSecond / summary.baseline.requestsPerSecond;
    const p99Ratio =
      summary.baseline.latencyP99Ms > 0
        ? summary.real.latencyP99Ms / summary.baseline.latencyP99Ms
        : Number.NaN;

    console.log(
      `\n${table([
        ['target', 'req/s (median)', 'p50 ms', 'p99 ms'],
        ...(['baseline', 'real'] as const).map((t) => [
          t === 'real' ? `real server ${ROUTE}` : 'baseline (bare Fastify)',
          Math.round(summary[t].requestsPerSecond).toString(),
          summary[t].latencyP50Ms.toString(),
          summary[t].latencyP99Ms.toString(),
        ]),
      ])}`,
    );
    console.log(`\nratio (real / baseline throughput): ${showRatio(throughputRatio)}`);
    console.log(
      `p99 ratio (real / baseline latency): ${Number.isNaN(p99Ratio) ? 'n/a (baseline p99 is 0 ms)' : showRatio(p99Ratio)}`,
    );

    await mkdir(path.dirname(resultsFile), { recursive: true });
    await writeFile(
      resultsFile,
      JSON.stringify(
        {
          benchmark: 'products',
          route: `GET ${ROUTE}`,
          finishedAt: new Date().toISOString(),
          environment: {
            node: process.version,
            platform: `${os.platform()} ${os.arch()}`,
            cpus: os.cpus().length,
            cpuModel: os.cpus()[0]?.model ?? 'unknown',
            database: databaseUrl ? 'postgresql' : 'embedded',
          },
          options: {
            durationSeconds: duration,
            rounds,
            connections,
            warmupSeconds: warmup,
            pipelining: 1,
          },
          bodyBytes: {
            real: Buffer.byteLength(first.body),
            baseline: Buffer.byteLength(baselineFirst.body),
          },
          summary,
          throughputRatio: Number(throughputRatio.toPrecision(3)),
          p99Ratio: Number.isNaN(p99Ratio) ? null : Number(p99Ratio.toPrecision(3)),
          rounds: figures,
        },
        null,
        2,
      ) + '\n',
    );
    console.log(`\nresults: ${path.relative(process.cwd(), resultsFile)}`);
  } finally {
    await cleanUp();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error('\nbenchmark failed:', err instanceof Error ? err.message : err);
    if (err instanceof Error && err.stack) console.error(err.stack);
    process.exit(1);
  },
);
