import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutResult } from '@pawfresh/contracts/orchestration-checkout';
import type { GenerateOrdersResult } from '@pawfresh/contracts/orchestration-generate-orders';
import type { WorkflowRun } from '@pawfresh/contracts/orchestration';
import type { Order } from '@pawfresh/contracts/order';
import { callJson, messagesOf, RICHMOND } from '@pawfresh/testing';
import { checkoutHarness, NOW, readyCart, type CheckoutHarness } from './checkout-harness.js';
import { addDays } from '@pawfresh/contracts/calendar-dates';

let h: CheckoutHarness;

beforeAll(async () => {
  h = await checkoutHarness();
}, 180_000);
afterAll(() => h?.close());
afterEach(() => {
  h.allUp();
  h.clock.set(NOW);
});

const WEEK = 7 * 86_400_000;
const generate = (body: Record<string, unknown>) =>
  h.call('POST', '/workflows/generate-orders', body);

async function checkedOut() {
  const ready = await readyCart(h);
  const res = await h.call('POST', '/workflows/checkout', ready.body);
  expect(res.statusCode, res.body).toBe(200);
  return { ready, result: res.json<CheckoutResult>() };
}

async function ordersOf(subscriptionId: string) {
  const res = await callJson(
    h.services.order!,
    'GET',
    `/api/v1/orders?subscriptionId=${subscriptionId}&orderBy=deliveryDate`,
  );
  return res.json<{ data: Order[] }>().data;
}

