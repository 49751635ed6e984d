import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { fuzzContract, messagesOf, serviceAuth } from '@pawfresh/testing';
import { paymentContract, type Payment, type PaymentIntent } from '@pawfresh/contracts/payment';
import { createPaymentService } from '../src/index.js';
import { startStripeFake, type StripeFake } from './stripe-fake.js';
import {
  CARDS,
  STAFF,
  keyed,
  newKey,
  orderRef,
  saveCard,
  usePayment,
  type PaymentTest,
} from './harness.js';

/**
 * `POST /providers/stripe/payment-intents/{id}/cancel`: an authorised intent that will not be
 * captured is released and its payment expires; once per key; a captured one is refused.
 */
function cancelling(h: PaymentTest, cardOf: (userId: string) => Promise<string>) {
  const authorised = async () => {
    const userId = randomUUID();
    const card = await cardOf(userId);
    const created = await h.call('POST', '/providers/stripe/payment-intents', {
      userId,
      amount: 4500,
      captureMethod: 'manual',
      description: 'First box',
      reference: orderRef(),
      createdBy: STAFF,
    });
    expect(created.statusCode, created.body).toBe(201);
    const intent = created.json<PaymentIntent>();
    const confirmed = await h.call(
      'POST',
      `/providers/stripe/payment-intents/${intent.id}/confirm`,
      { paymentMethod: card },
      keyed(newKey()),
    );
    expect(confirmed.json<PaymentIntent>()).toMatchObject({ status: 'requires_capture' });
    return intent;
  };
  const cancel = (intentId: string, key = newKey(), body: Record<string, unknown> = {}) =>
    h.call('POST', `/providers/stripe/payment-intents/${intentId}/cancel`, body, keyed(key));

  it('releases an authorised intent: canceled, nothing capturable, the payment expired', async () => {
    const intent = await authorised();
    const key = newKey();
    const res = await cancel(intent.id, key, { cancellationReason: 'abandoned', createdBy: STAFF });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PaymentIntent>()).toMatchObject({
      id: intent.id,
      status: 'canceled',
      amountCapturable: 0,
      amountReceived: 0,
      paymentStatus: 'expired',
    });
    const payment = (await h.call('GET', `/payments/${intent.paymentId}`)).json<Payment>();
    expect(payment).toMatchObject({ status: 'expired', amountCaptured: 0 });

    // The same key: the first answer. Another key: cancelled already, answered as it is.
    const again = await cancel(intent.id, key, {
      cancellationReason: 'abandoned',
      createdBy: STAFF,
    });
    expect(again.body).toBe(res.body);
    const other = await cancel(intent.id);
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json<PaymentIntent>()).toMatchObject({
      status: 'canceled',
      paymentStatus: 'expired',
    });

    // Nothing left to capture.
    const capture = await h.call(
      'POST',
      `/providers/stripe/payment-intents/${intent.id}/capture`,
      {},
      keyed(newKey()),
    );
    expect(capture.statusCode).toBe(409);
  });

  it('refuses a captured intent (409: refund it), an unknown one (404), no key (400)', async () => {
    const intent = await authorised();
    const captured = await h.call(
      'POST',
      `/providers/stripe/payment-intents/${intent.id}/capture`,
      {},
      keyed(newKey()),
    );
    expect(captured.statusCode, captured.body).toBe(200);
    const refused = await cancel(intent.id);
    expect(refused.statusCode).toBe(409);
    expect(messagesOf(refused)[0]).toMatch(/is captured: it cannot be cancelled; refund payment/);
    expect((await cancel('pi_unknown')).statusCode).toBe(404);
    const unkeyed = await h.call(
      'POST',
      `/providers/stripe/payment-intents/${intent.id}/cancel`,
      {},
      serviceAuth,
    );
    expect(unkeyed.statusCode).toBe(400);
  });
}

describe('cancel-intent with the sandbox provider', () => {
  const h = usePayment();
  cancelling(h, async (userId) => (await saveCard(h.app, userId, CARDS.visa)).id);

  it('answers odd input with a 4xx (contract fuzzing)', async () => {
    const endpoints = { cancelPaymentIntent: paymentContract.endpoints.cancelPaymentIntent };
    expect(await fuzzContract(h.app, { ...paymentContract, endpoints }, serviceAuth, 40)).toEqual(
      [],
    );
  });
});

describe('cancel-intent with the Stripe provider (against a local fake)', () => {
  let fake: StripeFake;
  const h = usePayment(async () => {
    fake = await startStripeFake();
    return createPaymentService({
      stripe: {
        secretKey: 'sk_test_fake',
        api: { host: '127.0.0.1', port: fake.port, protocol: 'http' },
      },
    });
  });
  afterAll(() => fake?.close());
  cancelling(h, async (userId) => {
    const res = await h.call('POST', '/customers/create-payment-method', {
      userId,
      paymentMethodId: 'pm_card_visa',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  });

  it('sends the cancel to Stripe once per key, with the reason', async () => {
    const before = fake.requests.length;
    const userId = randomUUID();
    const res = await h.call('POST', '/customers/create-payment-method', {
      userId,
      paymentMethodId: 'pm_card_visa',
    });
    const card = res.json<{ id: string }>().id;
    const intent = (
      await h.call('POST', '/providers/stripe/payment-intents', {
        userId,
        amount: 1000,
        captureMethod: 'manual',
        description: 'First box',
        reference: orderRef(),
        createdBy: STAFF,
      })
    ).json<PaymentIntent>();
    await h.call(
      'POST',
      `/providers/stripe/payment-intents/${intent.id}/confirm`,
      { paymentMethod: card },
      keyed(newKey()),
    );
    const key = newKey();
    await cancel(h, intent.id, key);
    await cancel(h, intent.id, key);
    const cancels = fake.requests
      .slice(before)
      .filter((r) => r.path === `/v1/payment_intents/${intent.id}/cancel`);
    expect(cancels).toEqual([
      {
        method: 'POST',
        path: `/v1/payment_intents/${intent.id}/cancel`,
        idempotencyKey: `pawfresh:intent-cancel:${key}`,
      },
    ]);
  });
});

const cancel = (h: PaymentTest, intentId: string, key: string) =>
  h.call(
    'POST',
    `/providers/stripe/payment-intents/${intentId}/cancel`,
    { cancellationReason: 'abandoned' },
    keyed(key),
  );
