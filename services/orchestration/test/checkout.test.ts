import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutResult } from '@pawfresh/contracts/orchestration-checkout';
import type { WorkflowRun } from '@pawfresh/contracts/orchestration';
import type { Order } from '@pawfresh/contracts/order';
import type { Payment } from '@pawfresh/contracts/payment';
import type { Subscription } from '@pawfresh/contracts/subscription';
import { orchestrationContract } from '@pawfresh/contracts/orchestration';
import { callJson, fuzzContract, messagesOf, serviceAuth } from '@pawfresh/testing';
import { CARDS, checkoutHarness, readyCart, type CheckoutHarness } from './checkout-harness.js';
import { FULFILMENT_ENDPOINTS } from './fulfilment-endpoints.js';
import { MIGRATION_ENDPOINTS } from './migration-endpoints.js';

let h: CheckoutHarness;

beforeAll(async () => {
  h = await checkoutHarness();
}, 180_000);
afterAll(() => h?.close());
afterEach(() => h.allUp());

const checkout = (body: Record<string, unknown>) => h.call('POST', '/workflows/checkout', body);

const read = async <T>(service: string, url: string) => {
  const res = await callJson(h.services[service]!, 'GET', url);
  return { status: res.statusCode, body: res.statusCode === 200 ? res.json<T>() : undefined };
};

/** What every service holds for a checkout's customer: the read-back of each. */
async function leftOf(ready: Awaited<ReturnType<typeof readyCart>>) {
  const { userId, cart, intent } = ready;
  const user = await read('identity', `/identity/users/${userId}`);
  const subscriptions = await read<{ data: Subscription[] }>(
    'subscription',
    `/subscriptions?userId=${userId}`,
  );
  const orders = await read<{ data: Order[] }>('order', `/api/v1/orders?userId=${userId}`);
  const cartNow = await read('cart', `/carts/${cart.id}`);
  const payment = (await read<Payment>('payment', `/payments/${intent.paymentId}`)).body!;
  const refunded = payment.refunds.reduce((sum, r) => sum + r.amount, 0);
  return {
    user: user.status,
    subscriptions: subscriptions.body!.data.length,
    orders: orders.body!.data.length,
    cart: cartNow.status,
    payment: { status: payment.status, captured: payment.amountCaptured, refunded },
  };
}

