import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from '@pawfresh/db/orm';
import type { PaymentCustomer, PaymentMethod } from '@pawfresh/contracts/payment';
import { fuzzContract, messagesOf, serviceAuth } from '@pawfresh/testing';
import { paymentContract } from '@pawfresh/contracts/payment';
import { paymentMethods, sandboxPaymentMethods } from '../src/db/schema.js';
import { CARDS, saveCard, tables, usePayment } from './harness.js';

const h = usePayment();

const list = async (userId: string) =>
  (await h.call('GET', `/customers/${userId}/payments-methods`)).json<PaymentMethod[]>();

describe('payment customers and methods', () => {
  it('makes the customer on the first card, which becomes the default', async () => {
    const userId = randomUUID();
    expect((await h.call('GET', `/customers/${userId}`)).statusCode).toBe(404);
    const visa = await saveCard(h.app, userId, '4242 4242 4242 4242');
    expect(visa).toMatchObject({
      brand: 'visa',
      last4Digits: '4242',
      expiryMonth: 12,
      expiryYear: 2030,
      default: true,
      provider: 'sandbox',
    });
    expect(visa.providerPaymentMethodId).toMatch(/^pm_sandbox_/);
    const mastercard = await saveCard(h.app, userId, CARDS.mastercard);
    expect(mastercard).toMatchObject({ brand: 'mastercard', last4Digits: '4444', default: false });

    const customer = await h.call('GET', `/customers/${userId}`);
    expect(customer.statusCode).toBe(200);
    expect(customer.json<PaymentCustomer>()).toMatchObject({
      userId,
      provider: 'sandbox',
      migratedAt: null,
      defaultPaymentMethodId: visa.id,
      paymentMethods: [{ id: visa.id }, { id: mastercard.id }],
    });
    expect(customer.json<PaymentCustomer>().providerCustomerId).toMatch(/^cus_sandbox_/);
    expect((await list(userId)).map((m) => [m.last4Digits, m.default])).toEqual([
      ['4242', true],
      ['4444', false],
    ]);
  });

  it('never stores a card number or CVC anywhere', async () => {
    const userId = randomUUID();
    await saveCard(h.app, userId, CARDS.amex);
    const ours = await tables(h).select().from(paymentMethods);
    const sandbox = await tables(h).select().from(sandboxPaymentMethods);
    const stored = JSON.stringify([ours, sandbox]);
    for (const number of Object.values(CARDS)) expect(stored).not.toContain(number);
    expect(stored).not.toContain('1234');
  });

  it('sets the default and moves it when the default card is removed', async () => {
    const userId = randomUUID();
    const first = await saveCard(h.app, userId, CARDS.visa);
    h.clock.advance(1000);
    const second = await saveCard(h.app, userId, CARDS.mastercard);
    h.clock.advance(1000);
    const third = await saveCard(h.app, userId, CARDS.amex, { setDefault: true });
    expect(third.default).toBe(true);
    expect((await list(userId)).filter((m) => m.default).map((m) => m.id)).toEqual([third.id]);

    const set = await h.call(
      'POST',
      `/customers/${userId}/payment-methods/${first.id}/set-default`,
    );
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<PaymentMethod>()).toMatchObject({ id: first.id, default: true });
    expect((await list(userId)).map((m) => [m.id, m.default])).toEqual([
      [first.id, true],
      [third.id, false],
      [second.id, false],
    ]);

    const removed = await h.call('DELETE', `/customers/${userId}/payment-method/${first.id}`);
    expect(removed.statusCode).toBe(204);
    // The newest remaining card takes over as the default.
    expect((await list(userId)).map((m) => [m.id, m.default])).toEqual([
      [third.id, true],
      [second.id, false],
    ]);
    const again = await h.call('DELETE', `/customers/${userId}/payment-method/${first.id}`);
    expect(again.statusCode).toBe(404);
    const setRemoved = await h.call(
      'POST',
      `/customers/${userId}/payment-methods/${first.id}/set-default`,
    );
    expect(setRemoved.statusCode).toBe(404);
  });

  it("answers 404 for an unknown user or another user's card", async () => {
    const a = randomUUID();
    const b = randomUUID();
    await saveCard(h.app, a, CARDS.visa);
    const bCard = await saveCard(h.app, b, CARDS.visa);
    for (const [method, url] of [
      ['GET', `/customers/${randomUUID()}`],
      ['GET', `/customers/${randomUUID()}/payments-methods`],
      ['POST', `/customers/${a}/payment-methods/${bCard.id}/set-default`],
      ['DELETE', `/customers/${a}/payment-method/${bCard.id}`],
    ] as const) {
      const res = await h.call(method, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
    expect((await list(b))[0]?.id).toBe(bCard.id);
  });

  it('refuses bad cards with the reason, saving no card', async () => {
    const userId = randomUUID();
    const save = (card: Record<string, unknown>) =>
      h.call('POST', '/customers/create-payment-method', {
        userId,
        card: { number: CARDS.visa, expMonth: 12, expYear: 2030, cvc: '123', ...card },
      });
    for (const [card, message] of [
      [{ number: '4242424242424241' }, 'Your card number is incorrect.'],
      [{ number: '4111111111111111' }, /only accepts its test cards/],
      [{ expMonth: 12, expYear: 2025 }, "Your card's expiration date is in the past."],
      [{ cvc: '1234' }, "Your card's security code is invalid."],
      [{ number: '42' }, 'card.number must be 12 to 19 digits'],
      [{ cvc: 'abc' }, 'card.cvc must be 3 or 4 digits'],
    ] as const) {
      const res = await save(card);
      expect(res.statusCode, JSON.stringify(card)).toBe(400);
      const text = messagesOf(res).join(' ');
      if (typeof message === 'string') expect(text).toContain(message);
      else expect(text).toMatch(message);
      // The number is never echoed back.
      expect(res.body).not.toContain(String(card.number ?? CARDS.visa));
    }
    const noCard = await h.call('POST', '/customers/create-payment-method', {
      userId,
      paymentMethodId: 'pm_card_visa',
    });
    expect(noCard.statusCode).toBe(400);
    expect(messagesOf(noCard)).toEqual([expect.stringMatching(/^card is required/)]);
    expect((await h.call('GET', `/customers/${userId}/payments-methods`)).json()).toEqual([]);
  });

  it('adds a card through create-source, by our customer id or the provider one', async () => {
    const userId = randomUUID();
    await saveCard(h.app, userId, CARDS.visa);
    const customer = (await h.call('GET', `/customers/${userId}`)).json<PaymentCustomer>();
    const card = { number: CARDS.mastercard, expMonth: 1, expYear: 2031, cvc: '999' };
    for (const id of [customer.id, customer.providerCustomerId]) {
      const res = await h.call('POST', `/customer/${id}/create-source`, { card });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<PaymentMethod>()).toMatchObject({ last4Digits: '4444', default: false });
    }
    const setDefault = await h.call('POST', `/customer/${customer.id}/create-source`, {
      card: { ...card, number: CARDS.amex, cvc: '1234' },
      setDefault: true,
    });
    expect(setDefault.json<PaymentMethod>().default).toBe(true);
    expect(await list(userId)).toHaveLength(4);
    const unknown = await h.call('POST', `/customer/cus_nobody/create-source`, { card });
    expect(unknown.statusCode).toBe(404);
    const db = tables(h);
    expect(
      await db.select().from(paymentMethods).where(eq(paymentMethods.customerId, customer.id)),
    ).toHaveLength(4);
  });

  it('answers odd input to every route with a 4xx in the service envelope', async () => {
    const problems = await fuzzContract(h.app, paymentContract, serviceAuth, 25);
    expect(problems).toEqual([]);
  });

  it('serves health at /health and refuses calls without credentials', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/health' })).json()).toEqual({
      status: 'ok',
    });
    const res = await h.app.inject({ method: 'GET', url: `/customers/${randomUUID()}` });
    expect(res.statusCode).toBe(401);
    const doc = await h.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json<{ paths: object }>().paths)).toContain(
      '/customers/{userId}/payments-methods',
    );
  });
});
