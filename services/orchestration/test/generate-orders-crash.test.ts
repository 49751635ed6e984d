import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutResult } from '@pawfresh/contracts/orchestration-checkout';
import type { GenerateOrdersResult } from '@pawfresh/contracts/orchestration-generate-orders';
import type { Order } from '@pawfresh/contracts/order';
import { readyCart } from './server-cart.js';
import { CrashServers, stop, waitFor } from './crash-server.js';

/**
 * generate-orders for every subscription in the real server, killed with SIGKILL while a batch's
 * generate-batch step is in flight, then started again on the same database: the run is
 * recovered and finishes once, each subscription's orders are there once per index up to the
 * horizon, and the same workflowId answers the same result.
 */
const STEP_DELAY_MS = 1500;
const WORKFLOW_ID = 'gen-crash-all';

let api: CrashServers;
// Beyond the checkout's 12 weeks, so the run has orders to make.
beforeAll(async () => {
  api = await CrashServers.create({ WORKFLOW_STEP_DELAY_MS: '0', ORDER_HORIZON_WEEKS: '20' });
}, 180_000);
afterAll(() => api?.close());

describe('generate-orders killed mid-batch', () => {
  it('is recovered and makes each order once', async () => {
    let server = await api.started();
    const subscriptions: string[] = [];
    for (let i = 0; i < 2; i++) {
      const ready = await readyCart(api);
      const done = await api.post<CheckoutResult>(
        '/svc/orchestration/workflows/checkout',
        ready.body,
      );
      subscriptions.push(done.subscriptions[0]!.id);
    }
    await stop(server, 'SIGTERM');

    // Slow steps; the kill lands while the batch's one step waits to run.
    server = await api.started({ WORKFLOW_STEP_DELAY_MS: String(STEP_DELAY_MS) });
    void api
      .request('POST', '/svc/orchestration/workflows/generate-orders', { workflowId: WORKFLOW_ID })
      .catch(() => undefined);
    await waitFor(
      'the batch to start',
      async () => {
        const batch = await api.run(`${WORKFLOW_ID}:batch-0`);
        return batch && batch.status === 'PENDING' ? true : undefined;
      },
      120_000,
    );
    await stop(server, 'SIGKILL');

    await api.started();
    const run = await waitFor(
      'the recovered run to finish',
      async () => {
        const r = await api.run(WORKFLOW_ID);
        return r && r.status === 'SUCCESS' ? r : undefined;
      },
      300_000,
    );
    expect(run.recoveryAttempts).toBeGreaterThanOrEqual(2);
    const batch = await api.run(`${WORKFLOW_ID}:batch-0`);
    expect(batch?.status, JSON.stringify(batch?.error)).toBe('SUCCESS');
    expect(batch?.steps.filter((s) => s.name === 'generate-batch')).toHaveLength(1);

    const answer = await api.post<GenerateOrdersResult>(
      '/svc/orchestration/workflows/generate-orders',
      { workflowId: WORKFLOW_ID },
    );
    expect(answer.failed).toEqual([]);
    let made = 0;
    for (const id of subscriptions) {
      const { data: items } = await api.get<{ data: Order[] }>(
        `/svc/order/api/v1/orders?subscriptionId=${id}&orderBy=deliveryDate&limit=100`,
      );
      // Each index once, one after the other, up to the horizon.
      expect(items.map((o) => o.subscriptionOrderIndex)).toEqual(items.map((_, i) => i));
      expect(items.at(-1)!.deliveryDate <= answer.horizonEnd).toBe(true);
      made += items.length - 6;
    }
    expect(made).toBeGreaterThan(0);
    // The demo data's subscriptions are generated too; the killed step may have made some
    // before the kill, and the re-run counts only the rest.
    expect(answer.subscriptions).toBeGreaterThanOrEqual(2);
    expect(answer.ordersCreated).toBeGreaterThan(0);
  }, 900_000);
});