describe('POST /workflows/checkout', () => {
  it('makes the customer, address, subscription and 12 weeks of orders, takes the payment once and empties the cart', async () => {
    const ready = await readyCart(h);
    const res = await checkout({ ...ready.body, workflowId: `checkout-${ready.cart.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<CheckoutResult>();
    expect(result).toMatchObject({
      workflowId: `checkout-${ready.cart.id}`,
      cartId: ready.cart.id,
      userId: ready.userId,
      paymentId: ready.intent.paymentId,
      amountCharged: ready.total,
    });
    const [subscription] = result.subscriptions;
    expect(subscription).toMatchObject({
      userId: ready.userId,
      status: 'active',
      cadenceInWeeks: 2,
      preferredDeliverySlotId: 'PM',
    });
    expect(subscription!.feedingPlans).toHaveLength(1);
    expect(subscription!.extras).toHaveLength(1);
    // 12 weeks at a two-week cadence: indexes 0 to 5, two weeks apart, the first paid.
    expect(result.orders.map((o) => o.subscriptionOrderIndex)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(result.orders[0]!.deliveryDate).toBe(ready.body.deliveryDate);
    expect(result.orders.map((o) => o.paymentStatus)).toEqual([
      'processed',
      ...Array(5).fill('pending'),
    ]);
    // The first box carries the loose treats; the later ones the plan and the supplement.
    expect(result.orders[0]!.orderLineItems.length).toBe(
      result.orders[1]!.orderLineItems.length + 1,
    );

    const user = await read<{ email: string }>('identity', `/identity/users/${ready.userId}`);
    expect(user.body!.email).toBe(ready.body.userAddress.email);
    const address = await read<{ postCode: string }>(
      'identity',
      `/identity/users/${ready.userId}/addresses/default`,
    );
    expect(address.body).toMatchObject({ postCode: '3121', suburb: 'Richmond' });
    expect(await leftOf(ready)).toEqual({
      user: 200,
      subscriptions: 1,
      orders: 6,
      cart: 404,
      payment: { status: 'processed', captured: ready.total, refunded: 0 },
    });

    // The same workflowId answers the same result and does nothing again.
    const before = { ...h.calls };
    const again = await checkout({ ...ready.body, workflowId: `checkout-${ready.cart.id}` });
    expect(again.statusCode).toBe(200);
    expect(again.json<CheckoutResult>().orders.map((o) => o.id)).toEqual(
      result.orders.map((o) => o.id),
    );
    expect(h.calls).toEqual(before);
  });

  it('a declined card answers 422 with the reason and leaves nothing behind', async () => {
    const ready = await readyCart(h, { card: CARDS.declined });
    const res = await checkout(ready.body);
    expect(res.statusCode, res.body).toBe(422);
    expect(messagesOf(res)).toEqual(['The payment was not taken: Your card was declined.']);
    expect(await leftOf(ready)).toEqual({
      user: 404,
      subscriptions: 0,
      orders: 0,
      cart: 200,
      payment: { status: 'attempt_failed', captured: 0, refunded: 0 },
    });
  });

  it('an unknown cart is a 404 and a bad payload a 400', async () => {
    const ready = await readyCart(h, { plan: false });
    const missing = await checkout({ ...ready.body, cartId: randomUUID() });
    expect(missing.statusCode).toBe(404);
    expect(messagesOf(missing)[0]).toMatch(/^Cart .* not found$/);
    const short = await checkout({ ...ready.body, userPassword: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(messagesOf(short)).toEqual(['Password must be at least 6 characters long']);
    const slotless = await checkout({ ...ready.body, expectedDeliverySlotId: 'NOON' });
    expect(slotless.statusCode).toBe(400);
    const elsewhere = await checkout({
      ...ready.body,
      userAddress: { ...ready.body.userAddress, postCode: '0872', suburb: 'Nowhere', state: 'NT' },
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(400);
    expect(messagesOf(elsewhere)[0]).toMatch(/We do not deliver to Nowhere 0872/);
    expect(await leftOf(ready)).toMatchObject({ user: 404, orders: 0, cart: 200 });
  });

  it('a cart of loose products only makes one order and no subscription', async () => {
    const ready = await readyCart(h, { plan: false, captureMethod: 'automatic' });
    const res = await checkout(ready.body);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<CheckoutResult>();
    expect(result.subscriptions).toEqual([]);
    expect(result.orders).toHaveLength(1);
    expect(result.orders[0]).toMatchObject({ subscriptionId: null, paymentStatus: 'processed' });
    expect(await leftOf(ready)).toMatchObject({ user: 200, orders: 1, cart: 404 });
  });

  // The order service takes the first three orders, then goes down for creations: the orders
  // made, the subscription and the account are undone, and the card given back as it stands — a
  // manual intent's hold released (it is captured only once everything is made), an automatic
  // one's charge refunded.
  for (const [captureMethod, payment] of [
    ['manual', (_total: number) => ({ status: 'expired', captured: 0, refunded: 0 })],
    ['automatic', (total: number) => ({ status: 'processed', captured: total, refunded: total })],
  ] as const) {
    it(`a service down after the ${captureMethod} payment answers 502 and undoes everything`, async () => {
      const ready = await readyCart(h, { captureMethod });
      // The order service down when the subscription's orders are made (one call for all).
      let refused = 0;
      h.refuse = (service, method, path) =>
        service === 'order' && method === 'POST' && path === '/api/v1/orders/bulk' && ++refused > 0;
      const workflowId = `down-${captureMethod}-${ready.cart.id}`;
      const res = await checkout({ ...ready.body, workflowId });
      expect(res.statusCode, res.body).toBe(502);
      expect(messagesOf(res)).toEqual([
        'Creating the orders is not possible just now; try again in a minute',
      ]);
      expect(refused).toBeGreaterThan(0);
      expect(await leftOf(ready)).toEqual({
        user: 404,
        subscriptions: 0,
        orders: 0,
        cart: 200,
        payment: payment(ready.total),
      });
      const run = (await h.call('GET', `/workflows/runs/${workflowId}`)).json<WorkflowRun>();
      expect(run.status).toBe('ERROR');
      const names = run.steps.map((s) => s.name);
      expect(names).not.toContain('capture-payment');
      // Newest first, each undo a step of its own.
      expect(names.slice(names.indexOf('create-orders') + 1)).toEqual([
        'undo-orders',
        'undo-subscription',
        'undo-customer',
        'release-payment',
      ]);
    });
  }

  it('20 concurrent checkouts of one cart: one charge, one customer, one set of orders', async () => {
    const ready = await readyCart(h);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        checkout({ ...ready.body, workflowId: `race-${i}-${ready.cart.id}` }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    const said = await Promise.all(
      answers.map(async (a, i) => {
        const run = await h.call('GET', `/workflows/runs/race-${i}-${ready.cart.id}`);
        return `${a.statusCode} ${a.body.slice(0, 100)} ${run.body.slice(0, 1500)}`;
      }),
    );
    expect(
      statuses.filter((s) => s === 200),
      said.join('\n'),
    ).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 409 || s === 404)).toBe(true);
    expect(await leftOf(ready)).toEqual({
      user: 200,
      subscriptions: 1,
      orders: 6,
      cart: 404,
      payment: { status: 'processed', captured: ready.total, refunded: 0 },
    });
  });

  // About 50 workflows × 15 inputs, some of them valid enough to run: 8-10 s on an idle machine,
  // past the default 20 s beside the browser tests in CI.
  it(
    'answers odd input to every workflow with a 4xx, never a 500',
    { timeout: 180_000 },
    async () => {
      // The fulfilment and migration workflows call services this harness does not start
      // (fulfilment.test.ts, migrate.test.ts).
      const skip = new Set<string>([...FULFILMENT_ENDPOINTS, ...MIGRATION_ENDPOINTS]);
      const endpoints = Object.fromEntries(
        Object.entries(orchestrationContract.endpoints).filter(([name]) => !skip.has(name)),
      );
      expect(
        await fuzzContract(h.app, { ...orchestrationContract, endpoints }, serviceAuth, 15),
      ).toEqual([]);
    },
  );
});
