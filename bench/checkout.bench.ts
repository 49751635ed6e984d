/**
 * Checkout benchmark (docs/workflows.md): the checkout workflow's p50 through the real server
 * (every service in one process, the DBOS engine checkpointing each step) against the very same
 * flow code making the same service calls in sequence without the engine (its steps run as plain
 * calls, no checkpoints, no recovery), side by side in one run, on carts prepared alike.
 *
 * Options: BENCH_CHECKOUTS per side (default 20). With DATABASE_URL, that PostgreSQL is used
 * (a database of its own is made and dropped); otherwise an embedded PGlite in a temporary folder.
 */
import os from 'node:os';
import pino from 'pino';
import { injectFetch, systemClock, type ServiceRuntime } from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import {
  buildServer,
  inProcessUrl,
  prepareDatabase,
  readConfig,
} from '../apps/server/src/index.js';
import { collaborators } from '../services/orchestration/src/collaborators.js';
import { checkout } from '../services/orchestration/src/flows/checkout/checkout.js';
import type { WorkflowContext } from '../services/orchestration/src/flows/context.js';
import { getFeedingPlanPricing } from '../services/orchestration/src/flows/checkout/get-feeding-plan-pricing.js';
import { getInflatedCart } from '../services/orchestration/src/flows/checkout/get-inflated-cart.js';
import { readyCart } from '../services/orchestration/test/server-cart.js';
import { benchDatabase, median, originOf, positiveInt, round2 } from './lib.js';

const CHECKOUTS = positiveInt('BENCH_CHECKOUTS', 20);

async function main() {
  const db = await benchDatabase(process.env.DATABASE_URL, 'checkout');
  const config = readConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    CUSTOMER_APP_DIR: '/nonexistent',
    ...db.env,
  });
  const connection = await prepareDatabase(config, systemClock, pino({ level: 'silent' }));
  const app = await buildServer({ config, database: connection });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = originOf(app);
  const headers = {
    'content-type': 'application/json',
    authorization: `Bearer ${config.serviceToken}`,
  };
  const request = (method: string, url: string, body?: unknown) =>
    fetch(`${origin}${url}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const json = async <T>(res: Response, url: string) => {
    if (res.status >= 300) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const api = {
    request,
    get: <T>(url: string) => request('GET', url).then((r) => json<T>(r, url)),
    post: <T>(url: string, body: unknown) =>
      request('POST', url, body).then((r) => json<T>(r, url)),
  } as unknown as Parameters<typeof readyCart>[0];

  // The same flow without the engine: each step a plain call, through the same clients and the
  // same in-process transport the engine's steps use (Fastify inject, no socket), so the only
  // difference is the engine: checkpoints, child workflows, the workflow route.
  const inProcess = injectFetch(app);
  const runtime = {
    serviceUrl: inProcessUrl,
    serviceToken: config.serviceToken,
    fetch: inProcess,
  } as unknown as ServiceRuntime<DatabaseConnection>;
  const plainContext = (id: string): WorkflowContext => ({
    services: collaborators(runtime, () => {}),
    step: (_name, run) => run(),
    workflowId: () => id,
    parentCancelled: async () => false,
    clock: systemClock,
    between: async () => {},
  });
  const plain = (id: string) => {
    const ctx = plainContext(id);
    return checkout(ctx, getInflatedCart(ctx, getFeedingPlanPricing(ctx)));
  };

  try {
    console.log(
      `checkout: ${os.cpus().length} CPUs, ${CHECKOUTS} checkouts per side, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
    );
    const engine: number[] = [];
    const direct: number[] = [];
    for (let i = 0; i < CHECKOUTS; i++) {
      // Alternate which side goes first, so a change in the machine's speed hits both alike.
      const sides = [
        async () => {
          const ready = await readyCart(api);
          const started = performance.now();
          const res = await request('POST', '/svc/orchestration/workflows/checkout', ready.body);
          const took = performance.now() - started;
          if (res.status !== 200) throw new Error(`checkout: ${res.status} ${await res.text()}`);
          engine.push(took);
        },
        async () => {
          const ready = await readyCart(api);
          const { workflowId, ...input } = ready.body;
          const started = performance.now();
          await plain(`plain-${workflowId}`)(input as Parameters<ReturnType<typeof plain>>[0]);
          direct.push(performance.now() - started);
        },
      ];
      if (i % 2 === 1) sides.reverse();
      for (const side of sides) await side();
    }
    const p50 = median(engine);
    const base = median(direct);
    console.log(
      `checkout p50: engine ${round2(p50)} ms; same calls without the engine ${round2(base)} ms; ratio ${round2(p50 / base)} (engine / plain)`,
    );
  } finally {
    await app.close();
    await connection.close();
    await db.drop();
  }
}

main().catch((err: unknown) => {
  console.error('benchmark failed:', err);
  process.exit(1);
});
