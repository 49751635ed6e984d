import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect, type DatabaseConnection } from '@pawfresh/db';
import type { WorkflowRun } from '@pawfresh/contracts/orchestration';
import type { SubscriptionChange } from '@pawfresh/contracts/orchestration-subscription-changes';
import type { Order } from '@pawfresh/contracts/order';
import type { Subscription } from '@pawfresh/contracts/subscription';
import { repoRoot, testDatabase } from '@pawfresh/testing';

/**
 * A subscription-only change (update-subscription-serving-size) in the real server (tsx), killed
 * with SIGKILL while it rewrites the open orders, then started again on the same database: the
 * workflow is recovered and completes once — the subscription written once (one version step),
 * each order once — and the same workflowId answers its result.
 */
const STEP_DELAY_MS = 1500;
const PORT = Number(process.env.SUBSCRIPTION_CRASH_PORT ?? 4104);
const TOKEN = 'crash-test-service-token-000000000000000';
const auth = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
const base = `http://127.0.0.1:${PORT}`;

let dataDir: string;
let database: DatabaseConnection | undefined;
let env: Record<string, string>;

interface Server {
  process: ChildProcess;
  output: string[];
}

function startServer(): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  return { process: child, output };
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 180_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

const request = (method: string, url: string, body?: unknown) =>
  fetch(`${base}${url}`, {
    method,
    headers: auth,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function json<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await request(method, url, body);
  if (res.status >= 300) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const healthy = async () =>
  (await fetch(`${base}/svc/orchestration/workflows/health`)).ok ? true : undefined;
const run = async (id: string) => {
  const res = await request('GET', `/svc/orchestration/workflows/runs/${id}`);
  return res.ok ? ((await res.json()) as WorkflowRun) : undefined;
};

async function stop(server: Server, signal: NodeJS.Signals) {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill(signal);
  await exited;
}

const dayFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A dog on a full bowl of 300 g a day and two open boxes made from the plan. */
async function household() {
  const userId = randomUUID();
  const meals = await json<{ id: string; status: string; variants: { id: string }[] }[]>(
    'GET',
    '/svc/product/api/v1/products?type=meal',
  );
  const meal = meals.find((m) => m.status === 'active')!;
  const dog = await json<{ identifier: string }>('POST', '/svc/dogs/dogs', {
    userId,
    dog: { name: 'Biscuit', weight: '8.5', isNeutered: true, activityLevel: 'loves_to_play' },
    mealProductIds: [meal.id],
  });
  const subscription = await json<Subscription>('POST', '/svc/subscription/subscriptions', {
    userId,
    status: 'active',
    feedingPlans: [
      {
        animalId: dog.identifier,
        type: 'full_bowl',
        currentDailyServingSizeInGrams: 300,
        skus: [{ productVariantId: meal.variants[0]!.id, ratio: 1 }],
      },
    ],
  });
  const orders: Order[] = [];
  for (const [index, days] of [16, 30].entries()) {
    orders.push(
      await json<Order>('POST', '/svc/order/api/v1/orders', {
        userId,
        subscriptionId: subscription.id,
        subscriptionOrderIndex: index,
        deliveryDate: dayFromNow(days),
        expectedDeliverySlotId: 'PM',
        address: {
          firstName: 'Jo',
          lastName: 'Tester',
          address1: '1 Test Street',
          suburb: 'Richmond',
          state: 'VIC',
          postcode: '3121',
        },
        orderLineItems: subscription.feedingPlans[0]!.skus.map((s) => ({
          animalId: dog.identifier,
          productId: s.productId,
          productVariantId: s.productVariantId,
          planType: 'full_bowl',
          price: s.price,
          quantity: s.pouches,
        })),
      }),
    );
  }
  return { subscription, orders };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pawfresh-subs-crash-'));
  env = {
    PORT: String(PORT),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
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

describe('a subscription change when its process is killed', () => {
  it('is recovered after SIGKILL while rewriting the orders and completes once', async () => {
    const servers: Server[] = [];
    try {
      servers.push(startServer());
      await waitFor('the server to start', healthy);
      const { subscription, orders } = await household();
      const plan = subscription.feedingPlans[0]!;
      const workflowId = `serving-size-crash-${randomUUID()}`;
      const body = {
        subscriptionId: subscription.id,
        feedingPlanId: plan.id,
        servingSize: 400,
        version: subscription.version,
        workflowId,
      };
      const answer = request(
        'POST',
        '/svc/orchestration/workflows/update-subscription-serving-size',
        body,
      );
      answer.catch(() => {});
      // Killed while the first order's rewrite is in flight (the subscription is written).
      await waitFor('the subscription to be written', async () => {
        const steps = (await run(workflowId))?.steps.map((s) => s.name) ?? [];
        return steps.includes('update-subscription') ? true : undefined;
      });
      await new Promise((r) => setTimeout(r, STEP_DELAY_MS / 2));
      await stop(servers[0]!, 'SIGKILL');

      servers.push(startServer());
      await waitFor('the server to start again', healthy);
      const finished = await waitFor('the recovered workflow to finish', async () => {
        const r = await run(workflowId);
        return r?.status === 'SUCCESS' ? r : undefined;
      });
      expect(finished.recoveryAttempts).toBeGreaterThanOrEqual(2);
      const names = finished.steps.map((s) => s.name);
      expect(names.filter((n) => n === 'update-subscription')).toHaveLength(1);
      for (const o of orders) expect(names).toContain(`update-order:${o.id}`);
      expect(names.some((n) => n.startsWith('undo-'))).toBe(false);

      // Written once: the subscription moved one version, each order one version.
      const now = await json<Subscription>(
        'GET',
        `/svc/subscription/subscriptions/${subscription.id}`,
      );
      expect(now.version).toBe(subscription.version + 1);
      expect(now.feedingPlans[0]!.currentDailyServingSizeInGrams).toBe(400);
      for (const o of orders) {
        const order = await json<Order>('GET', `/svc/order/api/v1/orders/${o.id}`);
        expect(order.version).toBe(o.version + 1);
        expect(order.orderLineItems.reduce((n, l) => n + l.quantity, 0)).toBe(
          now.feedingPlans[0]!.totalPouches,
        );
      }
      // The same id answers the result without running anything again.
      const again = await request(
        'POST',
        '/svc/orchestration/workflows/update-subscription-serving-size',
        body,
      );
      expect(again.status).toBe(200);
      const result = (await again.json()) as SubscriptionChange;
      expect(result.workflowId).toBe(workflowId);
      expect(result.version).toBe(now.version);
      expect(result.orders.updatedOrderIds.sort()).toEqual(orders.map((o) => o.id).sort());
    } finally {
      for (const s of servers) await stop(s, 'SIGTERM');
    }
  }, 400_000);
});
