/**
 * Soak run (issue 30 item 6; docs/deployment.md "Soak"): the real server as `npm start` runs it
 * (bench/server-process.ts: a child process of its own, so its memory is its own) under a steady
 * customer load for `--minutes`, with a billing run and an order-generation run on the way:
 *
 * - customers signed in (the demo customer) browsing their account: the pages' reads (me, dogs,
 *   subscriptions, upcoming and past boxes, one box, products, payment methods), one request every
 *   1/`--rate` s;
 * - every 20th request a change through a workflow: the next box's delivery instructions (the
 *   delivery-info workflow), alternating between two notes;
 * - `charge-due-orders` for today, then `generate-orders`, every `--runs-every` minutes (the first
 *   at a third of the run), each followed to its end.
 *
 * Every minute it prints the minute's requests, p95 and errors and the server's resident memory.
 * At the end: p95 and error rate after the warm-up (`--warmup` minutes, default a third of the
 * run), and the memory's growth per hour after it (least squares over samples every 10 s).
 * Exit code 1 when a target is missed: p95 < 500 ms, errors < 0.1 %, growth < 8 MiB/h.
 *
 *   npm run soak -- --minutes 30 [--rate 5] [--warmup 10] [--runs-every 10]
 *
 * DATABASE_URL: a PostgreSQL server instead of the embedded database. SOAK_PORT (default 4109).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { round2 } from './lib.js';
import { startServerProcess } from './server-process.js';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    rate: { type: 'string', default: '5' },
    warmup: { type: 'string' },
    'runs-every': { type: 'string', default: '10' },
  },
});
const positive = (name: string, text: string | undefined) => {
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
  return n;
};
const minutes = positive('minutes', values.minutes);
const rate = positive('rate', values.rate);
const warmupMinutes = values.warmup === undefined ? minutes / 3 : positive('warmup', values.warmup);
const runsEvery = positive('runs-every', values['runs-every']);
if (warmupMinutes >= minutes) throw new Error('--warmup must be shorter than --minutes');

const DEMO = { email: 'demo@pawfresh.com.au', password: 'woofwoof1' };
const port = Number(process.env.SOAK_PORT ?? 4109);

interface Sample {
  at: number;
  ms: number;
  ok: boolean;
  what: string;
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/** The slope of y over x by least squares (units of y per unit of x). */
function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

