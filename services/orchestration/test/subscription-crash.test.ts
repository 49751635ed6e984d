import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionChange } from '@pawfresh/contracts/orchestration-subscription-changes';
import type { Order } from '@pawfresh/contracts/order';
import type { Subscription } from '@pawfresh/contracts/subscription';
import { CrashServers } from './crash-server.js';

/**
 * A subscription-only change (update-subscription-serving-size) in the real server, killed
 * with SIGKILL while it rewrites the open orders, then started again on the same database: the
 * workflow is recovered and completes once — the subscription written once (one version step),
 * each order once — and the same workflowId answers its result.
 */
let real: CrashServers;
beforeAll(async () => {
  real = await CrashServers.create({ LOG_LEVEL: 'info' });
}, 120_000);
afterAll(() => real?.close());

const json = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
  const res = await real.request(method, url, body);
  if (res.status >= 300) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

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

describe('a subscription change when its process is killed', () => {
  it('is recovered after SIGKILL while rewriting the orders and completes once', async () => {
    await real.started();
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
    const answer = real.request(
      'POST',
      '/svc/orchestration/workflows/update-subscription-serving-size',
      body,
    );
    answer.catch(() => {});
    // Killed while the first order's rewrite is in flight (the subscription is written).
    await real.killAfterStep(workflowId, 'update-subscription');
    const finished = await real.finished(workflowId);
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
    const again = await real.request(
      'POST',
      '/svc/orchestration/workflows/update-subscription-serving-size',
      body,
    );
    expect(again.status).toBe(200);
    const result = (await again.json()) as SubscriptionChange;
    expect(result.workflowId).toBe(workflowId);
    expect(result.version).toBe(now.version);
    expect(result.orders.updatedOrderIds.sort()).toEqual(orders.map((o) => o.id).sort());
  }, 400_000);
});
