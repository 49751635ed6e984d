import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { messagesOf } from '@pawfresh/testing';
import { count, eq, sql } from '@pawfresh/db/orm';
import type { Payment } from '@pawfresh/contracts/payment';
import { payments, sandboxOutages, sandboxPaymentIntents } from '../src/db/schema.js';
import {
  CARDS,
  STAFF,
  charge,
  chargeBody,
  keyed,
  newKey,
  orderRef,
  saveCard,
  tables,
  usePayment,
} from './harness.js';

const h = usePayment();

async function customerWith(number: string) {
  const userId = randomUUID();
  const method = await saveCard(h.app, userId, number);
  return { userId, method };
}

describe('charges', () => {
  it('charges the default card and records who, why and what for', async () => {
    const { userId, method } = await customerWith(CARDS.visa);
    const reference = orderRef();
    const res = await charge(h.app, userId, chargeBody({ amount: 5990, reference }));
    expect(res.statusCode, res.body).toBe(201);
    const payment = res.json<Payment>();
    expect(payment).toMatchObject({
      userId,
      status: 'processed',
      amount: 5990,
      amountCaptured: 5990,
      amountRefunded: 0,
      currencyCode: 'AUD',
      captureMethod: 'automatic',
      paymentMethodId: method.id,
      provider: 'sandbox',
      description: 'Box 3 of subscription',
      reference,
      createdBy: STAFF,
      failureReason: null,
      refunds: [],
    });
    expect(payment.providerPaymentIntentId).toMatch(/^pi_sandbox_/);
    expect(payment.providerChargeId).toMatch(/^ch_sandbox_/);
    const read = await h.call('GET', `/payments/${payment.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(payment);
  });

  it.each([
    ['Mastercard', CARDS.mastercard],
    ['Amex', CARDS.amex],
  ])('charges a %s test card', async (_, number) => {
    const { userId } = await customerWith(number);
    const res = await charge(h.app, userId, chargeBody());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Payment>().status).toBe('processed');
  });

  it.each([
    [CARDS.declined, 'Your card was declined.', 'generic_decline', 'card_declined'],
    [
      CARDS.insufficientFunds,
      'Your card has insufficient funds.',
      'insufficient_funds',
      'card_declined',
    ],
    [CARDS.expired, 'Your card has expired.', 'expired_card', 'card_declined'],
    [
      CARDS.authentication,
      'Your card was declined. This transaction requires authentication.',
      'authentication_required',
      'requires_action',
    ],
  ])(
    'answers 402 with the reason for test card %s and keeps the failed attempt',
    async (number, reason, code, type) => {
      const { userId } = await customerWith(number);
      const res = await charge(h.app, userId, chargeBody({ amount: 1234 }));
      expect(res.statusCode, res.body).toBe(402);
      const body = res.json<{
        message: string;
        statusCode: number;
        details: { paymentId: string; code: string };
      }>();
      expect(body).toMatchObject({ message: reason, statusCode: 402, type });
      expect(body.details.code).toBeTruthy();
      const kept = (await h.call('GET', `/payments/${body.details.paymentId}`)).json<Payment>();
      expect(kept).toMatchObject({
        status: 'attempt_failed',
        amount: 1234,
        amountCaptured: 0,
        failureReason: reason,
        failureCode: code,
      });
    },
  );

  it('charges a chosen card instead of the default', async () => {
    const { userId } = await customerWith(CARDS.declined);
    const good = await saveCard(h.app, userId, CARDS.mastercard);
    const res = await charge(h.app, userId, chargeBody({ paymentMethodId: good.id }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Payment>().paymentMethodId).toBe(good.id);
  });

  it('refuses bad input with the spec wording', async () => {
    const { userId } = await customerWith(CARDS.visa);
    for (const [amount, message] of [
      [0, 'Amount must be greater than 0'],
      [-5, 'Amount must be greater than 0'],
      [1.5, 'Amount must be a whole number of cents'],
      [2147483648, 'Amount must be at most 2147483647 cents'],
    ] as const) {
      const res = await charge(h.app, userId, chargeBody({ amount }));
      expect(res.statusCode, String(amount)).toBe(400);
      expect(messagesOf(res)).toContain(message);
    }
    const noWhy = await charge(h.app, userId, chargeBody({ description: ' ' }));
    expect(messagesOf(noWhy)).toContain('description is required: say why the money moves');
    const badRef = await charge(
      h.app,
      userId,
      chargeBody({ reference: { referenceId: randomUUID(), referenceType: 'invoice' } }),
    );
    expect(badRef.statusCode).toBe(400);
    const max = await charge(h.app, userId, chargeBody({ amount: 2147483647 }));
    expect(max.statusCode, max.body).toBe(201);
  });

  it('requires an Idempotency-Key header', async () => {
    const { userId } = await customerWith(CARDS.visa);
    const res = await h.call('POST', `/customers/${userId}/payments`, chargeBody());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Idempotency-Key header is required',
      statusCode: 400,
    });
  });

  it('answers 404 for an unknown customer, card or payment', async () => {
    const unknown = await charge(h.app, randomUUID(), chargeBody());
    expect(unknown.statusCode).toBe(404);
    expect(messagesOf(unknown)).toEqual([expect.stringMatching(/^No payment customer for user /)]);
    const { userId } = await customerWith(CARDS.visa);
    const noCard = await charge(h.app, userId, chargeBody({ paymentMethodId: randomUUID() }));
    expect(noCard.statusCode).toBe(404);
    const noPayment = await h.call('GET', `/payments/${randomUUID()}`);
    expect(noPayment.statusCode).toBe(404);
    expect(noPayment.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});

describe('idempotent charges', () => {
  const intentsOf = async (userId: string) => {
    const [row] = await tables(h)
      .select({ n: count() })
      .from(payments)
      .where(eq(payments.userId, userId));
    return row?.n ?? 0;
  };

  it('answers a replay with the first result and charges once', async () => {
    const { userId } = await customerWith(CARDS.visa);
    const key = newKey();
    const body = chargeBody();
    const first = await charge(h.app, userId, body, key);
    const again = await charge(h.app, userId, body, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await intentsOf(userId)).toBe(1);
  });

  it('replays a decline as the same 402', async () => {
    const { userId } = await customerWith(CARDS.insufficientFunds);
    const key = newKey();
    const body = chargeBody();
    const first = await charge(h.app, userId, body, key);
    const again = await charge(h.app, userId, body, key);
    expect(first.statusCode).toBe(402);
    expect(again.statusCode).toBe(402);
    expect(again.body).toBe(first.body);
    expect(await intentsOf(userId)).toBe(1);
  });

  it('refuses the same key with a different body', async () => {
    const { userId } = await customerWith(CARDS.visa);
    const key = newKey();
    const body = chargeBody();
    expect((await charge(h.app, userId, body, key)).statusCode).toBe(201);
    const other = await charge(h.app, userId, { ...body, amount: body.amount + 1 }, key);
    expect(other.statusCode).toBe(409);
    expect(messagesOf(other)).toEqual([
      expect.stringMatching(/was already used with a different request/),
    ]);
    expect(await intentsOf(userId)).toBe(1);
  });

  it('charges once for concurrent duplicates, and every duplicate gets the same answer', async () => {
    const { userId } = await customerWith(CARDS.visa);
    const key = newKey();
    const body = chargeBody({ amount: 7777 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => charge(h.app, userId, body, key)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await intentsOf(userId)).toBe(1);
    const customerId = answers[0]!.json<Payment>().customerId;
    expect(customerId).toBeTruthy();
    const provider = await tables(h)
      .select({ n: count() })
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.amount, 7777));
    expect(provider[0]?.n).toBe(1);
  });

  it('charges twice for two different keys', async () => {
    const { userId } = await customerWith(CARDS.visa);
    const body = chargeBody();
    const [a, b] = await Promise.all([charge(h.app, userId, body), charge(h.app, userId, body)]);
    expect(a!.statusCode).toBe(201);
    expect(b!.statusCode).toBe(201);
    expect(a!.json<Payment>().id).not.toBe(b!.json<Payment>().id);
    expect(await intentsOf(userId)).toBe(2);
  });
});

describe('authorise and capture', () => {
  const capture = (body: Record<string, unknown>, key = newKey()) =>
    h.call('POST', '/payments/capture', body, keyed(key));

  it('authorises, then captures part of it, once', async () => {
    const { userId } = await customerWith(CARDS.visa);
    const auth = await charge(h.app, userId, chargeBody({ amount: 8000, captureMethod: 'manual' }));
    expect(auth.statusCode, auth.body).toBe(201);
    const authorised = auth.json<Payment>();
    expect(authorised).toMatchObject({ status: 'processing', amountCaptured: 0 });

    const tooMuch = await capture({ paymentId: authorised.id, amount: 8001, createdBy: STAFF });
    expect(tooMuch.statusCode).toBe(409);
    expect(messagesOf(tooMuch)).toEqual([
      `Cannot capture $80.01: payment ${authorised.id} authorised only $80.00`,
    ]);

    const key = newKey();
    const body = { paymentId: authorised.id, amount: 6000, createdBy: STAFF };
    const captured = await capture(body, key);
    expect(captured.statusCode, captured.body).toBe(200);
    expect(captured.json<Payment>()).toMatchObject({ status: 'processed', amountCaptured: 6000 });
    const replay = await capture(body, key);
    expect(replay.body).toBe(captured.body);

    const again = await capture(body);
    expect(again.statusCode).toBe(409);
    expect(messagesOf(again)).toEqual([
      expect.stringMatching(/is processed: only an authorised payment/),
    ]);
  });

  it('captures concurrently only once', async () => {
    const { userId } = await customerWith(CARDS.visa);
    const auth = (
      await charge(h.app, userId, chargeBody({ amount: 3000, captureMethod: 'manual' }))
    ).json<Payment>();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => capture({ paymentId: auth.id, createdBy: STAFF })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(4);
    const read = (await h.call('GET', `/payments/${auth.id}`)).json<Payment>();
    expect(read).toMatchObject({ status: 'processed', amountCaptured: 3000 });
  });

  it('refuses to capture an automatic payment, an unknown one, or without a key', async () => {
    const { userId } = await customerWith(CARDS.visa);
    const paid = (await charge(h.app, userId, chargeBody())).json<Payment>();
    const res = await capture({ paymentId: paid.id, createdBy: STAFF });
    expect(res.statusCode).toBe(409);
    expect((await capture({ paymentId: randomUUID(), createdBy: STAFF })).statusCode).toBe(404);
    const noKey = await h.call('POST', '/payments/capture', {
      paymentId: paid.id,
      createdBy: STAFF,
    });
    expect(messagesOf(noKey)).toEqual(['Idempotency-Key header is required']);
  });
});

describe('the latest payment of each order', () => {
  const latest = (body: unknown) => h.call('POST', '/payments/latest', body);

  it('answers each order’s newest attempt, declined ones included, and leaves out orders with none', async () => {
    const card = await customerWith(CARDS.visa);
    const declining = await customerWith(CARDS.declined);
    const [twice, declined, none] = [orderRef(), orderRef(), orderRef()];
    const first = await charge(h.app, card.userId, chargeBody({ amount: 1000, reference: twice }));
    h.clock.advance(60_000);
    const second = await charge(h.app, card.userId, chargeBody({ amount: 2000, reference: twice }));
    const failed = await charge(h.app, declining.userId, chargeBody({ reference: declined }));
    expect([first.statusCode, second.statusCode, failed.statusCode]).toEqual([201, 201, 402]);

    const res = await latest({
      referenceType: 'order',
      referenceIds: [twice.referenceId, declined.referenceId, none.referenceId],
    });
    expect(res.statusCode, res.body).toBe(200);
    const byOrder = new Map(
      res.json<{ data: Payment[] }>().data.map((p) => [p.reference.referenceId, p]),
    );
    expect([...byOrder.keys()].sort()).toEqual([twice.referenceId, declined.referenceId].sort());
    expect(byOrder.get(twice.referenceId)).toMatchObject({
      id: second.json<Payment>().id,
      amount: 2000,
    });
    expect(byOrder.get(declined.referenceId)).toMatchObject({
      userId: declining.userId,
      status: 'attempt_failed',
    });
    // Another reference type names other things: none of these.
    const lines = await latest({
      referenceType: 'order_line_item',
      referenceIds: [twice.referenceId],
    });
    expect(lines.json<{ data: Payment[] }>().data).toEqual([]);
  });

  it('refuses bad input with a message a person can act on', async () => {
    const many = Array.from({ length: 101 }, () => randomUUID());
    for (const [body, message] of [
      [
        { referenceType: 'order', referenceIds: [] },
        'referenceIds must name at least one order or line item',
      ],
      [
        { referenceType: 'order', referenceIds: many },
        'referenceIds takes at most 100 ids at once',
      ],
      [
        { referenceType: 'order', referenceIds: ['not-a-uuid'] },
        'referenceIds must be a valid UUID',
      ],
      [
        { referenceType: 'order', referenceIds: ['\u0000'] },
        'referenceIds[0] contains a character',
      ],
      [
        { referenceType: 'order', referenceIds: randomUUID() },
        'referenceIds must be a list of UUIDs',
      ],
    ] as const) {
      const res = await latest(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(messagesOf(res).join(' ')).toContain(message);
    }
    for (const body of [
      { referenceType: 'invoice', referenceIds: [randomUUID()] },
      { referenceType: 'order', referenceIds: [randomUUID()], userId: randomUUID() },
      { referenceIds: [randomUUID()] },
    ]) {
      expect((await latest(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('the sandbox down (docs/payments.md "The sandbox\'s outages")', () => {
  const intents = async () =>
    (await tables(h).select({ n: count() }).from(sandboxPaymentIntents))[0]!.n;
  const outage = async (mode: 'error' | 'timeout') =>
    tables(h)
      .insert(sandboxOutages)
      .values({
        id: 'provider',
        mode,
        delayMs: 0,
        until: sql`statement_timestamp() + interval '1 hour'`,
      })
      .onConflictDoUpdate({ target: sandboxOutages.id, set: { mode } });
  afterEach(async () => {
    await tables(h).delete(sandboxOutages);
  });

  it('answers 502 while it refuses, having charged nothing', async () => {
    const { userId } = await customerWith(CARDS.visa);
    const before = await intents();
    await outage('error');
    const res = await charge(h.app, userId, chargeBody());
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json()).toMatchObject({ type: 'provider_unavailable' });
    expect(await intents()).toBe(before);
  });

  it('charges once when its answer was lost and the same key is sent again after it', async () => {
    const { userId } = await customerWith(CARDS.visa);
    const key = newKey();
    const body = chargeBody({ amount: 4321 });
    const before = await intents();
    await outage('timeout');
    const lost = await charge(h.app, userId, body, key);
    expect(lost.statusCode, lost.body).toBe(502);
    // The provider took the money: its intent is there, though no answer came back.
    expect(await intents()).toBe(before + 1);
    await tables(h).delete(sandboxOutages);
    const again = await charge(h.app, userId, body, key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<Payment>()).toMatchObject({ status: 'processed', amountCaptured: 4321 });
    expect(await intents()).toBe(before + 1);
  });
});
