import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusChange } from '@pawfresh/contracts/orchestration-subscription-changes';
import type { Order } from '@pawfresh/contracts/order';
import type { Subscription } from '@pawfresh/contracts/subscription';
import { dayFromNow } from '@pawfresh/testing';
import { household } from './crash-household.js';
import { CrashServers, waitFor } from './crash-server.js';

/**
 * pause-subscription and resume-subscription in the real server, killed with SIGKILL after each
 * of their steps in turn (the next step in flight) and started again on the same database each
 * time: the recovered workflow completes once. The pause ends paused with exactly the box the rule
 * keeps, moved to the resume date; the resume ends active with its boxes planned once (one order
 * per subscription and index).
 */
let real: CrashServers;
beforeAll(async () => {
  real = await CrashServers.create({ LOG_LEVEL: 'info' });
}, 180_000);
afterAll(() => real?.close());

const boxesOf = async (subscriptionId: string) =>
  (
    await real.get<{ data: Order[] }>(
      `/svc/order/api/v1/orders?subscriptionId=${subscriptionId}&orderBy=deliveryDate&direction=ASC&limit=100`,
    )
  ).data;

describe('pause and resume when their process is killed', () => {
  it('after each step in turn: pause ends paused with the kept box, resume plans the boxes once', async () => {
    await real.started();
    const { userId, subscription, orders } = await household(real, {
      boxDays: [16, 30, 44],
      cadenceInWeeks: 2,
    });
    const [first, second, third] = orders as [Order, Order, Order];

    // Pause until day 60: the boxes of day 30 and 44 go, the one of day 16 moves to day 72.
    const pauseId = `pause-crash-${randomUUID()}`;
    const pauseBody = {
      subscriptionId: subscription.id,
      userId,
      resumeAt: dayFromNow(60),
      version: subscription.version,
      workflowId: pauseId,
    };
    real
      .request('POST', '/svc/orchestration/workflows/pause-subscription', pauseBody)
      .catch(() => {});
    for (const step of [
      'read-subscription',
      'read-boxes',
      `remove-box:${second.id}`,
      `remove-box:${third.id}`,
      `move-box:${first.id}`,
    ]) {
      await real.killAfterStep(pauseId, step);
    }
    const paused = await real.finished(pauseId);
    expect(paused.recoveryAttempts).toBeGreaterThanOrEqual(6);
    const pauseSteps = paused.steps.map((s) => s.name);
    expect(pauseSteps.filter((n) => n === 'pause-subscription')).toHaveLength(1);
    expect(pauseSteps.some((n) => n.startsWith('undo-'))).toBe(false);

    const afterPause = await real.get<Subscription>(
      `/svc/subscription/subscriptions/${subscription.id}`,
    );
    expect(afterPause.status).toBe('paused');
    expect(afterPause.version).toBe(subscription.version + 1);
    const kept = await boxesOf(subscription.id);
    expect(kept.map((o) => [o.id, o.subscriptionOrderIndex, o.deliveryDate])).toEqual([
      [first.id, 0, dayFromNow(72)],
    ]);
    const pauseAgain = await real.post<StatusChange>(
      '/svc/orchestration/workflows/pause-subscription',
      pauseBody,
    );
    expect(pauseAgain.workflowId).toBe(pauseId);
    expect(pauseAgain.deletedOrderIds.sort()).toEqual([second.id, third.id].sort());
    expect(pauseAgain.nextOrder).toEqual({ orderId: first.id, deliveryDate: dayFromNow(72) });

    // Resume now: the kept box back to day 16, the boxes after it planned by the child workflow.
    const resumeId = `resume-crash-${randomUUID()}`;
    const resumeBody = {
      subscriptionId: subscription.id,
      userId,
      version: afterPause.version,
      workflowId: resumeId,
    };
    real
      .request('POST', '/svc/orchestration/workflows/resume-subscription', resumeBody)
      .catch(() => {});
    for (const step of [
      'read-subscription',
      'read-boxes',
      'resume-subscription',
      `move-box:${first.id}`,
      'plan-horizon',
    ]) {
      await real.killAfterStep(resumeId, step);
    }
    // Killed once more inside the child workflow, while it creates the boxes.
    const childId = await waitFor('the planning child workflow', async () => {
      const run = await real.run(resumeId);
      return run?.steps.find((s) => s.name === 'generate-subscription-orders')?.childWorkflowId;
    });
    await real.killAfterStep(childId!, 'create-order-1');
    const resumed = await real.finished(resumeId);
    const resumeSteps = resumed.steps.map((s) => s.name);
    expect(resumeSteps.filter((n) => n === 'resume-subscription')).toHaveLength(1);
    expect(resumeSteps.some((n) => n.startsWith('undo-'))).toBe(false);

    const afterResume = await real.get<Subscription>(
      `/svc/subscription/subscriptions/${subscription.id}`,
    );
    expect(afterResume.status).toBe('active');
    expect(afterResume.version).toBe(afterPause.version + 1);
    const planned = await boxesOf(subscription.id);
    // One box per index, 0, 1, 2… on the fortnightly rhythm from the kept box (day 16).
    expect(planned.map((o) => o.subscriptionOrderIndex)).toEqual(planned.map((_, i) => i));
    expect(planned.map((o) => o.deliveryDate)).toEqual(
      planned.map((_, i) => dayFromNow(16 + 14 * i)),
    );
    expect(planned[0]!.id).toBe(first.id);
    const answer = await real.post<StatusChange>(
      '/svc/orchestration/workflows/resume-subscription',
      resumeBody,
    );
    expect(answer.workflowId).toBe(resumeId);
    expect(answer.nextOrder).toEqual({ orderId: first.id, deliveryDate: dayFromNow(16) });
    expect(answer.ordersCreated).toBe(planned.length - 1);
  }, 900_000);
});
