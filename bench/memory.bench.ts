/**
 * The server's resident memory (issue 12 item 6): the real server built as `npm start` runs it
 * (`node dist/server/main.mjs`, every service in one process) on a throwaway embedded database (or
 * DATABASE_URL), measured from /proc after start (idle), after load on the hot reads, and idle
 * again. The load generator runs in this process, never in the server's.
 *
 * Options: BENCH_PORT (default 4108), BENCH_DURATION seconds of load per route (default 5),
 * BENCH_CONNECTIONS (default 10), DATABASE_URL.
 */
import autocannon from 'autocannon';
import { checkRun, positiveInt } from './lib.js';
import { startServerProcess } from './server-process.js';

const port = positiveInt('BENCH_PORT', 4108);
const duration = positiveInt('BENCH_DURATION', 5);
const connections = positiveInt('BENCH_CONNECTIONS', 10);
const databaseUrl = process.env.DATABASE_URL || undefined;

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function main() {
  const server = await startServerProcess(port);
  const { origin, serviceHeaders: headers } = server;
  const memory = async () => {
    const m = await server.memory();
    return { rssMiB: Math.round(m.rssMiB), peakMiB: Math.round(m.peakMiB) };
  };
  try {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const idle = await memory();
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
    const loaded = await memory();
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const after = await memory();
    console.log(
      `memory (${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}; node ${process.version}): ` +
        `idle after start ${idle.rssMiB} MiB; after ${loads.length} x ${duration} s of load ${loaded.rssMiB} MiB; ` +
        `10 s later ${after.rssMiB} MiB; peak ${after.peakMiB} MiB`,
    );
  } finally {
    await server.stop();
  }
}

main().catch((err: unknown) => {
  console.error('benchmark failed:', err);
  process.exit(1);
});
