import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { messagesOf } from '@pawfresh/testing';
import type { Payment, Refund } from '@pawfresh/contracts/payment';
import {
  CARDS,
  STAFF,
  charge,
  chargeBody,
  newKey,
  processedPayment,
  refund,
  refundBody,
  saveCard,
  usePayment,
} from './harness.js';

const h = usePayment();

const read = async (id: string) => (await h.call('GET', `/payments/${id}`)).json<Payment>();

describe('refunds', () => {
  it('refunds part, then the rest, then refuses more (409)', async () => {
    const payment = await processedPayment(h.app, 10_000);
    const lineItem = { referenceId: randomUUID(), referenceType: 'order_line_item' };
    const first = await refund(h.app, payment.id, refundBody(4000, { references: lineItem }));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<Refund>()).toMatchObject({
      paymentId: payment.id,
      amount: 4000,
      status: 'succeeded',
      description: 'Two pouches arrived damaged',
      createdBy: STAFF,
      references: lineItem,
      failureReason: null,
    });
    expect(first.json<Refund>().providerRefundId).toMatch(/^re_sandbox_/);

    const tooMuch = await refund(h.app, payment.id, refundBody(6001));
    expect(tooMuch.statusCode).toBe(409);
    expect(messagesOf(tooMuch)).toEqual([
      `Refund of $60.01 is more than the $60.00 left to refund on payment ${payment.id}`,
    ]);

    h.clock.advance(1000);
    const rest = await refund(h.app, payment.id, refundBody(6000));
    expect(rest.statusCode, rest.body).toBe(201);
    // Without references of its own, a refund is for what the payment was for.
    expect(rest.json<Refund>().references).toEqual(payment.reference);

    const after = await read(payment.id);
    expect(after).toMatchObject({
      status: 'processed',
      amountCaptured: 10_000,
      amountRefunded: 10_000,
    });
    expect(after.refunds.map((r) => r.amount)).toEqual([4000, 6000]);

    const none = await refund(h.app, payment.id, refundBody(1));
    expect(none.statusCode).toBe(409);
    expect(messagesOf(none)).toEqual([
      `Payment ${payment.id} has been refunded in full: nothing is left to refund`,
    ]);
  });

  it('refunds in full in one go', async () => {
    const payment = await processedPayment(h.app, 2500);
    const res = await refund(h.app, payment.id, refundBody(2500));
    expect(res.statusCode).toBe(201);
    expect((await read(payment.id)).amountRefunded).toBe(2500);
  });

  it('refuses an amount of 0 or less with the spec message', async () => {
    const payment = await processedPayment(h.app);
    for (const amount of [0, -1]) {
      const res = await refund(h.app, payment.id, refundBody(amount));
      expect(res.statusCode).toBe(400);
      expect(messagesOf(res)).toEqual(['Amount must be greater than 0']);
    }
  });

  it('refuses to refund a payment that took no money', async () => {
    const userId = randomUUID();
    await saveCard(h.app, userId, CARDS.declined);
    const failed = await charge(h.app, userId, chargeBody());
    const paymentId = failed.json<{ details: { paymentId: string } }>().details.paymentId;
    const res = await refund(h.app, paymentId, refundBody(100));
    expect(res.statusCode).toBe(409);
    expect(messagesOf(res)).toEqual([
      `Payment ${paymentId} is attempt_failed: only a processed payment can be refunded`,
    ]);
    const unknown = await refund(h.app, randomUUID(), refundBody(100));
    expect(unknown.statusCode).toBe(404);
  });

  it('is idempotent: a replay answers the first refund; another body is a 409; no key is a 400', async () => {
    const payment = await processedPayment(h.app, 5000);
    const key = newKey();
    const first = await refund(h.app, payment.id, refundBody(1000), key);
    const again = await refund(h.app, payment.id, refundBody(1000), key);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    const other = await refund(h.app, payment.id, refundBody(1001), key);
    expect(other.statusCode).toBe(409);
    expect((await read(payment.id)).amountRefunded).toBe(1000);
    const noKey = await h.call('POST', `/payments/${payment.id}/refunds`, refundBody(1));
    expect(noKey.statusCode).toBe(400);
    expect(messagesOf(noKey)).toEqual(['Idempotency-Key header is required']);
  });

  it('never refunds more than was captured, whatever arrives at once', async () => {
    const payment = await processedPayment(h.app, 10_000);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => refund(h.app, payment.id, refundBody(3000))),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(3);
    expect((await read(payment.id)).amountRefunded).toBe(9000);
  });

  it('refunds a concurrent duplicate once', async () => {
    const payment = await processedPayment(h.app, 10_000);
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => refund(h.app, payment.id, refundBody(2000), key)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(5).fill(201));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect((await read(payment.id)).refunds).toHaveLength(1);
  });
});

describe('refund lookups', () => {
  it('gets one refund, and lists by reference, newest first, a page at a time', async () => {
    const payment = await processedPayment(h.app, 10_000);
    const made: Refund[] = [];
    for (const amount of [100, 200, 300]) {
      h.clock.advance(1000);
      made.push((await refund(h.app, payment.id, refundBody(amount))).json<Refund>());
    }
    const one = await h.call('GET', `/refunds/${made[0]!.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(made[0]);
    expect((await h.call('GET', `/refunds/${randomUUID()}`)).statusCode).toBe(404);

    const { referenceId, referenceType } = payment.reference;
    const page = await h.call(
      'GET',
      `/refunds?referenceType=${referenceType}&referenceId=${referenceId}&count=2`,
    );
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      data: [{ amount: 300 }, { amount: 200 }],
      meta: { total: 3, offset: 0, limit: 2 },
    });
    const next = await h.call('GET', `/refunds?referenceId=${referenceId}&count=2&offset=2`);
    expect(next.json<{ data: Refund[] }>().data.map((r) => r.amount)).toEqual([100]);
    const other = await h.call(
      'GET',
      `/refunds?referenceType=order_line_item&referenceId=${referenceId}`,
    );
    expect(other.json<{ data: Refund[] }>().data).toEqual([]);
  });

  it('refuses a count that is not positive or is over 100', async () => {
    for (const [count, message] of [
      ['0', 'count must be a positive number'],
      ['-3', 'count must be a positive number'],
      ['101', 'count must be at most 100'],
    ]) {
      const res = await h.call('GET', `/refunds?count=${count}`);
      expect(res.statusCode, count).toBe(400);
      expect(messagesOf(res)).toContain(message);
    }
    expect((await h.call('GET', '/refunds?count=100')).statusCode).toBe(200);
    expect((await h.call('GET', '/refunds?referenceType=invoice')).statusCode).toBe(400);
  });
});