async function main() {
  const server = await startServerProcess(port, { DEMO_DATA: 'true' });
  const { origin } = server;
  const samples: Sample[] = [];
  const memory: { at: number; rssMiB: number }[] = [];
  const failures = new Map<string, number>();
  const started = Date.now();
  const elapsedMin = () => (Date.now() - started) / 60_000;
  try {
    // Signed in as the demo customer; the access token renewed from the refresh cookie.
    const login = await fetch(`${origin}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO),
    });
    if (!login.ok) throw new Error(`Signing in: ${login.status} ${await login.text()}`);
    let cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    let token = ((await login.json()) as { accessToken: string }).accessToken;
    const refresh = async () => {
      const res = await fetch(`${origin}/api/v1/refresh`, { headers: { cookie } });
      if (!res.ok) throw new Error(`Refreshing the session: ${res.status} ${await res.text()}`);
      const rotated = res.headers.getSetCookie().map((c) => c.split(';')[0]);
      if (rotated.length > 0) cookie = rotated.join('; ');
      token = ((await res.json()) as { accessToken: string }).accessToken;
    };
    const refresher = setInterval(() => void refresh().catch(() => {}), 5 * 60_000);
    // The server's memory every 10 s, for its growth.
    const sampler = setInterval(
      () =>
        void server.memory().then(
          (m) => memory.push({ at: Date.now(), rssMiB: m.rssMiB }),
          () => {},
        ),
      10_000,
    );

    const timed = async (what: string, url: string, init: RequestInit = {}) => {
      const t0 = performance.now();
      let ok = false;
      let body: unknown;
      try {
        const res = await fetch(`${origin}${url}`, {
          ...init,
          headers: {
            authorization: `Bearer ${token}`,
            ...(init.body ? { 'content-type': 'application/json' } : {}),
          },
        });
        ok = res.ok;
        body = res.headers.get('content-type')?.includes('json') ? await res.json() : undefined;
        if (!ok)
          failures.set(`${what} ${res.status}`, (failures.get(`${what} ${res.status}`) ?? 0) + 1);
      } catch (err) {
        failures.set(`${what} ${String(err)}`, (failures.get(`${what} ${String(err)}`) ?? 0) + 1);
      }
      samples.push({ at: Date.now(), ms: performance.now() - t0, ok, what });
      return body;
    };

    interface BoxAddress {
      addressId: string;
      address1: string;
      city: string | null;
      state: string;
      postcode: string;
      suburb: string;
    }
    const deliveries = (await timed('orders', '/api/v1/orders')) as
      { futureOrders: { id: string; address: BoxAddress }[] } | undefined;
    const box = deliveries?.futureOrders[0];
    const reads = [
      ['me', '/api/v1/me'],
      ['dogs', '/api/v1/dogs'],
      ['subscriptions', '/api/v1/subscriptions'],
      ['orders', '/api/v1/orders'],
      ['past orders', '/api/v1/orders/past'],
      ['products', '/api/v1/products'],
      ['payment methods', '/api/v1/payment-methods'],
      ...(box ? [['one box', `/api/v1/orders/${box.id}`]] : []),
    ] as const;

    // The scheduled runs, each followed to its end (they run beside the customers' requests).
    const runs: Promise<void>[] = [];
    const workflow = async (name: string, body: unknown) => {
      const t0 = performance.now();
      const res = await fetch(`${origin}/svc/orchestration/workflows/${name}`, {
        method: 'POST',
        headers: server.serviceHeaders,
        body: JSON.stringify(body),
      });
      const text = await res.text();
      console.log(
        `  ${name}: ${res.status} in ${round2((performance.now() - t0) / 1000)} s ${res.ok ? '' : text.slice(0, 200)}`,
      );
      if (!res.ok)
        failures.set(`${name} ${res.status}`, (failures.get(`${name} ${res.status}`) ?? 0) + 1);
    };
    let nextRuns = Math.min(minutes / 3, runsEvery);

    let n = 0;
    let minute = 0;
    const end = started + minutes * 60_000;
    const gap = 1000 / rate;
    let due = Date.now();
    while (Date.now() < end) {
      due += gap;
      if (elapsedMin() >= nextRuns) {
        nextRuns += runsEvery;
        const today = new Date().toISOString().slice(0, 10);
        runs.push(
          (async () => {
            await workflow('charge-due-orders', {
              workflowId: `soak-billing-${Date.now()}`,
              date: today,
            });
            await workflow('generate-orders', { workflowId: `soak-generate-${Date.now()}` });
          })(),
        );
      }
      n++;
      if (box && n % 20 === 0) {
        const { addressId, city, state, postcode, suburb } = box.address;
        void timed('delivery-info', `/api/v1/orders/${box.id}/delivery-info`, {
          method: 'POST',
          body: JSON.stringify({
            postcode,
            suburb,
            address: {
              addressId,
              address1: n % 40 === 0 ? box.address.address1 : `Unit 2, ${box.address.address1}`,
              city,
              state,
              countryCode: 'AU',
            },
          }),
        });
      } else {
        const [what, url] = reads[n % reads.length]!;
        void timed(what, url);
      }
      if (Math.floor(elapsedMin()) > minute) {
        minute = Math.floor(elapsedMin());
        const m = await server.memory();
        const last = samples.filter((s) => s.at > Date.now() - 60_000);
        console.log(
          `minute ${minute}: ${last.length} requests, p95 ${Math.round(
            percentile(
              last.map((s) => s.ms),
              95,
            ),
          )} ms, ` +
            `${last.filter((s) => !s.ok).length} errors, server RSS ${Math.round(m.rssMiB)} MiB, load ${os.loadavg().map(round2).join(' ')}`,
        );
      }
      const wait = due - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    clearInterval(refresher);
    clearInterval(sampler);
    await Promise.all(runs);

    const after = started + warmupMinutes * 60_000;
    const measured = samples.filter((s) => s.at >= after);
    const p95 = percentile(
      measured.map((s) => s.ms),
      95,
    );
    const errorRate = measured.filter((s) => !s.ok).length / Math.max(1, measured.length);
    const growth =
      slope(
        memory
          .filter((m) => m.at >= after)
          .map((m) => ({ x: (m.at - after) / 3_600_000, y: m.rssMiB })),
      ) || 0;
    console.log(
      `\nsoak: ${minutes} min at ${rate} requests/s (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}), ` +
        `after ${round2(warmupMinutes)} min of warm-up: ${measured.length} requests, p95 ${Math.round(p95)} ms ` +
        `(target < 500), errors ${round2(errorRate * 100)} % (target < 0.1), memory growth ${round2(growth)} MiB/h ` +
        `(target < 8; RSS ${Math.round(memory[0]?.rssMiB ?? 0)} → ${Math.round(memory.at(-1)?.rssMiB ?? 0)} MiB); load average ${os.loadavg().map(round2).join(' ')}`,
    );
    for (const [what, count] of failures) console.log(`  failed: ${what} × ${count}`);
    if (p95 >= 500 || errorRate >= 0.001 || growth >= 8) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

main().catch((err: unknown) => {
  console.error('soak failed:', err);
  process.exit(1);
});
