import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InflatedCart } from '@pawfresh/contracts/orchestration';
import {
  requestsTo,
  serverSetup,
  stop,
  waitFor,
  type Server,
  type ServerSetup,
} from './server-process.js';

/**
 * The real server as a child process (tsx), killed with SIGKILL while a workflow step is in
 * flight, then started again on the same database: the engine recovers the workflow, which
 * finishes once under the same id, and the steps done before the crash are not done again.
 * WORKFLOW_STEP_DELAY_MS holds each step long enough to kill the process inside one.
 */
const STEP_DELAY_MS = 1500;

let setup: ServerSetup;
const request = (method: string, url: string, body?: unknown) => setup.request(method, url, body);
const post = <T>(url: string, body: unknown) => setup.post<T>(url, body);
const healthy = () => setup.healthy();
const run = (id: string) => setup.run(id);
const startServer = () => setup.start();

/** A cart with a loose product and a half bowl for a dog with a weight and a meal. */
async function makeCart() {
  const userId = randomUUID();
  const meals = await (await request('GET', '/svc/product/api/v1/products?type=meal')).json();
  const mealId = (meals as { id: string }[])[0]!.id;
  const dog = await post<{ identifier: string }>('/svc/dogs/dogs', {
    userId,
    dog: { name: 'Biscuit', weight: '8.5', isNeutered: true, activityLevel: 'loves_to_play' },
    mealProductIds: [mealId],
  });
  const treats = await (await request('GET', '/svc/product/api/v1/products?type=treat')).json();
  const variantId = (treats as { variants: { id: string }[] }[])[0]!.variants[0]!.id;
  const cart = await post<{ id: string }>('/svc/cart/carts', { userId });
  await post(`/svc/cart/carts/${cart.id}/products`, {
    productVariantId: variantId,
    quantity: 1,
  });
  const sub = await post<{ id: string }>(`/svc/cart/carts/${cart.id}/subscriptions`, {});
  const plans = (await (await request('GET', '/svc/subscription/plans')).json()) as {
    id: string;
    slug: string;
  }[];
  await post(`/svc/cart/subscriptions/${sub.id}/plans`, {
    planId: plans.find((p) => p.slug === 'half-bowl')!.id,
    animalId: dog.identifier,
  });
  return { cart, variantId };
}

/**
 * Starts a server, then get-inflated-cart for a new cart; answers once the cart and its variants
 * are read and the next step (pricing the plan) is half-way through its delay.
 */
async function workflowMidStep(servers: Server[], prefix: string) {
  const server = startServer();
  servers.push(server);
  await waitFor('the server to start', healthy);
  const { cart, variantId } = await makeCart();
  const workflowId = `${prefix}-${randomUUID()}`;
  const body = { cartId: cart.id, workflowId };
  const answer = request('POST', '/svc/orchestration/workflows/get-inflated-cart', body);
  await waitFor('the cart and its variants to be read', async () => {
    const steps = (await run(workflowId))?.steps.map((s) => s.name) ?? [];
    return steps.includes('read-variants') ? true : undefined;
  });
  await new Promise((r) => setTimeout(r, STEP_DELAY_MS / 2));
  return { server, cart, variantId, workflowId, body, answer };
}

/** Starts the server again and waits for the workflow, recovered, to finish. */
async function recovered(servers: Server[], workflowId: string) {
  servers.push(startServer());
  await waitFor('the server to start again', healthy);
  return waitFor('the recovered workflow to finish', async () => {
    const r = await run(workflowId);
    return r?.status === 'SUCCESS' ? r : undefined;
  });
}

beforeAll(async () => {
  setup = await serverSetup({ WORKFLOW_STEP_DELAY_MS: String(STEP_DELAY_MS) });
}, 120_000);

afterAll(async () => setup?.close());

describe('a workflow when its process stops', () => {
  it('is recovered after a crash (SIGKILL) mid-step and finishes once, under the same id', async () => {
    const servers: Server[] = [];
    try {
      const { server, cart, variantId, workflowId, body, answer } = await workflowMidStep(
        servers,
        'crash',
      );
      // The caller's connection dies with the process; the workflow must not.
      answer.catch(() => {});
      await stop(server, 'SIGKILL');
      const finished = await recovered(servers, workflowId);
      expect(finished.workflowName).toBe('get-inflated-cart');
      expect(finished.recoveryAttempts).toBeGreaterThanOrEqual(2);
      expect(finished.steps.map((s) => s.name)).toEqual([
        'read-cart',
        'read-variants',
        'get-feeding-plan-pricing',
        'DBOS.getResult',
        'price-products',
      ]);
      // Steps done before the crash were not done again: one read of the cart in both lives.
      expect(requestsTo(servers, `/svc/cart/carts/${cart.id}`)).toBe(1);
      expect(requestsTo(servers, `/svc/product/api/v1/variants/${variantId}`)).toBe(1);
      // Pricing is called by each plan generation and once for the products.
      const generations = requestsTo(servers, '/svc/subscription/plans/generate');
      expect(generations).toBeGreaterThanOrEqual(1);
      expect(requestsTo(servers, '/svc/pricing/pricing/get-price')).toBe(generations + 1);

      // The same id answers the recovered result without running anything.
      const again = await request('POST', '/svc/orchestration/workflows/get-inflated-cart', body);
      expect(again.status).toBe(200);
      const inflated = (await again.json()) as InflatedCart;
      expect(inflated.workflowId).toBe(workflowId);
      expect(inflated.plans).toHaveLength(1);
      expect(inflated.products).toHaveLength(1);
      expect(requestsTo(servers, `/svc/cart/carts/${cart.id}`)).toBe(1);
    } finally {
      for (const s of servers) await stop(s, 'SIGTERM');
    }
  }, 300_000);

  it('stays pending through a graceful stop (SIGTERM) mid-step: the caller is told to ask again', async () => {
    const servers: Server[] = [];
    try {
      const { server, cart, workflowId, body, answer } = await workflowMidStep(servers, 'stop');
      const stopped = Date.now();
      await stop(server, 'SIGTERM');
      const res = await answer;
      expect(res.status).toBe(503);
      expect(((await res.json()) as { message: string }).message).toBe(
        'The service is restarting; the workflow goes on after the restart: ask again with the same workflowId',
      );
      // Without waiting out the grace period for the workflow.
      expect(Date.now() - stopped).toBeLessThan(8000);

      const finished = await recovered(servers, workflowId);
      expect(finished.recoveryAttempts).toBeGreaterThanOrEqual(2);
      expect(finished.steps.every((s) => s.status === 'completed')).toBe(true);
      expect(requestsTo(servers, `/svc/cart/carts/${cart.id}`)).toBe(1);
      const again = await request('POST', '/svc/orchestration/workflows/get-inflated-cart', body);
      expect(again.status).toBe(200);
    } finally {
      for (const s of servers) await stop(s, 'SIGTERM');
    }
  }, 300_000);
});
