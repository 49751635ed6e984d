import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { messagesOf, serviceAuth } from '@pawfresh/testing';
import type { Payment, PaymentIntent } from '@pawfresh/contracts/payment';
import { CARDS, STAFF, keyed, newKey, orderRef, saveCard, usePayment } from './harness.js';

const h = usePayment();

const createIntent = (
  body: Record<string, unknown>,
  headers: Record<string, string> = serviceAuth,
) =>
  h.call(
    'POST',
    '/providers/stripe/payment-intents',
    { amount: 4500, description: 'First box', reference: orderRef(), createdBy: STAFF, ...body },
    headers,
  );
const confirm = (intentId: string, paymentMethod: string, key = newKey()) =>
  h.call(
    'POST',
    `/providers/stripe/payment-intents/${intentId}/confirm`,
    { paymentMethod },
    keyed(key),
  );
const captureIntent = (intentId: string, body: Record<string, unknown> = {}, key = newKey()) =>
  h.call('POST', `/providers/stripe/payment-intents/${intentId}/capture`, body, keyed(key));

describe('payment intents', () => {
  it('creates a pending intent and confirms it with a saved card', async () => {
    const userId = randomUUID();
    const visa = await saveCard(h.app, userId, CARDS.visa);
    const created = await createIntent({ userId });
    expect(created.statusCode, created.body).toBe(201);
    const intent = created.json<PaymentIntent>();
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      amount: 4500,
      paymentStatus: 'pending',
      captureMethod: 'automatic',
      lastPaymentError: null,
    });
    expect(intent.id).toMatch(/^pi_sandbox_/);

    const res = await confirm(intent.id, visa.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PaymentIntent>()).toMatchObject({
      id: intent.id,
      status: 'succeeded',
      amountReceived: 4500,
      paymentStatus: 'processed',
      paymentMethodId: visa.id,
    });
    const payment = (await h.call('GET', `/payments/${intent.paymentId}`)).json<Payment>();
    expect(payment).toMatchObject({ status: 'processed', amountCaptured: 4500 });

    const twice = await confirm(intent.id, visa.id);
    expect(twice.statusCode).toBe(409);
    expect(messagesOf(twice)).toEqual([
      expect.stringMatching(/cannot be confirmed: its payment is processed/),
    ]);
  });

  it.each([
    [CARDS.declined, 'Your card was declined.', 'card_declined'],
    [CARDS.insufficientFunds, 'Your card has insufficient funds.', 'card_declined'],
    [CARDS.expired, 'Your card has expired.', 'card_declined'],
    [CARDS.authentication, /needs the customer to authenticate/, 'requires_action'],
  ])(
    'answers 422 for test card %s, and a retry with a good card succeeds',
    async (number, reason, type) => {
      const userId = randomUUID();
      const bad = await saveCard(h.app, userId, number);
      const good = await saveCard(h.app, userId, CARDS.mastercard);
      const intent = (await createIntent({ userId })).json<PaymentIntent>();
      const res = await confirm(intent.id, bad.providerPaymentMethodId);
      expect(res.statusCode, res.body).toBe(422);
      const body = res.json<{ message: string; type: string; details: { paymentId: string } }>();
      if (typeof reason === 'string') expect(body.message).toBe(reason);
      else expect(body.message).toMatch(reason);
      expect(body.type).toBe(type);
      expect(body.details.paymentId).toBe(intent.paymentId);
      const failed = (await h.call('GET', `/payments/${intent.paymentId}`)).json<Payment>();
      expect(failed.status).toBe('attempt_failed');

      const retry = await confirm(intent.id, good.id);
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json<PaymentIntent>()).toMatchObject({
        status: 'succeeded',
        paymentStatus: 'processed',
      });
    },
  );

  it('authorises with manual capture, then captures part of it', async () => {
    const userId = randomUUID();
    const visa = await saveCard(h.app, userId, CARDS.visa);
    const intent = (
      await createIntent({ userId, captureMethod: 'manual', paymentMethodId: visa.id })
    ).json<PaymentIntent>();
    expect(intent.status).toBe('requires_confirmation');
    const confirmed = await confirm(intent.id, visa.id);
    expect(confirmed.json<PaymentIntent>()).toMatchObject({
      status: 'requires_capture',
      amountCapturable: 4500,
      paymentStatus: 'processing',
    });
    const key = newKey();
    const captured = await captureIntent(intent.id, { amount: 4000 }, key);
    expect(captured.statusCode, captured.body).toBe(200);
    expect(captured.json<PaymentIntent>()).toMatchObject({
      status: 'succeeded',
      amountReceived: 4000,
      paymentStatus: 'processed',
    });
    expect((await captureIntent(intent.id, { amount: 4000 }, key)).body).toBe(captured.body);
    expect((await captureIntent(intent.id)).statusCode).toBe(409);
  });

  it('answers a creation retried with its key with the first intent', async () => {
    const userId = randomUUID();
    await saveCard(h.app, userId, CARDS.visa);
    const body = { userId, reference: orderRef() };
    const key = newKey();
    const [a, b] = await Promise.all([
      createIntent(body, keyed(key)),
      createIntent(body, keyed(key)),
    ]);
    expect(a!.statusCode).toBe(201);
    expect(b!.body).toBe(a!.body);
  });

  it('answers 404 for unknown intents, users and cards, and 400 without a key', async () => {
    expect((await createIntent({ userId: randomUUID() })).statusCode).toBe(404);
    expect((await confirm('pi_sandbox_nope', randomUUID())).statusCode).toBe(404);
    expect((await captureIntent('pi_sandbox_nope')).statusCode).toBe(404);
    const userId = randomUUID();
    await saveCard(h.app, userId, CARDS.visa);
    const intent = (await createIntent({ userId })).json<PaymentIntent>();
    expect((await confirm(intent.id, 'pm_sandbox_someone_else')).statusCode).toBe(404);
    const noKey = await h.call('POST', `/providers/stripe/payment-intents/${intent.id}/confirm`, {
      paymentMethod: 'pm_x',
    });
    expect(messagesOf(noKey)).toEqual(['Idempotency-Key header is required']);
  });
});
