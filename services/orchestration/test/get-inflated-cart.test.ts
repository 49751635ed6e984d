import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, CartBundle, CartPlan, CartSubscription } from '@pawfresh/contracts/cart';
import type {
  FeedingPlanPricing,
  InflatedCart,
  WorkflowRun,
} from '@pawfresh/contracts/orchestration';
import { caller, callJson, messagesOf } from '@pawfresh/testing';
import { createDog, harness, mealOf, type Harness } from './harness.js';

let h: Harness;
const call = caller(() => h.app);
const plans = () => h.plans;

beforeAll(async () => {
  h = await harness();
});
afterAll(() => h?.close());
afterEach(() => h.allUp());

const inflate = (body: Record<string, unknown>) =>
  call('POST', '/workflows/get-inflated-cart', body);

async function cartCall<T>(method: 'POST', url: string, body: unknown = {}): Promise<T> {
  const res = await callJson(h.services.cart!, method, url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<T>();
}

/**
 * A cart as a customer builds it: a treat, a bundle of two toys, and a subscription with a
 * supplement and a half bowl of turkey for their dog.
 */
async function fullCart() {
  const userId = randomUUID();
  const dog = await createDog(h, userId, {}, [mealOf(h, 'beef').id]);
  const variantOf = (type: string, n = 0) =>
    callJson(h.services.product!, 'GET', `/api/v1/products?type=${type}`).then(
      (res) =>
        res.json<{ variants: { id: string; basePrice: number; sku: string }[] }[]>()[n]!
          .variants[0]!,
    );
  const treat = await variantOf('treat');
  const toy = await variantOf('toy');
  const supplement = await variantOf('supplement');
  const cart = await cartCall<Cart>('POST', '/carts', { userId });
  await cartCall('POST', `/carts/${cart.id}/products`, { productVariantId: treat.id, quantity: 2 });
  const bundle = await cartCall<CartBundle>('POST', `/carts/${cart.id}/bundles`);
  await cartCall('POST', `/bundles/${bundle.id}/products`, {
    productVariantId: toy.id,
    quantity: 1,
  });
  const sub = await cartCall<CartSubscription>('POST', `/carts/${cart.id}/subscriptions`);
  await cartCall('POST', `/subscriptions/${sub.id}/products`, {
    productVariantId: supplement.id,
    quantity: 1,
  });
  const halfBowl = plans().find((p) => p.slug === 'half-bowl')!;
  const plan = await cartCall<CartPlan>('POST', `/subscriptions/${sub.id}/plans`, {
    planId: halfBowl.id,
    animalId: dog.identifier,
  });
  const turkey = mealOf(h, 'turkey').id;
  await cartCall('POST', `/plans/${plan.id}/products`, { productId: turkey });
  return { userId, dog, cart, treat, toy, supplement, sub, plan, halfBowl, turkey };
}

describe('POST /workflows/get-inflated-cart', () => {
  it('answers the cart with every product priced and each feeding plan sized and priced', async () => {
    const c = await fullCart();
    const res = await inflate({ cartId: c.cart.id });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<InflatedCart>();
    expect(body).toMatchObject({ cartId: c.cart.id, userId: c.userId });
    expect(
      body.products.map((p) => [p.productVariantId, p.quantity, p.unitPrice, p.totalPrice]),
    ).toEqual([
      [c.treat.id, 2, c.treat.basePrice, 2 * c.treat.basePrice],
      [c.toy.id, 1, c.toy.basePrice, c.toy.basePrice],
      [c.supplement.id, 1, c.supplement.basePrice, c.supplement.basePrice],
    ]);
    expect(body.products[0]!.sku).toBe(c.treat.sku);
    expect(body.products[2]!.subscriptionId).toBe(c.sub.id);
    expect(body.products[1]!.bundleId).not.toBeNull();

    // The plan is what get-feeding-plan-pricing answers for the same dog, plan and meals.
    const alone = await call('POST', '/workflows/get-feeding-plan-pricing', {
      animalId: c.dog.identifier,
      planId: c.halfBowl.id,
      productIds: [c.turkey],
    });
    const expected = alone.json<FeedingPlanPricing>();
    expect(body.plans).toEqual([
      {
        id: c.plan.id,
        subscriptionId: c.sub.id,
        animalId: c.dog.identifier,
        orderLimit: null,
        productIds: [c.turkey],
        plan: c.halfBowl,
        feedingPlan: expected.feedingPlan,
      },
    ]);
    const productsTotal = body.products.reduce((s, p) => s + p.discountedTotalPrice, 0);
    expect(body.promotion).toBeNull();
    expect(body.prices).toEqual({
      productsTotal,
      plansTotal: expected.feedingPlan.totalPrice,
      discountTotal: 0,
      total: productsTotal + expected.feedingPlan.totalPrice,
    });
  });

  it('prices each plan in a child workflow, all shown in the run', async () => {
    const c = await fullCart();
    const workflowId = `cart-${randomUUID()}`;
    const res = await inflate({ cartId: c.cart.id, workflowId });
    expect(res.statusCode, res.body).toBe(200);
    const run = (await call('GET', `/workflows/runs/${workflowId}`)).json<WorkflowRun>();
    expect(run).toMatchObject({ workflowName: 'get-inflated-cart', status: 'SUCCESS' });
    expect(run.steps.map((s) => s.name)).toEqual([
      'read-cart',
      'read-variants',
      'get-feeding-plan-pricing',
      // The engine checkpoints the child's start and, as its own step, its result.
      'DBOS.getResult',
      'price-products',
    ]);
    const child = run.steps[2]!.childWorkflowId!;
    expect(child).toBeTruthy();
    const childRun = (await call('GET', `/workflows/runs/${child}`)).json<WorkflowRun>();
    expect(childRun).toMatchObject({
      workflowName: 'get-feeding-plan-pricing',
      status: 'SUCCESS',
      parentWorkflowId: workflowId,
    });
  });

  it('runs once for concurrent calls with one workflowId', async () => {
    const c = await fullCart();
    const workflowId = `same-${randomUUID()}`;
    const before = h.calls.cart ?? 0;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => inflate({ cartId: c.cart.id, workflowId })),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect((h.calls.cart ?? 0) - before).toBe(1);
  });

  it('answers an empty cart with nothing to pay', async () => {
    const cart = await cartCall<Cart>('POST', '/carts', { userId: randomUUID() });
    const res = await inflate({ cartId: cart.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<InflatedCart>()).toMatchObject({
      products: [],
      plans: [],
      prices: { productsTotal: 0, plansTotal: 0, total: 0 },
    });
  });

  it('answers an unknown cart with 404 and a cart holding an unknown variant with 400', async () => {
    const missing = randomUUID();
    const res = await inflate({ cartId: missing });
    expect(res.statusCode, res.body).toBe(404);
    expect(messagesOf(res)).toEqual([`Cart ${missing} not found`]);

    const cart = await cartCall<Cart>('POST', '/carts', { userId: randomUUID() });
    const gone = randomUUID();
    await cartCall('POST', `/carts/${cart.id}/products`, { productVariantId: gone, quantity: 1 });
    const bad = await inflate({ cartId: cart.id });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(messagesOf(bad)).toEqual([
      `Cart ${cart.id} holds product variant ${gone}, which is not in the catalogue: remove it from the cart`,
    ]);
  });

  it('answers 502 naming the step when pricing is down', async () => {
    const c = await fullCart();
    h.down.pricing = true;
    const res = await inflate({ cartId: c.cart.id });
    expect(res.statusCode, res.body).toBe(502);
    expect(messagesOf(res)).toEqual([
      'Pricing the cart is not possible just now; try again in a minute',
    ]);
  });

  it('refuses bad input', async () => {
    const res = await inflate({ cartId: 'cart', extra: 1 });
    expect(res.statusCode, res.body).toBe(400);
    expect(messagesOf(res).join(' ')).toContain('cartId must be a valid UUID');
  });
});
