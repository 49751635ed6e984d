import { describe, expect, it } from 'vitest';
import { TestClock } from '@pawfresh/kit';
import {
  fuzzContract,
  messagesOf,
  serviceAuth,
  type HttpMethod,
  serviceUnderTest,
} from '@pawfresh/testing';
import {
  cartContract,
  type Cart,
  type CartBundle,
  type CartPlan,
  type CartPlanProduct,
  type CartProduct,
  type CartSubscription,
} from '@pawfresh/contracts/cart';
import { cartService } from '../src/index.js';

const clock = new TestClock('2026-11-02T09:00:00.000Z');

const USER = '6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const OTHER_USER = '7b2e1d3f-4c5e-4f6a-9b0c-1d2e3f4a5b6c';
const MISSING = '3f0b8a57-2c7e-4d5b-9a41-6f1e2d3c4b5a';
const VARIANT = '1c9d7e2a-5b4f-4a3e-8d2c-7b6a5f4e3d2c';
const PLAN = '2d8e6f1b-4c3a-4b2d-9e1f-8a7b6c5d4e3f';
const ANIMAL = '4e7f5a0c-3b2d-4c1e-8f0a-9b8c7d6e5f4a';
const PRODUCT = '5f6a4b9d-2c1e-4d0f-9a8b-0c9d8e7f6a5b';

const service = serviceUnderTest(cartService, { clock });
const { call } = service;

async function created<T>(method: HttpMethod, url: string, payload: unknown = {}): Promise<T> {
  const res = await call(method, url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<T>();
}

const createCart = (userId = USER) => created<Cart>('POST', '/carts', { userId });
const addProduct = (url: string, quantity = 2) =>
  created<CartProduct>('POST', url, { productVariantId: VARIANT, quantity });
function expectError(
  res: { statusCode: number; json(): unknown },
  status: number,
  message: string | RegExp,
) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ statusCode: status, message: expect.anything() });
  expect(messagesOf(res).join('; ')).toMatch(message);
}

/** A cart with something under every kind of parent. */
async function fullCart() {
  const cart = await createCart();
  const cartProduct = await addProduct(`/carts/${cart.id}/products`);
  const cartBundle = await created<CartBundle>('POST', `/carts/${cart.id}/bundles`);
  const cartBundleProduct = await addProduct(`/bundles/${cartBundle.id}/products`, 1);
  const subscription = await created<CartSubscription>('POST', `/carts/${cart.id}/subscriptions`);
  const subProduct = await addProduct(`/subscriptions/${subscription.id}/products`, 3);
  const subBundle = await created<CartBundle>('POST', `/subscriptions/${subscription.id}/bundles`);
  const subBundleProduct = await addProduct(`/bundles/${subBundle.id}/products`, 4);
  const plan = await created<CartPlan>('POST', `/subscriptions/${subscription.id}/plans`, {
    planId: PLAN,
    animalId: ANIMAL,
    orderLimit: 3,
  });
  const planProduct = await created<CartPlanProduct>('POST', `/plans/${plan.id}/products`, {
    productId: PRODUCT,
  });
  return {
    cart,
    cartProduct,
    cartBundle,
    cartBundleProduct,
    subscription,
    subProduct,
    subBundle,
    subBundleProduct,
    plan,
    planProduct,
  };
}

describe('health', () => {
  it('answers GET /health once, at the root', async () => {
    const res = await call('GET', '/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(
      service
        .app()
        .printRoutes({ commonPrefix: false })
        .match(/health/g),
    ).toHaveLength(1);
  });
});

