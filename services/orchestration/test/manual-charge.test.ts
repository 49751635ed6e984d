import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { callJson, fuzzContract, harnessForFile, serviceAuth } from '@pawfresh/testing';
import { accountContract } from '@pawfresh/contracts/account';
import { orchestrationContract } from '@pawfresh/contracts/orchestration';
import type { ChargeResult } from '@pawfresh/contracts/orchestration-billing';
import type { Order } from '@pawfresh/contracts/order';
import {
  BILLING_ENDPOINTS,
  billingHarness,
  box,
  chargeRequests,
  customer,
  customerAuth,
  eventsOf,
  mailTo,
  paymentsFor,
  readOrder,
  saveCard,
  TEST_CARDS,
} from './billing-harness.js';

const h = harnessForFile(billingHarness);

/** Tue 17 November, 8am in Melbourne: the billing day of the Friday 20 boxes. */
const BILLING_DAY = '2026-11-17T08:00:00+11:00';

/** A customer whose first charge (on the billing day) was declined. */
async function failedBox(card: string = TEST_CARDS.declined) {
  h.clock.set('2026-11-02T09:00:00.000Z');
  const c = await customer(h, card);
  const order = await box(h, c.id);
  h.clock.set(BILLING_DAY);
  const res = await callJson(h.app, 'POST', '/workflows/charge-due-orders', {
    date: '2026-11-17',
    workflowId: `run-${randomUUID()}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect((await readOrder(h, order.id)).paymentStatus).toBe('attempt_failed');
  // The customer pays a minute later: their payments list in the order they were made.
  h.clock.advance(60_000);
  return { customer: c, order };
}

const retry = async (userId: string, orderId: string) =>
  callJson(h.account, 'POST', '/api/v1/payment/retry', { orderId }, await customerAuth(h, userId));

describe('POST /api/v1/payment/retry (manual-charge-order)', () => {
  it("charges the customer's own failed order now, with their new default card", async () => {
    const { customer: c, order } = await failedBox();
    await saveCard(h, c.id, TEST_CARDS.visa);
    const res = await retry(c.id, order.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ChargeResult>()).toEqual({
      orderId: order.id,
      orderNumber: order.orderNumber,
      outcome: 'charged',
      paymentStatus: 'processed',
      amount: 12250,
      attempt: 2,
      paymentId: expect.any(String),
      failureReason: null,
      nextAttemptDate: null,
    });
    expect((await paymentsFor(h, order.id)).map((p) => p.status)).toEqual([
      'attempt_failed',
      'processed',
    ]);
    const moves = (await eventsOf(h, order.id)).filter(
      (e) => e.action === 'payment_status_updated',
    );
    expect(moves.slice(2).map((e) => [e.currentValue, e.createdBy])).toEqual([
      ['processing', `customer:${c.id}`],
      ['processed', `customer:${c.id}`],
    ]);
    expect((await mailTo(h, c.email))[0]!.subject).toBe(
      `Payment received for order #${order.orderNumber}`,
    );
    // Asked again: already paid, nothing charged.
    const again = await retry(c.id, order.id);
    expect(again.json<ChargeResult>()).toMatchObject({ outcome: 'already_paid' });
    expect(await paymentsFor(h, order.id)).toHaveLength(2);
  }, 180_000);

  it("answers 404 for another customer's order and charges nothing", async () => {
    const { customer: owner, order } = await failedBox();
    await saveCard(h, owner.id, TEST_CARDS.visa);
    const stranger = await customer(h);
    const before = await readOrder(h, order.id);
    const res = await retry(stranger.id, order.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: `Order ${order.id} not found` });
    const unknown = randomUUID();
    expect((await retry(stranger.id, unknown)).json()).toEqual({
      error: `Order ${unknown} not found`,
    });
    expect(await readOrder(h, order.id)).toEqual(before);
    expect(await paymentsFor(h, order.id)).toHaveLength(1);
    expect(chargeRequests(h, stranger.id)).toBe(0);
  }, 180_000);

  it('charges once for 20 retries of one failed order at the same time', async () => {
    const { customer: c, order } = await failedBox();
    await saveCard(h, c.id, TEST_CARDS.visa);
    const before = chargeRequests(h, c.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => retry(c.id, order.id)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const outcomes = answers.map((a) => a.json<ChargeResult>().outcome);
    expect(outcomes).toContain('charged');
    expect(outcomes.every((o) => o === 'charged' || o === 'already_paid')).toBe(true);
    expect((await paymentsFor(h, order.id)).map((p) => p.status)).toEqual([
      'attempt_failed',
      'processed',
    ]);
    expect(chargeRequests(h, c.id) - before).toBe(1);
    const paid = answers.map((a) => a.json<ChargeResult>().paymentId).filter(Boolean);
    expect(new Set(paid).size).toBe(1);
    expect((await readOrder(h, order.id)).paymentStatus).toBe('processed');
  }, 180_000);

  it('a decline: attempt_failed, an event, the e-mail and the next dunning step', async () => {
    const { customer: c, order } = await failedBox();
    const res = await retry(c.id, order.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<ChargeResult>()).toMatchObject({
      outcome: 'declined',
      paymentStatus: 'attempt_failed',
      attempt: 2,
      failureReason: 'Your card was declined.',
      nextAttemptDate: '2026-11-18',
    });
    const events = await eventsOf(h, order.id);
    expect(events.at(-1)).toMatchObject({
      action: 'payment_status_updated',
      previousValue: 'processing',
      currentValue: 'attempt_failed',
    });
    const [mail] = await mailTo(h, c.email);
    expect(mail!.text).toContain('We will try again on Wednesday 18 November 2026.');
    // The next run (Wed 18) takes the next step: a retry, attempt 3.
    h.clock.set('2026-11-18T08:00:00+11:00');
    const run = await callJson(h.app, 'POST', '/workflows/charge-due-orders', {
      date: '2026-11-18',
      workflowId: `run-${randomUUID()}`,
    });
    const line = run
      .json<{ orders: { orderId: string; charge: ChargeResult | null }[] }>()
      .orders.find((o) => o.orderId === order.id);
    expect(line?.charge).toMatchObject({ attempt: 3, outcome: 'declined' });
  }, 180_000);

  it('answers 502 when the payment service is down, and changes nothing', async () => {
    const { customer: c, order } = await failedBox();
    const before = await readOrder(h, order.id);
    h.down.payment = true;
    try {
      const res = await retry(c.id, order.id);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        error: 'Reading the saved card is not possible just now; try again in a minute',
      });
      const direct = await callJson(h.app, 'POST', '/workflows/manual-charge-order', {
        orderId: order.id,
      });
      expect(direct.statusCode).toBe(502);
    } finally {
      h.down.payment = false;
    }
    expect(await readOrder(h, order.id)).toEqual(before);
    expect(await paymentsFor(h, order.id)).toHaveLength(1);
  }, 180_000);

  it('a charge whose answer never came leaves the order processing; the retry sends the same key', async () => {
    const { customer: c, order } = await failedBox();
    await saveCard(h, c.id, TEST_CARDS.visa);
    h.down.charges = true;
    try {
      const res = await retry(c.id, order.id);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        error: 'Charging the card is not possible just now; try again in a minute',
      });
    } finally {
      h.down.charges = false;
    }
    expect((await readOrder(h, order.id)).paymentStatus).toBe('processing');
    const res = await retry(c.id, order.id);
    expect(res.json<ChargeResult>()).toMatchObject({ outcome: 'charged', attempt: 2 });
    expect((await paymentsFor(h, order.id)).map((p) => p.status)).toEqual([
      'attempt_failed',
      'processed',
    ]);
  }, 180_000);

  it('refuses what cannot be paid now with a 409 in words', async () => {
    h.clock.set('2026-11-02T09:00:00.000Z');
    const c = await customer(h);
    const pending: Order = await box(h, c.id, { deliveryDate: '2026-12-04' });
    const res = await retry(c.id, pending.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: `Order #${pending.orderNumber} has not been charged yet: it is charged on 2026-12-01`,
    });
    const { customer: late, order } = await failedBox();
    h.clock.set('2026-11-19T08:00:00+11:00');
    const tooLate = await retry(late.id, order.id);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json<{ error: string }>().error).toContain(
      'can no longer be made for 2026-11-20',
    );
  }, 180_000);

  it('never answers odd input with a 500', async () => {
    const only = (c: typeof orchestrationContract, names: string[]) => ({
      ...c,
      endpoints: Object.fromEntries(
        names.map((n) => [n, c.endpoints[n as keyof typeof c.endpoints]]),
      ),
    });
    h.clock.set(BILLING_DAY);
    const names = BILLING_ENDPOINTS.filter((n) => n in orchestrationContract.endpoints);
    expect(await fuzzContract(h.app, only(orchestrationContract, names), serviceAuth, 15)).toEqual(
      [],
    );
    const c = await customer(h);
    const account = {
      ...accountContract,
      endpoints: {
        retryPayment: accountContract.endpoints.retryPayment,
        getOrderInvoice: accountContract.endpoints.getOrderInvoice,
      },
    };
    expect(await fuzzContract(h.account, account, await customerAuth(h, c.id), 20)).toEqual([]);
  }, 180_000);
});
