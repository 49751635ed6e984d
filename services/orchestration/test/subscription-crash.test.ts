import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionChange } from '@pawfresh/contracts/orchestration-subscription-changes';
import type { Order } from '@pawfresh/contracts/order';
import type { Subscription } from '@pawfresh/contracts/subscription';
import { household } from './crash-household.js';
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
}, 180_000);
afterAll(() => real?.close());

describe('a subscription change when its process is killed', () => {
  it('is recovered after SIGKILL while rewriting the orders and completes once', async () => {
    await real.started();
    const { subscription, orders } = await household(real, { boxDays: [16, 30] });
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
    const now = await real.get<Subscription>(`/svc/subscription/subscriptions/${subscription.id}`);
    expect(now.version).toBe(subscription.version + 1);
    expect(now.feedingPlans[0]!.currentDailyServingSizeInGrams).toBe(400);
    for (const o of orders) {
      const order = await real.get<Order>(`/svc/order/api/v1/orders/${o.id}`);
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