describe('carts', () => {
  it('creates an empty cart for a user', async () => {
    const res = await call('POST', '/carts', { userId: USER });
    expect(res.statusCode).toBe(201);
    const cart = res.json<Cart>();
    expect(cart).toEqual({
      id: expect.any(String),
      userId: USER,
      products: [],
      bundles: [],
      subscriptions: [],
      promotionCode: null,
      createdAt: '2026-11-02T09:00:00.000Z',
    });
    const read = await call('GET', `/carts/${cart.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(cart);
  });

  it('refuses a cart without a valid userId, or with unknown fields', async () => {
    expectError(await call('POST', '/carts', {}), 400, /userId/);
    expectError(
      await call('POST', '/carts', { userId: 'abc' }),
      400,
      'userId must be a valid UUID',
    );
    expectError(await call('POST', '/carts', { userId: USER, extra: 1 }), 400, /extra/);
    expectError(await call('POST', '/carts', [1]), 400, /./);
  });

  it('finds the most recently created cart of a user, even within the same instant', async () => {
    const user = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
    expectError(await call('GET', `/carts/latest?userId=${user}`), 404, `User ${user} has no cart`);
    await createCart(user);
    const second = await createCart(user);
    await createCart(OTHER_USER);
    const res = await call('GET', `/carts/latest?userId=${user}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cartId: second.id, userId: user });
    clock.advance(60_000);
    const third = await createCart(user);
    expect((await call('GET', `/carts/latest?userId=${user}`)).json()).toEqual({
      cartId: third.id,
      userId: user,
    });
  });

  it('refuses a latest-cart query without a valid userId', async () => {
    expectError(await call('GET', '/carts/latest'), 400, /userId/);
    expectError(await call('GET', '/carts/latest?userId=nope'), 400, 'userId must be a valid UUID');
  });

  it('answers 404 for an unknown cart and 400 for a malformed id', async () => {
    expectError(await call('GET', `/carts/${MISSING}`), 404, `Cart ${MISSING} not found`);
    expectError(await call('DELETE', `/carts/${MISSING}`), 404, `Cart ${MISSING} not found`);
    expectError(await call('GET', '/carts/nope'), 400, 'cartId must be a valid UUID');
    expectError(await call('DELETE', '/carts/nope'), 400, 'cartId must be a valid UUID');
  });

  it('returns the whole tree, each child under its parent', async () => {
    const f = await fullCart();
    const res = await call('GET', `/carts/${f.cart.id}`);
    expect(res.statusCode).toBe(200);
    const cart = res.json<Cart>();
    expect(cart.products).toEqual([f.cartProduct]);
    expect(cart.bundles).toEqual([{ ...f.cartBundle, products: [f.cartBundleProduct] }]);
    expect(cart.subscriptions).toEqual([
      {
        ...f.subscription,
        products: [f.subProduct],
        bundles: [{ ...f.subBundle, products: [f.subBundleProduct] }],
        plans: [{ ...f.plan, products: [f.planProduct] }],
      },
    ]);
    expect(f.subBundleProduct).toMatchObject({
      cartId: f.cart.id,
      subscriptionId: f.subscription.id,
      bundleId: f.subBundle.id,
      quantity: 4,
    });
  });

  it('deleting a cart removes everything that hangs off it', async () => {
    const f = await fullCart();
    const other = await fullCart();
    const res = await call('DELETE', `/carts/${f.cart.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const gone: [string, string][] = [
      [`/carts/${f.cart.id}`, 'Cart'],
      [`/products/${f.cartProduct.id}`, 'Product'],
      [`/products/${f.cartBundleProduct.id}`, 'Product'],
      [`/products/${f.subProduct.id}`, 'Product'],
      [`/products/${f.subBundleProduct.id}`, 'Product'],
      [`/bundles/${f.cartBundle.id}`, 'Bundle'],
      [`/bundles/${f.subBundle.id}`, 'Bundle'],
      [`/subscriptions/${f.subscription.id}`, 'Subscription'],
      [`/plans/${f.plan.id}`, 'Plan'],
    ];
    for (const [url, what] of gone) expectError(await call('GET', url), 404, `${what} `);
    // Another cart is untouched.
    const kept = await call('GET', `/carts/${other.cart.id}`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json<Cart>().subscriptions[0]?.plans[0]?.products).toEqual([other.planProduct]);
    expectError(await call('DELETE', `/carts/${f.cart.id}`), 404, 'not found');
  });
});

describe('cart products', () => {
  it('adds, reads, changes and removes a product', async () => {
    const cart = await createCart();
    const res = await call('POST', `/carts/${cart.id}/products`, {
      productVariantId: VARIANT,
      quantity: 2,
    });
    expect(res.statusCode).toBe(201);
    const product = res.json<CartProduct>();
    expect(product).toEqual({
      id: expect.any(String),
      cartId: cart.id,
      subscriptionId: null,
      bundleId: null,
      productVariantId: VARIANT,
      quantity: 2,
      createdAt: clock.now().toISOString(),
      updatedAt: clock.now().toISOString(),
    });
    expect((await call('GET', `/products/${product.id}`)).json()).toEqual(product);

    clock.advance(1000);
    const patched = await call('PATCH', `/products/${product.id}`, { quantity: 5 });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toEqual({
      ...product,
      quantity: 5,
      updatedAt: clock.now().toISOString(),
    });
    // An empty change changes nothing.
    const same = await call('PATCH', `/products/${product.id}`, {});
    expect(same.statusCode).toBe(200);
    expect(same.json<CartProduct>().quantity).toBe(5);

    const del = await call('DELETE', `/products/${product.id}`);
    expect(del.statusCode).toBe(204);
    expectError(
      await call('GET', `/products/${product.id}`),
      404,
      `Product ${product.id} not found`,
    );
    expectError(await call('DELETE', `/products/${product.id}`), 404, 'not found');
  });

  it.each([
    [0, 'quantity must be a positive whole number'],
    [-1, 'quantity must be a positive whole number'],
    [1.5, 'quantity must be a positive whole number'],
    ['2', 'quantity must be a positive whole number'],
    [null, 'quantity must be a positive whole number'],
    [2147483648, 'quantity must be at most 2147483647'],
  ])('refuses quantity %j', async (quantity, message) => {
    const cart = await createCart();
    expectError(
      await call('POST', `/carts/${cart.id}/products`, { productVariantId: VARIANT, quantity }),
      400,
      message,
    );
    const product = await addProduct(`/carts/${cart.id}/products`);
    expectError(await call('PATCH', `/products/${product.id}`, { quantity }), 400, message);
  });

  it('refuses a missing quantity, a bad variant id and unknown fields', async () => {
    const cart = await createCart();
    const url = `/carts/${cart.id}/products`;
    expectError(await call('POST', url, { productVariantId: VARIANT }), 400, /quantity/);
    expectError(
      await call('POST', url, { productVariantId: 'x', quantity: 1 }),
      400,
      'productVariantId must be a valid UUID',
    );
    expectError(
      await call('POST', url, { productVariantId: VARIANT, quantity: 1, price: 3 }),
      400,
      /price/,
    );
    const product = await addProduct(url);
    expectError(await call('PATCH', `/products/${product.id}`, { colour: 'red' }), 400, /colour/);
    expectError(
      await call('PATCH', `/products/${product.id}`, { subscriptionId: 'x' }),
      400,
      'subscriptionId must be a valid UUID',
    );
  });

  it('answers 404 for a product in an unknown cart, and for unknown products', async () => {
    expectError(
      await call('POST', `/carts/${MISSING}/products`, { productVariantId: VARIANT, quantity: 1 }),
      404,
      `Cart ${MISSING} not found`,
    );
    expectError(await call('GET', `/products/${MISSING}`), 404, `Product ${MISSING} not found`);
    expectError(await call('PATCH', `/products/${MISSING}`, { quantity: 1 }), 404, 'not found');
    expectError(await call('DELETE', `/products/${MISSING}`), 404, 'not found');
    expectError(await call('GET', '/products/x'), 400, 'productId must be a valid UUID');
  });

  it('moves a product into a subscription of its cart and back', async () => {
    const cart = await createCart();
    const product = await addProduct(`/carts/${cart.id}/products`);
    const sub = await created<CartSubscription>('POST', `/carts/${cart.id}/subscriptions`);
    const moved = await call('PATCH', `/products/${product.id}`, { subscriptionId: sub.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<CartProduct>().subscriptionId).toBe(sub.id);
    let tree = (await call('GET', `/carts/${cart.id}`)).json<Cart>();
    expect(tree.products).toEqual([]);
    expect(tree.subscriptions[0]?.products.map((p) => p.id)).toEqual([product.id]);

    const back = await call('PATCH', `/products/${product.id}`, { subscriptionId: null });
    expect(back.json<CartProduct>().subscriptionId).toBeNull();
    tree = (await call('GET', `/carts/${cart.id}`)).json<Cart>();
    expect(tree.products.map((p) => p.id)).toEqual([product.id]);
  });

  it('refuses to move a product to an unknown or foreign subscription, or out of a bundle', async () => {
    const cart = await createCart();
    const product = await addProduct(`/carts/${cart.id}/products`);
    expectError(
      await call('PATCH', `/products/${product.id}`, { subscriptionId: MISSING }),
      404,
      `Subscription ${MISSING} not found`,
    );
    const otherCart = await createCart();
    const foreign = await created<CartSubscription>('POST', `/carts/${otherCart.id}/subscriptions`);
    expectError(
      await call('PATCH', `/products/${product.id}`, { subscriptionId: foreign.id }),
      400,
      'belongs to another cart',
    );
    const bundle = await created<CartBundle>('POST', `/carts/${cart.id}/bundles`);
    const inBundle = await addProduct(`/bundles/${bundle.id}/products`);
    const sub = await created<CartSubscription>('POST', `/carts/${cart.id}/subscriptions`);
    expectError(
      await call('PATCH', `/products/${inBundle.id}`, { subscriptionId: sub.id }),
      400,
      'moves only with its bundle',
    );
  });
});

describe('bundles', () => {
  it('adds a bundle to a cart, fills, reads and deletes it with its products', async () => {
    const cart = await createCart();
    const res = await call('POST', `/carts/${cart.id}/bundles`, {});
    expect(res.statusCode).toBe(201);
    const bundle = res.json<CartBundle>();
    expect(bundle).toEqual({
      id: expect.any(String),
      cartId: cart.id,
      subscriptionId: null,
      products: [],
      createdAt: clock.now().toISOString(),
    });
    const product = await addProduct(`/bundles/${bundle.id}/products`);
    expect(product).toMatchObject({ cartId: cart.id, bundleId: bundle.id, subscriptionId: null });
    const read = await call('GET', `/bundles/${bundle.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ ...bundle, products: [product] });

    const del = await call('DELETE', `/bundles/${bundle.id}`);
    expect(del.statusCode).toBe(204);
    expectError(await call('GET', `/bundles/${bundle.id}`), 404, `Bundle ${bundle.id} not found`);
    expectError(await call('GET', `/products/${product.id}`), 404, 'not found');
    expect((await call('GET', `/carts/${cart.id}`)).json<Cart>().bundles).toEqual([]);
  });

  it('takes an empty body, and ignores unknown fields', async () => {
    const cart = await createCart();
    expect((await call('POST', `/carts/${cart.id}/bundles`, {})).statusCode).toBe(201);
    expect((await call('POST', `/carts/${cart.id}/bundles`, { note: 'x' })).statusCode).toBe(201);
    expectError(await call('POST', `/carts/${cart.id}/bundles`, 'text'), 400, /./);
  });

  it('answers 404 for unknown bundles and carts, 400 for bad input', async () => {
    expectError(await call('POST', `/carts/${MISSING}/bundles`, {}), 404, `Cart ${MISSING}`);
    expectError(await call('GET', `/bundles/${MISSING}`), 404, `Bundle ${MISSING} not found`);
    expectError(await call('DELETE', `/bundles/${MISSING}`), 404, 'not found');
    expectError(
      await call('POST', `/bundles/${MISSING}/products`, {
        productVariantId: VARIANT,
        quantity: 1,
      }),
      404,
      `Bundle ${MISSING} not found`,
    );
    expectError(await call('GET', '/bundles/x'), 400, 'bundleId must be a valid UUID');
    const cart = await createCart();
    const bundle = await created<CartBundle>('POST', `/carts/${cart.id}/bundles`);
    expectError(
      await call('POST', `/bundles/${bundle.id}/products`, {
        productVariantId: VARIANT,
        quantity: 0,
      }),
      400,
      'quantity must be a positive whole number',
    );
  });
});

