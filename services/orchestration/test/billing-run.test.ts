import { describe, expect, it } from 'vitest';
import { callJson, harnessForFile, serviceAuth } from '@pawfresh/testing';
import type { BillingRun } from '@pawfresh/contracts/orchestration-billing';
import type { CustomerOrder } from '@pawfresh/contracts/order';
import {
  billingHarness,
  box,
  customer,
  customerAuth,
  eventsOf,
  mailTo,
  paymentsFor,
  readOrder,
  saveCard,
  subscriptionFor,
  TEST_CARDS,
} from './billing-harness.js';

const h = harnessForFile(billingHarness);

/** The run for a day, at 8am in Melbourne that day. */
async function runOn(date: string, workflowId?: string) {
  h.clock.set(`${date}T08:00:00+11:00`);
  const res = await callJson(h.app, 'POST', '/workflows/charge-due-orders', {
    date,
    ...(workflowId ? { workflowId } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BillingRun>();
}
const lineOf = (run: BillingRun, orderId: string) => run.orders.find((o) => o.orderId === orderId);

describe('the billing run and dunning (docs/dunning.md)', () => {
  it('charges on the billing date, retries, moves the delivery once, then skips and pauses', async () => {
    // Fri 20 Nov PM boxes in Richmond: made Thu 19, billed Tue 17.
    const good = await customer(h);
    const paid = await box(h, good.id);
    const later = await box(h, good.id, { deliveryDate: '2026-11-27' });
    const failing = await customer(h, TEST_CARDS.declined);
    const subscriptionId = await subscriptionFor(h, failing.id);
    const failed = await box(h, failing.id, { subscriptionId });
    const recovering = await customer(h, TEST_CARDS.insufficient);
    const recovered = await box(h, recovering.id);

    // Tue 17: the first charge.
    const first = await runOn('2026-11-17');
    expect(first.workflowId).toBe('charge-due-orders:2026-11-17');
    expect(lineOf(first, later.id)).toBeUndefined();
    expect(lineOf(first, paid.id)).toMatchObject({
      action: 'charge',
      paymentStatus: 'processed',
      charge: { outcome: 'charged', amount: 12250, attempt: 1 },
      error: null,
    });
    expect(lineOf(first, failed.id)).toMatchObject({
      action: 'charge',
      paymentStatus: 'attempt_failed',
      charge: {
        outcome: 'declined',
        failureReason: 'Your card was declined.',
        nextAttemptDate: '2026-11-18',
      },
    });
    expect(await paymentsFor(h, paid.id)).toMatchObject([{ status: 'processed', amount: 12250 }]);
    expect(await paymentsFor(h, failed.id)).toMatchObject([
      { status: 'attempt_failed', amount: 12250 },
    ]);
    expect((await readOrder(h, paid.id)).paymentStatus).toBe('processed');
    expect((await readOrder(h, later.id)).paymentStatus).toBe('pending');
    const events = (await eventsOf(h, failed.id)).filter(
      (e) => e.action === 'payment_status_updated',
    );
    expect(events.map((e) => [e.previousValue, e.currentValue, e.createdBy])).toEqual([
      ['pending', 'processing', 'orchestration:billing'],
      ['processing', 'attempt_failed', 'orchestration:billing'],
    ]);
    expect((await mailTo(h, good.email)).map((m) => m.subject)).toEqual([
      `Payment received for order #${paid.orderNumber}`,
    ]);
    const [failMail] = await mailTo(h, failing.email);
    expect(failMail!.subject).toBe(`We could not take payment for order #${failed.orderNumber}`);
    expect(failMail!.text).toContain('We will try again on Wednesday 18 November 2026.');
    // The customer sees the failed box on the deliveries page.
    const page = await callJson(
      h.account,
      'GET',
      '/api/v1/orders',
      undefined,
      await customerAuth(h, failing.id),
    );
    expect(page.json<{ failedOrders: CustomerOrder[] }>().failedOrders.map((o) => o.id)).toEqual([
      failed.id,
    ]);

    // The same day again: the same run answers, nothing is charged again.
    const again = await runOn('2026-11-17');
    expect(again).toEqual(first);
    expect(await paymentsFor(h, paid.id)).toHaveLength(1);

    // Wed 18: one retry each; the second customer has fixed their card.
    await saveCard(h, recovering.id, TEST_CARDS.visa);
    const second = await runOn('2026-11-18');
    expect(lineOf(second, paid.id)).toBeUndefined();
    expect(lineOf(second, recovered.id)).toMatchObject({
      action: 'charge',
      paymentStatus: 'processed',
      charge: { outcome: 'charged', attempt: 2 },
    });
    expect(lineOf(second, failed.id)).toMatchObject({
      action: 'charge',
      charge: { outcome: 'declined', attempt: 2, nextAttemptDate: '2026-11-24' },
    });
    expect((await paymentsFor(h, recovered.id)).map((p) => p.status)).toEqual([
      'attempt_failed',
      'processed',
    ]);

    // Thu 19, the make date: not paid, not made. The delivery moves once, a week on.
    const third = await runOn('2026-11-19');
    expect(lineOf(third, failed.id)).toMatchObject({
      action: 'move-delivery',
      paymentStatus: 'attempt_failed',
      deliveryDate: '2026-11-27',
      charge: null,
    });
    const moved = await readOrder(h, failed.id);
    expect(moved).toMatchObject({ deliveryDate: '2026-11-27', billingDate: '2026-11-24' });
    expect((await mailTo(h, failing.email))[0]!.subject).toBe(
      `Order #${failed.orderNumber} moved to Friday 27 November 2026`,
    );
    expect(await paymentsFor(h, failed.id)).toHaveLength(2);

    // Fri 20 to Mon 23: nothing happens to it.
    for (const date of ['2026-11-20', '2026-11-23']) {
      expect(lineOf(await runOn(date), failed.id)).toMatchObject({ action: 'none' });
    }
    // Tue 24 and Wed 25: the retries before the new make date.
    expect(lineOf(await runOn('2026-11-24'), failed.id)).toMatchObject({
      action: 'charge',
      charge: { attempt: 3, nextAttemptDate: '2026-11-25' },
    });
    expect(lineOf(await runOn('2026-11-25'), failed.id)).toMatchObject({
      action: 'charge',
      charge: { attempt: 4, nextAttemptDate: null },
    });
    // Thu 26, the new make date: skipped (expired) and the subscription paused, never cancelled.
    expect(lineOf(await runOn('2026-11-26'), failed.id)).toMatchObject({
      action: 'skip',
      paymentStatus: 'expired',
    });
    expect((await readOrder(h, failed.id)).paymentStatus).toBe('expired');
    const sub = await callJson(h.services.subscription!, 'GET', `/subscriptions/${subscriptionId}`);
    expect(sub.json<{ status: string }>().status).toBe('paused');
    expect((await mailTo(h, failing.email))[0]!.subject).toBe(
      `Order #${failed.orderNumber} skipped and your subscription paused`,
    );
    expect((await paymentsFor(h, failed.id)).map((p) => p.status)).toEqual([
      'attempt_failed',
      'attempt_failed',
      'attempt_failed',
      'attempt_failed',
    ]);
    // And it is left alone from then on.
    expect(lineOf(await runOn('2026-11-27'), failed.id)).toBeUndefined();
    // The box for the 27th was charged on its own billing date, the 24th.
    expect((await readOrder(h, later.id)).paymentStatus).toBe('processed');
  }, 180_000);

  it('answers 502 for a run whose order list cannot be read, and charges nothing', async () => {
    const c = await customer(h);
    const o = await box(h, c.id, { deliveryDate: '2026-12-04' });
    h.down.order = true;
    try {
      h.clock.set('2026-12-01T08:00:00+11:00');
      const res = await callJson(h.app, 'POST', '/workflows/charge-due-orders', {
        date: '2026-12-01',
      });
      expect(res.statusCode).toBe(502);
      expect(res.json<{ message: string }>().message).toBe(
        'Listing the orders to charge is not possible just now; try again in a minute',
      );
    } finally {
      h.down.order = false;
    }
    expect(await paymentsFor(h, o.id)).toEqual([]);
    // A new run for the day (a new id) charges it.
    const run = await runOn('2026-12-01', 'charge-due-orders:2026-12-01:again');
    expect(lineOf(run, o.id)).toMatchObject({ paymentStatus: 'processed' });
  }, 180_000);

  it('refuses odd input with a 400', async () => {
    for (const body of [
      { date: '17/11/2026' },
      { date: '2026-11-17', extra: 1 },
      { workflowId: '' },
    ]) {
      const res = await callJson(h.app, 'POST', '/workflows/charge-due-orders', body);
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('reset-temporal-schedules', () => {
  it('puts back the configured daily billing run and payment reconciliation', async () => {
    const res = await callJson(
      h.app,
      'POST',
      '/workflows/reset-temporal-schedules',
      {},
      serviceAuth,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      schedules: [
        {
          scheduleName: 'billing-run',
          workflowName: 'billing-schedule',
          schedule: '0 6 * * *',
          cronTimezone: 'Australia/Perth',
          status: 'ACTIVE',
        },
        {
          scheduleName: 'daily-generate-orders',
          workflowName: 'daily-generate-orders',
          schedule: '0 2 * * *',
          cronTimezone: 'Australia/Sydney',
          status: 'ACTIVE',
        },
        {
          scheduleName: 'reconcile-payments',
          workflowName: 'reconcile-payments-schedule',
          schedule: '0 7 * * *',
          cronTimezone: 'Australia/Perth',
          status: 'ACTIVE',
        },
      ],
      removed: [],
    });
  });
});