describe('POST /workflows/generate-orders', () => {
  it("keeps a subscription's orders 12 weeks ahead at its cadence, priced, once", async () => {
    const { result } = await checkedOut();
    const subscription = result.subscriptions[0]!;
    const first = result.orders[0]!;
    // Checkout made 12 weeks' worth; three weeks later the horizon reaches two more.
    h.clock.advance(3 * WEEK);
    const res = await generate({
      subscriptionId: subscription.id,
      workflowId: `gen-${subscription.id}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<GenerateOrdersResult>();
    expect(body).toMatchObject({ subscriptions: 1, ordersDeleted: 0, skipped: 0, failed: [] });
    const orders = await ordersOf(subscription.id);
    expect(orders.map((o) => o.subscriptionOrderIndex)).toEqual(
      Array.from({ length: orders.length }, (_, i) => i),
    );
    expect(body.ordersCreated).toBe(orders.length - 6);
    expect(body.ordersCreated).toBeGreaterThanOrEqual(1);
    for (const o of orders) {
      expect(o.deliveryDate).toBe(addDays(first.deliveryDate, o.subscriptionOrderIndex! * 14));
      expect(o.deliveryDate <= body.horizonEnd).toBe(true);
    }
    // The generated ones carry the plan's meals and the supplement, like the checkout's later ones.
    const made = orders.at(-1)!;
    expect(made.orderLineItems.map((l) => [l.productVariantId, l.quantity]).sort()).toEqual(
      result.orders[1]!.orderLineItems.map((l) => [l.productVariantId, l.quantity]).sort(),
    );
    expect(made.totalPrice).toBe(result.orders[1]!.totalPrice);

    // Again with a new id: nothing more to make. The order service refuses a second order at an index.
    const again = await generate({ subscriptionId: subscription.id });
    expect(again.json<GenerateOrdersResult>().ordersCreated).toBe(0);
    expect((await ordersOf(subscription.id)).length).toBe(orders.length);
    const twice = await callJson(h.services.order!, 'POST', '/api/v1/orders', {
      userId: made.userId,
      subscriptionId: subscription.id,
      subscriptionOrderIndex: made.subscriptionOrderIndex,
      deliveryDate: made.deliveryDate,
      expectedDeliverySlotId: 'PM',
      address: RICHMOND,
      orderLineItems: [{ productId: made.orderLineItems[0]!.productId, price: 100, quantity: 1 }],
      createdBy: 'test',
    });
    expect(twice.statusCode).toBe(409);
    expect(messagesOf(twice)[0]).toMatch(/already has an order at index/);

    // The run shows each subscription as a child run.
    const run = (await h.call('GET', `/workflows/runs/gen-${subscription.id}`)).json<WorkflowRun>();
    expect(run.steps.map((s) => s.name)).toEqual(
      expect.arrayContaining(['horizon', 'resume-due', 'generate-subscription-orders']),
    );
  });

  it('for every subscription: the active ones in batches, priced as one at a time, each index once', async () => {
    const checkouts = [await checkedOut(), await checkedOut()];
    h.clock.advance(3 * WEEK);
    const res = await generate({});
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<GenerateOrdersResult>();
    expect(body.failed).toEqual([]);
    for (const { result } of checkouts) {
      const orders = await ordersOf(result.subscriptions[0]!.id);
      expect(orders.map((o) => o.subscriptionOrderIndex)).toEqual(
        Array.from({ length: orders.length }, (_, i) => i),
      );
      expect(orders.length).toBeGreaterThan(6);
      const made = orders.at(-1)!;
      expect(made.deliveryDate <= body.horizonEnd).toBe(true);
      expect(made.deliveryDate).toBe(
        addDays(result.orders[0]!.deliveryDate, made.subscriptionOrderIndex! * 14),
      );
      expect(made.orderLineItems.map((l) => [l.productVariantId, l.quantity]).sort()).toEqual(
        result.orders[1]!.orderLineItems.map((l) => [l.productVariantId, l.quantity]).sort(),
      );
      expect(made.totalPrice).toBe(result.orders[1]!.totalPrice);
      expect(made.totalCharge).toBe(result.orders[1]!.totalCharge);
    }
    // Again: nothing more to make for them.
    const again = (await generate({})).json<GenerateOrdersResult>();
    expect(again.failed).toEqual([]);
    expect(again.ordersCreated).toBe(0);
  }, 180_000);

  it('a paused subscription gets no orders until it resumes; a cancelled one loses its pending orders', async () => {
    const paused = (await checkedOut()).result.subscriptions[0]!;
    const cancelled = (await checkedOut()).result.subscriptions[0]!;
    const pause = await callJson(
      h.services.subscription!,
      'POST',
      `/subscriptions/${paused.id}/pause`,
      {
        resumeAt: '2026-12-20',
      },
    );
    expect(pause.statusCode, pause.body).toBe(200);
    const cancel = await callJson(
      h.services.subscription!,
      'POST',
      `/subscriptions/${cancelled.id}/cancel`,
      {
        cancelledBy: 'test',
      },
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    h.clock.advance(3 * WEEK);

    const before = (await ordersOf(paused.id)).length;
    const workflowId = `gen-all-${paused.id}`;
    const res = await generate({ workflowId });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<GenerateOrdersResult>();
    expect(body.failed).toEqual([]);
    expect(body.ordersDeleted).toBe(5);
    // The active ones went in batches on the queue; the run's counts are in its progress.
    const run = (await h.call('GET', `/workflows/runs/${workflowId}`)).json<WorkflowRun>();
    expect(run.steps.map((s) => s.name)).toEqual(
      expect.arrayContaining(['list-active', 'list-cancelled-0', 'generate-orders-batch']),
    );
    expect(run.generationProgress).toEqual({
      batches: run.generationProgress!.batchesDone,
      batchesDone: expect.any(Number),
      subscriptions: body.subscriptions,
      subscriptionsDone: body.subscriptions,
      ordersCreated: body.ordersCreated,
      ordersDeleted: 5,
      skipped: body.skipped,
      failed: 0,
    });
    expect(run.generationProgress!.batches).toBeGreaterThanOrEqual(1);
    expect((await ordersOf(paused.id)).length).toBe(before);
    expect((await ordersOf(cancelled.id)).map((o) => o.paymentStatus)).toEqual(['processed']);

    // Past its resume date the sweep resumes it first, and it gets its orders.
    h.clock.advance(4 * WEEK);
    const later = (await generate({ subscriptionId: paused.id })).json<GenerateOrdersResult>();
    expect(later.resumed).toBe(1);
    expect(later.ordersCreated).toBeGreaterThanOrEqual(1);
  }, 180_000);

  it('an unknown subscription is a 404, a bad one a 400, the order service down a 502', async () => {
    const missing = await generate({ subscriptionId: '00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect((await generate({ subscriptionId: 'nope' })).statusCode).toBe(400);
    expect((await generate({ extra: 1 })).statusCode).toBe(400);
    const { result } = await checkedOut();
    h.clock.advance(3 * WEEK);
    h.refuse = (service) => service === 'order';
    const down = await generate({ subscriptionId: result.subscriptions[0]!.id });
    expect(down.statusCode).toBe(502);
  });
});
