import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type {
  Payment,
  PaymentCustomer,
  PaymentIntent,
  PaymentMethod,
  Refund,
} from '@pawfresh/contracts/payment';
import { callJson, messagesOf, serviceApp } from '@pawfresh/testing';
import { createPaymentService } from '../src/index.js';
import { startStripeFake, type StripeFake } from './stripe-fake.js';
import {
  STAFF,
  charge,
  chargeBody,
  keyed,
  newKey,
  refund,
  refundBody,
  usePayment,
} from './harness.js';

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

async function stripeCustomer(...pms: string[]) {
  const userId = randomUUID();
  const saved: PaymentMethod[] = [];
  for (const pm of pms) {
    const res = await h.call('POST', '/customers/create-payment-method', {
      userId,
      paymentMethodId: pm,
    });
    expect(res.statusCode, res.body).toBe(201);
    saved.push(res.json<PaymentMethod>());
  }
  return { userId, saved };
}

describe('the Stripe provider (against a local fake)', () => {
  it('saves Stripe payment methods and refuses raw card details', async () => {
    const { userId, saved } = await stripeCustomer('pm_card_visa', 'pm_card_mastercard');
    expect(saved.map((m) => [m.provider, m.brand, m.last4Digits, m.default])).toEqual([
      ['stripe', 'visa', '4242', true],
      ['stripe', 'mastercard', '4444', false],
    ]);
    const customer = (await h.call('GET', `/customers/${userId}`)).json<PaymentCustomer>();
    expect(customer.providerCustomerId).toMatch(/^cus_fake/);
    expect(fake.customers.get(customer.providerCustomerId)).toMatchObject({
      metadata: { userId },
      invoice_settings: { default_payment_method: saved[0]!.providerPaymentMethodId },
    });
    const raw = await h.call('POST', '/customers/create-payment-method', {
      userId,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    });
    expect(raw.statusCode).toBe(400);
    expect(messagesOf(raw)).toEqual([
      expect.stringMatching(/^paymentMethodId is required: card details never come through/),
    ]);
    const unknown = await h.call('POST', '/customers/create-payment-method', {
      userId,
      paymentMethodId: 'pm_nope',
    });
    expect(unknown.statusCode).toBe(404);
    expect(messagesOf(unknown)).toEqual(["No such payment_method: 'pm_nope'"]);
  });

  it('charges with the key passed through, and a replay reaches Stripe no more', async () => {
    const { userId } = await stripeCustomer('pm_card_visa');
    const key = newKey();
    const body = chargeBody({ amount: 3210 });
    const res = await charge(h.app, userId, body, key);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Payment>()).toMatchObject({
      status: 'processed',
      provider: 'stripe',
      amountCaptured: 3210,
    });
    expect(res.json<Payment>().providerPaymentIntentId).toMatch(/^pi_fake/);
    const sent = fake.requests.filter((r) => r.idempotencyKey === `pawfresh:charge:${key}`);
    expect(sent).toEqual([
      { method: 'POST', path: '/v1/payment_intents', idempotencyKey: `pawfresh:charge:${key}` },
    ]);
    const again = await charge(h.app, userId, body, key);
    expect(again.body).toBe(res.body);
    expect(fake.requests.filter((r) => r.idempotencyKey === `pawfresh:charge:${key}`)).toHaveLength(
      1,
    );
  });

  it.each([
    ['pm_card_chargeDeclined', 'Your card was declined.'],
    ['pm_card_chargeDeclinedInsufficientFunds', 'Your card has insufficient funds.'],
    ['pm_card_chargeDeclinedExpiredCard', 'Your card has expired.'],
    [
      'pm_card_authenticationRequired',
      'Your card was declined. This transaction requires authentication.',
    ],
  ])("answers 402 with Stripe's reason for %s", async (pm, reason) => {
    const { userId } = await stripeCustomer(pm);
    const res = await charge(h.app, userId, chargeBody());
    expect(res.statusCode, res.body).toBe(402);
    expect(messagesOf(res)).toEqual([reason]);
    const paymentId = res.json<{ details: { paymentId: string } }>().details.paymentId;
    const kept = (await h.call('GET', `/payments/${paymentId}`)).json<Payment>();
    expect(kept).toMatchObject({ status: 'attempt_failed', failureReason: reason });
  });

  it('confirms intents (422 when the card needs action), captures and refunds', async () => {
    const { userId, saved } = await stripeCustomer(
      'pm_card_authenticationRequired',
      'pm_card_visa',
    );
    const created = await h.call('POST', '/providers/stripe/payment-intents', {
      userId,
      amount: 9000,
      captureMethod: 'manual',
      description: 'First box',
      reference: { referenceId: randomUUID(), referenceType: 'order' },
      createdBy: STAFF,
    });
    expect(created.statusCode, created.body).toBe(201);
    const intent = created.json<PaymentIntent>();
    const confirm = (paymentMethod: string) =>
      h.call(
        'POST',
        `/providers/stripe/payment-intents/${intent.id}/confirm`,
        { paymentMethod },
        keyed(newKey()),
      );
    const needsAction = await confirm(saved[0]!.providerPaymentMethodId);
    expect(needsAction.statusCode, needsAction.body).toBe(422);
    expect(needsAction.json()).toMatchObject({
      type: 'requires_action',
      details: { intentStatus: 'requires_action' },
    });
    const ok = await confirm(saved[1]!.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<PaymentIntent>()).toMatchObject({
      status: 'requires_capture',
      amountCapturable: 9000,
    });
    const captured = await h.call(
      'POST',
      `/providers/stripe/payment-intents/${intent.id}/capture`,
      { amount: 8000 },
      keyed(newKey()),
    );
    expect(captured.statusCode, captured.body).toBe(200);
    expect(captured.json<PaymentIntent>()).toMatchObject({
      status: 'succeeded',
      amountReceived: 8000,
    });

    const partial = await refund(h.app, intent.paymentId, refundBody(3000));
    expect(partial.statusCode, partial.body).toBe(201);
    expect(partial.json<Refund>().providerRefundId).toMatch(/^re_fake/);
    const over = await refund(h.app, intent.paymentId, refundBody(5001));
    expect(over.statusCode).toBe(409);
    const rest = await refund(h.app, intent.paymentId, refundBody(5000));
    expect(rest.statusCode).toBe(201);
  });

  it("refuses to import another user's provider customer, or one Stripe does not know", async () => {
    const { userId } = await stripeCustomer('pm_card_visa', 'pm_card_amex');
    const legacy = (await h.call('GET', `/customers/${userId}`)).json<PaymentCustomer>();
    const other = randomUUID();
    const clash = await h.call('POST', '/migration', {
      userId: other,
      providerCustomerId: legacy.providerCustomerId,
      createdBy: STAFF,
    });
    expect(clash.statusCode).toBe(409);
    const unknown = await h.call('POST', '/migration', {
      userId: other,
      providerCustomerId: 'cus_unknown',
      createdBy: STAFF,
    });
    expect(unknown.statusCode).toBe(404);
    expect(messagesOf(unknown)).toEqual(['Card provider customer cus_unknown not found']);
  });

  it('imports the cards and default of a customer only Stripe knows', async () => {
    // Made at the fake directly: a customer of the legacy system with two cards.
    const { default: Stripe } = await import('stripe');
    const stripe = new Stripe('sk_test_fake', {
      host: '127.0.0.1',
      port: fake.port,
      protocol: 'http',
    });
    const customer = await stripe.customers.create({ metadata: { userId: 'legacy' } });
    await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const amex = await stripe.paymentMethods.attach('pm_card_amex', { customer: customer.id });
    await stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: amex.id },
    });
    const userId = randomUUID();
    const res = await h.call('POST', '/migration', {
      userId,
      providerCustomerId: customer.id,
      createdBy: STAFF,
    });
    expect(res.statusCode, res.body).toBe(201);
    const imported = res.json<PaymentCustomer>();
    expect(imported.paymentMethods.map((m) => [m.brand, m.default])).toEqual(
      expect.arrayContaining([
        ['amex', true],
        ['visa', false],
      ]),
    );
    expect(imported.migratedAt).not.toBeNull();
  });
});

