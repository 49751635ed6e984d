import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InflatedCart } from '@pawfresh/contracts/orchestration';
import { CrashServers, pause, STEP_DELAY_MS, stop } from './crash-server.js';

/**
 * The real server as a child process, killed with SIGKILL while a workflow step is in
 * flight, then started again on the same database: the engine recovers the workflow, which
 * finishes once under the same id, and the steps done before the crash are not done again.
 * WORKFLOW_STEP_DELAY_MS holds each step long enough to kill the process inside one.
 */
let real: CrashServers;
const request: CrashServers['request'] = (...args) => real.request(...args);
const post: CrashServers['post'] = (...args) => real.post(...args);

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
 * get-inflated-cart for a new cart on the running server (one start shared by the tests); answers
 * once the cart and its variants are read and the next step (pricing the plan) is half-way
 * through its delay.
 */
async function workflowMidStep(prefix: string) {
  const server = await real.running();
  const { cart, variantId } = await makeCart();
  const workflowId = `${prefix}-${randomUUID()}`;
  const body = { cartId: cart.id, workflowId };
  const answer = request('POST', '/svc/orchestration/workflows/get-inflated-cart', body);
  await real.stepDone(workflowId, 'read-variants');
  await pause(STEP_DELAY_MS / 2);
  return { server, cart, variantId, workflowId, body, answer };
}

/** Starts the server again and waits for the workflow, recovered, to finish. */
async function recovered(workflowId: string) {
  await real.started();
  return real.finished(workflowId);
}

beforeAll(async () => {
  real = await CrashServers.create();
}, 180_000);
afterAll(() => real?.close());

describe('a workflow when its process stops', () => {
  it('is recovered after a crash (SIGKILL) mid-step and finishes once, under the same id', async () => {
    const { server, cart, variantId, workflowId, body, answer } = await workflowMidStep('crash');
    // The caller's connection dies with the process; the workflow must not.
    answer.catch(() => {});
    await stop(server, 'SIGKILL');
    const finished = await recovered(workflowId);
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
    expect(real.requests(`/svc/cart/carts/${cart.id}`)).toBe(1);
    expect(real.requests(`/svc/product/api/v1/variants/${variantId}`)).toBe(1);
    // Pricing is called by each plan generation and once for the products.
    const generations = real.requests('/svc/subscription/plans/generate');
    expect(generations).toBeGreaterThanOrEqual(1);
    expect(real.requests('/svc/pricing/pricing/get-price')).toBe(generations + 1);

    // The same id answers the recovered result without running anything.
    const again = await request('POST', '/svc/orchestration/workflows/get-inflated-cart', body);
    expect(again.status).toBe(200);
    const inflated = (await again.json()) as InflatedCart;
    expect(inflated.workflowId).toBe(workflowId);
    expect(inflated.plans).toHaveLength(1);
    expect(inflated.products).toHaveLength(1);
    expect(real.requests(`/svc/cart/carts/${cart.id}`)).toBe(1);
  }, 300_000);

  it('stays pending through a graceful stop (SIGTERM) mid-step: the caller is told to ask again', async () => {
    const { server, cart, workflowId, body, answer } = await workflowMidStep('stop');
    const stopped = Date.now();
    await stop(server, 'SIGTERM');
    const res = await answer;
    expect(res.status).toBe(503);
    expect(((await res.json()) as { message: string }).message).toBe(
      'The service is restarting; the workflow goes on after the restart: ask again with the same workflowId',
    );
    // Without waiting out the grace period for the workflow.
    expect(Date.now() - stopped).toBeLessThan(8000);

    const finished = await recovered(workflowId);
    expect(finished.recoveryAttempts).toBeGreaterThanOrEqual(2);
    expect(finished.steps.every((s) => s.status === 'completed')).toBe(true);
    expect(real.requests(`/svc/cart/carts/${cart.id}`)).toBe(1);
    const again = await request('POST', '/svc/orchestration/workflows/get-inflated-cart', body);
    expect(again.status).toBe(200);
  }, 300_000);
});
