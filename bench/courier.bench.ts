/**
 * `npm run bench` (third part): the courier's two hot reads through the real server — the
 * serviceability check (POST) and a 14-day delivery schedule (GET) — each against a bare Fastify
 * route answering the same JSON from memory, side by side in one run.
 *
 * Options: BENCH_DURATION seconds per run (default 5), BENCH_CONNECTIONS (default 10).
 * DATABASE_URL points the server at PostgreSQL instead of a throwaway PGlite.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { checkRun, originOf, positiveInt, showRatio, startRealServer } from './lib.js';

const duration = positiveInt('BENCH_DURATION', 5);
const connections = positiveInt('BENCH_CONNECTIONS', 10);
const BASE = '/svc/courier/api/v1/couriers/becool';

interface Case {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

const today = new Date();
const day = (offset: number) =>
  new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

const cases: Case[] = [
  {
    name: 'serviceability check (3000 Melbourne)',
    method: 'POST',
    path: `${BASE}/serviceability-check`,
    body: JSON.stringify({ postcode: '3000', suburb: 'Melbourne' }),
  },
  {
    name: '14-day delivery schedule (2000 Sydney)',
    method: 'GET',
    path: `${BASE}/delivery-schedules?postcode=2000&suburb=Sydney&fromDate=${day(1)}&toDate=${day(14)}`,
  },
];

async function measure(url: string, c: Case, headers: Record<string, string>) {
  const options = {
    url,
    method: c.method,
    headers,
    connections,
    ...(c.body ? { body: c.body } : {}),
  };
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration });
  checkRun(c.name, result);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function main() {
  const server = await startRealServer();
  const { app, serviceHeaders: headers } = server;
  const baseline = Fastify();
  try {
    // The baseline answers each route with the real answer, from memory.
    for (const c of cases) {
      const res = await fetch(`${originOf(app)}${c.path}`, {
        method: c.method,
        headers,
        body: c.body,
      });
      if (res.status !== 200) throw new Error(`${c.name}: ${res.status} ${await res.text()}`);
      const answer = await res.text();
      baseline.route({
        method: c.method,
        url: c.path.split('?')[0]!,
        handler: async (_req, reply) => reply.type('application/json').send(answer),
      });
    }
    await baseline.listen({ port: 0, host: '127.0.0.1' });
    console.log(
      `courier: ${os.cpus().length} CPUs, ${connections} connections, ${duration} s per run`,
    );
    for (const c of cases) {
      const base = await measure(`${originOf(baseline)}${c.path}`, c, headers);
      const real = await measure(`${originOf(app)}${c.path}`, c, headers);
      console.log(
        `${c.name}: real ${Math.round(real.rps)} req/s p99 ${real.p99} ms; baseline ${Math.round(base.rps)} req/s p99 ${base.p99} ms; ratio ${showRatio(real.rps / base.rps)}`,
      );
    }
  } finally {
    await baseline.close();
    await server.close();
  }
}

main().catch((err: unknown) => {
  console.error('benchmark failed:', err);
  process.exit(1);
});