describe('subscriptions', () => {
  it('adds a subscription, fills it, and deleting it removes its products, bundles and plans', async () => {
    const f = await fullCart();
    expect(f.subscription).toEqual({
      id: expect.any(String),
      cartId: f.cart.id,
      products: [],
      bundles: [],
      plans: [],
      createdAt: clock.now().toISOString(),
    });
    const read = await call('GET', `/subscriptions/${f.subscription.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      ...f.subscription,
      products: [f.subProduct],
      bundles: [{ ...f.subBundle, products: [f.subBundleProduct] }],
      plans: [{ ...f.plan, products: [f.planProduct] }],
    });
    const del = await call('DELETE', `/subscriptions/${f.subscription.id}`);
    expect(del.statusCode).toBe(204);
    for (const url of [
      `/subscriptions/${f.subscription.id}`,
      `/products/${f.subProduct.id}`,
      `/products/${f.subBundleProduct.id}`,
      `/bundles/${f.subBundle.id}`,
      `/plans/${f.plan.id}`,
    ]) {
      expect((await call('GET', url)).statusCode).toBe(404);
    }
    const cart = (await call('GET', `/carts/${f.cart.id}`)).json<Cart>();
    expect(cart.subscriptions).toEqual([]);
    expect(cart.products).toEqual([f.cartProduct]);
    expect(cart.bundles).toEqual([{ ...f.cartBundle, products: [f.cartBundleProduct] }]);
  });

  it('refuses any field in the subscription-creation body', async () => {
    const cart = await createCart();
    expectError(await call('POST', `/carts/${cart.id}/subscriptions`, { name: 'x' }), 400, /name/);
    expectError(await call('POST', `/carts/${cart.id}/subscriptions`, [1]), 400, /./);
    expect((await call('POST', `/carts/${cart.id}/subscriptions`, {})).statusCode).toBe(201);
  });

  it('answers 404 for unknown subscriptions and carts, 400 for bad input', async () => {
    expectError(await call('POST', `/carts/${MISSING}/subscriptions`, {}), 404, `Cart ${MISSING}`);
    expectError(
      await call('GET', `/subscriptions/${MISSING}`),
      404,
      `Subscription ${MISSING} not found`,
    );
    expectError(await call('DELETE', `/subscriptions/${MISSING}`), 404, 'not found');
    for (const [path, body] of [
      ['products', { productVariantId: VARIANT, quantity: 1 }],
      ['bundles', {}],
      ['plans', { planId: PLAN, animalId: ANIMAL }],
    ] as const) {
      expectError(
        await call('POST', `/subscriptions/${MISSING}/${path}`, body),
        404,
        `Subscription ${MISSING} not found`,
      );
    }
    expectError(await call('GET', '/subscriptions/x'), 400, 'subscriptionId must be a valid UUID');
    const cart = await createCart();
    const sub = await created<CartSubscription>('POST', `/carts/${cart.id}/subscriptions`);
    expectError(
      await call('POST', `/subscriptions/${sub.id}/products`, {
        productVariantId: VARIANT,
        quantity: -3,
      }),
      400,
      'quantity must be a positive whole number',
    );
  });
});

describe('plans', () => {
  it('adds a plan with and without an order limit, and its products', async () => {
    const cart = await createCart();
    const sub = await created<CartSubscription>('POST', `/carts/${cart.id}/subscriptions`);
    const res = await call('POST', `/subscriptions/${sub.id}/plans`, {
      planId: PLAN,
      animalId: ANIMAL,
    });
    expect(res.statusCode).toBe(201);
    const plan = res.json<CartPlan>();
    expect(plan).toEqual({
      id: expect.any(String),
      cartId: cart.id,
      subscriptionId: sub.id,
      planId: PLAN,
      animalId: ANIMAL,
      orderLimit: null,
      products: [],
      createdAt: clock.now().toISOString(),
    });
    const limited = await created<CartPlan>('POST', `/subscriptions/${sub.id}/plans`, {
      planId: PLAN,
      animalId: ANIMAL,
      orderLimit: 2.5,
    });
    expect(limited.orderLimit).toBe(2.5);

    const added = await call('POST', `/plans/${plan.id}/products`, { productId: PRODUCT });
    expect(added.statusCode).toBe(201);
    const planProduct = added.json<CartPlanProduct>();
    expect(planProduct).toEqual({
      id: expect.any(String),
      cartPlanId: plan.id,
      productId: PRODUCT,
      createdAt: clock.now().toISOString(),
    });
    const read = await call('GET', `/plans/${plan.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ ...plan, products: [planProduct] });

    const removed = await call('DELETE', `/plans/${plan.id}/products/${planProduct.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', `/plans/${plan.id}`)).json<CartPlan>().products).toEqual([]);
    expectError(
      await call('DELETE', `/plans/${plan.id}/products/${planProduct.id}`),
      404,
      `Product ${planProduct.id} not found in plan ${plan.id}`,
    );
  });

  it('deleting a plan removes its products', async () => {
    const f = await fullCart();
    const del = await call('DELETE', `/plans/${f.plan.id}`);
    expect(del.statusCode).toBe(204);
    expectError(await call('GET', `/plans/${f.plan.id}`), 404, `Plan ${f.plan.id} not found`);
    expectError(
      await call('DELETE', `/plans/${f.plan.id}/products/${f.planProduct.id}`),
      404,
      `Plan ${f.plan.id} not found`,
    );
    expect(
      (await call('GET', `/subscriptions/${f.subscription.id}`)).json<CartSubscription>().plans,
    ).toEqual([]);
  });

  it('refuses a plan product that belongs to another plan', async () => {
    const f = await fullCart();
    const sub = await created<CartSubscription>('POST', `/carts/${f.cart.id}/subscriptions`);
    const otherPlan = await created<CartPlan>('POST', `/subscriptions/${sub.id}/plans`, {
      planId: PLAN,
      animalId: ANIMAL,
    });
    expectError(
      await call('DELETE', `/plans/${otherPlan.id}/products/${f.planProduct.id}`),
      404,
      'not found in plan',
    );
    expect((await call('GET', `/plans/${f.plan.id}`)).json<CartPlan>().products).toHaveLength(1);
  });

  it.each([
    [{ animalId: ANIMAL }, /planId/],
    [{ planId: PLAN }, /animalId/],
    [{ planId: 'x', animalId: ANIMAL }, 'planId must be a valid UUID'],
    [{ planId: PLAN, animalId: 'x' }, 'animalId must be a valid UUID'],
    [{ planId: PLAN, animalId: ANIMAL, orderLimit: 0 }, 'orderLimit must be a positive number'],
    [{ planId: PLAN, animalId: ANIMAL, orderLimit: -2 }, 'orderLimit must be a positive number'],
    [{ planId: PLAN, animalId: ANIMAL, orderLimit: '3' }, 'orderLimit must be a positive number'],
    [{ planId: PLAN, animalId: ANIMAL, type: 'full_bowl' }, /type/],
  ])('refuses plan payload %j', async (body, message) => {
    const cart = await createCart();
    const sub = await created<CartSubscription>('POST', `/carts/${cart.id}/subscriptions`);
    expectError(await call('POST', `/subscriptions/${sub.id}/plans`, body), 400, message);
  });

  it('answers 404 for unknown plans and 400 for bad plan-product input', async () => {
    expectError(await call('GET', `/plans/${MISSING}`), 404, `Plan ${MISSING} not found`);
    expectError(await call('DELETE', `/plans/${MISSING}`), 404, `Plan ${MISSING} not found`);
    expectError(
      await call('POST', `/plans/${MISSING}/products`, { productId: PRODUCT }),
      404,
      `Plan ${MISSING} not found`,
    );
    expectError(
      await call('DELETE', `/plans/${MISSING}/products/${MISSING}`),
      404,
      `Plan ${MISSING} not found`,
    );
    expectError(await call('GET', '/plans/x'), 400, 'planId must be a valid UUID');
    expectError(
      await call('DELETE', `/plans/${MISSING}/products/x`),
      400,
      'planProductId must be a valid UUID',
    );
    const f = await fullCart();
    expectError(await call('POST', `/plans/${f.plan.id}/products`, {}), 400, /productId/);
    expectError(
      await call('POST', `/plans/${f.plan.id}/products`, { productId: 'x' }),
      400,
      'productId must be a valid UUID',
    );
    expectError(
      await call('POST', `/plans/${f.plan.id}/products`, { productId: PRODUCT, qty: 1 }),
      400,
      /qty/,
    );
  });
});

describe('every route', () => {
  it('refuses callers without service credentials', async () => {
    const res = await call('GET', `/carts/${MISSING}`, undefined, {});
    expect(res.statusCode).toBe(401);
  });

  it('answers odd input with a 4xx in the service envelope, never a crash', async () => {
    const problems = await fuzzContract(service.app(), cartContract, serviceAuth, 10);
    expect(problems).toEqual([]);
  });
});
