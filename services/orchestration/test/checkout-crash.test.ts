import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutResult } from '@pawfresh/contracts/orchestration-checkout';
import type { Order } from '@pawfresh/contracts/order';
import type { Payment } from '@pawfresh/contracts/payment';
import type { Subscription } from '@pawfresh/contracts/subscription';
import { readyCart } from './server-cart.js';
import { CrashServers, stop, waitFor } from './crash-server.js';

/**
 * A checkout on the real server, killed with SIGKILL after each of its steps in turn and started
 * again on the same database each time: it finishes once, the card is charged once, and each
 * order exists once. WORKFLOW_STEP_DELAY_MS holds every step so the kill lands between two.
 */
let api: CrashServers;
beforeAll(async () => {
  api = await CrashServers.create();
}, 180_000);
afterAll(() => api?.close());

/** Not pending: recovery re-queues a workflow (ENQUEUED) before it runs again. */
const finished = (status: string) => status !== 'PENDING' && status !== 'ENQUEUED';

describe('checkout when its process is killed', () => {
  it('SIGKILL after each step in turn: finishes once, charged once, every order once', async () => {
    await api.started();
    // A promotion code on the cart: its use is recorded before the payment, once.
    const category = await api.post<{ id: string }>('/svc/pricing/discounts/categories', {
      name: 'Crash welcome',
      createdBy: 'staff@pawfresh.com.au',
    });
    const discount = await api.post<{ id: string }>('/svc/pricing/discounts', {
      categoryId: category.id,
      name: 'Half off the first box',
      description: 'Welcome',
      interval: 'once-off',
      createdBy: 'staff@pawfresh.com.au',
      schedules: [
        {
          orderPosition: 0,
          applications: [{ type: 'percentage', value: 50, filters: [{ type: 'all-items' }] }],
        },
      ],
    });
    const promotion = await api.post<{ id: string; value: string }>('/svc/pricing/promotions', {
      type: 'coupon',
      value: `CRASH${Date.now()}`,
      discountId: discount.id,
      maxUses: 5,
      createdBy: 'staff@pawfresh.com.au',
    });
    const ready = await readyCart(api, {
      beforePricing: async (cartId) => {
        const set = await api.request('PUT', `/svc/cart/carts/${cartId}/promotion-code`, {
          promotionCode: promotion.value,
        });
        expect(set.status).toBe(200);
      },
    });
    const id = ready.body.workflowId;
    api.request('POST', '/svc/orchestration/workflows/checkout', ready.body).catch(() => {});

    // The last step done at each kill.
    const killedAfter: string[] = [];
    let seen = 0;
    for (;;) {
      const run = await waitFor('the next step', async () => {
        const r = await api.run(id);
        return r && (finished(r.status) || r.steps.length > seen) ? r : undefined;
      });
      if (finished(run.status)) break;
      // Between two steps: the next one waits out its delay.
      await stop(api.current!, 'SIGKILL');
      seen = run.steps.length;
      killedAfter.push(run.steps.at(-1)!.name);
      await api.started();
    }

    const run = (await api.run(id))!;
    expect(run.status, JSON.stringify(run.error)).toBe('SUCCESS');
    const names = run.steps.map((s) => s.name);
    // Every step of the run, once (docs/workflows.md): the cart is inflated inside the first.
    expect(names).toEqual([
      'read-and-check',
      'attribute-promotion',
      'confirm-payment',
      'create-customer',
      'save-address',
      'create-subscription',
      'create-orders',
      'activate-subscription',
      'capture-payment',
      'mark-first-order-paid',
      'empty-cart',
    ]);
    // A kill after every step, the last one maybe too (killed before the run recorded its end).
    expect(killedAfter).toEqual(expect.arrayContaining(names.slice(0, -1)));
    expect(run.recoveryAttempts).toBeGreaterThanOrEqual(killedAfter.length);
    expect(killedAfter).toContain('attribute-promotion');
    // The code used once, by this customer.
    const used = await api.get<{ uses: number; users: { userId: string }[] }>(
      `/svc/pricing/promotions/${promotion.id}`,
    );
    expect(used.uses).toBe(1);
    expect(used.users.map((u) => u.userId)).toEqual([ready.userId]);

    // Charged once: the payment captured for the cart's total, nothing refunded.
    const payment = await api.get<Payment>(`/svc/payment/payments/${ready.intent.paymentId}`);
    expect(payment).toMatchObject({ status: 'processed', amountCaptured: ready.total });
    expect(payment.refunds).toEqual([]);
    expect(
      api.requests(`/svc/payment/providers/stripe/payment-intents/${ready.intent.id}/capture`),
    ).toBe(1);
    // One customer, one subscription, each order once, the cart gone.
    const subscriptions = await api.get<{ data: Subscription[] }>(
      `/svc/subscription/subscriptions?userId=${ready.userId}`,
    );
    expect(subscriptions.data.map((s) => s.status)).toEqual(['active']);
    const orders = await api.get<{ data: Order[] }>(
      `/svc/order/api/v1/orders?userId=${ready.userId}&orderBy=deliveryDate`,
    );
    expect(orders.data.map((o) => o.subscriptionOrderIndex)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(orders.data.map((o) => o.paymentStatus)[0]).toBe('processed');
    expect((await api.request('GET', `/svc/cart/carts/${ready.cart.id}`)).status).toBe(404);

    const again = await api.request('POST', '/svc/orchestration/workflows/checkout', ready.body);
    expect(again.status).toBe(200);
    const result = (await again.json()) as CheckoutResult;
    expect(result.orders.map((o) => o.id)).toEqual(orders.data.map((o) => o.id));
  }, 900_000);
});