describe('the Stripe provider when Stripe cannot be reached', () => {
  it('answers 502 with what to do, never Stripe internals', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const { port } = s.address() as AddressInfo;
        s.close(() => resolve(port));
      });
    });
    const app = await serviceApp(
      createPaymentService({
        stripe: {
          secretKey: 'sk_test_fake',
          api: { host: '127.0.0.1', port: closedPort, protocol: 'http' },
        },
      }),
      { database: h.database, clock: h.clock },
    );
    try {
      const res = await callJson(app, 'POST', '/customers/create-payment-method', {
        userId: randomUUID(),
        paymentMethodId: 'pm_card_visa',
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({
        statusCode: 502,
        type: 'provider_unavailable',
        message: expect.stringMatching(/^The card provider could not be reached/),
      });
      expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|stack/);
    } finally {
      await app.close();
    }
  });

  it("reconciles through Stripe's list API: a charge whose answer was lost is recorded", async () => {
    const { userId } = await stripeCustomer('pm_card_visa');
    const key = newKey();
    const paid = (await charge(h.app, userId, chargeBody({ amount: 5150 }), key)).json<Payment>();
    // The answer lost: the payment never told, the key never answered.
    const { payments, idempotencyKeys } = await import('../src/db/schema.js');
    const { sql } = await import('@pawfresh/db/orm');
    const db = h.database.forSchema({ payments, idempotencyKeys });
    await db
      .update(payments)
      .set({ status: 'processing', amountCaptured: 0, providerPaymentIntentId: null })
      .where(sql`${payments.id} = ${paid.id}`);
    h.clock.set(new Date(Date.now() + 10 * 60_000));
    const res = await h.call('POST', '/reconciliation', {
      from: new Date(Date.now() - 3_600_000).toISOString(),
      to: new Date(Date.now() + 3_600_000).toISOString(),
      createdBy: STAFF,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ findings: unknown[] }>().findings).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'recorded', paymentId: paid.id })]),
    );
    const now = (await h.call('GET', `/payments/${paid.id}`)).json<Payment>();
    expect(now).toMatchObject({
      status: 'processed',
      amountCaptured: 5150,
      providerPaymentIntentId: paid.providerPaymentIntentId,
    });
    expect(fake.requests.some((r) => r.method === 'GET' && r.path === '/v1/payment_intents')).toBe(
      true,
    );
  });
});
