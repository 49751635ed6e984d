import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from '@pawfresh/db/orm';
import type { Payment, PaymentIntent, PaymentPage } from '@pawfresh/contracts/payment';
import { createPaymentService } from '../src/index.js';
import { readPaymentSettings } from '../src/settings.js';
import { idempotencyKeys, payments, sandboxPaymentIntents } from '../src/db/schema.js';
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

/**
 * Idempotency claims under a lease, and calls to the provider left unanswered by a process that
 * died: states a crash leaves behind (made here in the tables, as a crash would leave them) are
 * taken over and settled from the provider's books, never left to block the money for good.
 */
const settings = { ...readPaymentSettings('test', {}), claimLeaseMs: 3_000 };
const h = usePayment(() => createPaymentService({ settings }));
const me = settings.claimHolder.processName;

/** A charge as a process that died inside the provider call leaves it: claimed, never answered. */
async function chargeCutOff(holder: string | null, lease: 'past' | 'future' | null) {
  const userId = randomUUID();
  await saveCard(h.app, userId, CARDS.visa);
  const key = newKey();
  const body = chargeBody({ amount: 4321 });
  const first = await charge(h.app, userId, body, key);
  expect(first.statusCode).toBe(201);
  const paid = first.json<Payment>();
  // Undo the record of the answer: the provider charged, we never heard (a kill after it).
  const db = tables(h);
  await db
    .update(idempotencyKeys)
    .set({
      responseBody: null,
      responseStatus: null,
      completedAt: null,
      holder,
      leaseExpiresAt:
        lease === null
          ? null
          : sql`now() + interval '${sql.raw(lease === 'past' ? '-1' : '1')} hour'`,
    })
    .where(sql`${idempotencyKeys.key} = ${key}`);
  await db
    .update(payments)
    .set({ status: 'processing', amountCaptured: 0, providerPaymentIntentId: null })
    .where(sql`${payments.id} = ${paid.id}`);
  return { userId, key, body, paid };
}

const intentsOf = async (userId: string) =>
  (await h.call('GET', `/customers/${userId}/payments`)).json<PaymentPage>();

describe('a charge cut off inside the provider call', () => {
  it('is taken over at once from an earlier start of this process, and answered once', async () => {
    const { userId, key, body, paid } = await chargeCutOff(`${me}#deadbeef`, 'future');
    const again = await charge(h.app, userId, body, key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<Payment>()).toMatchObject({
      id: paid.id,
      status: 'processed',
      amountCaptured: 4321,
    });
    // The provider was asked with the same key: still one intent, one payment.
    const page = await intentsOf(userId);
    expect(page.data.map((p) => p.status)).toEqual(['processed']);
    const stored = await tables(h)
      .select()
      .from(sandboxPaymentIntents)
      .where(sql`${sandboxPaymentIntents.metadata} like ${`%${paid.id}%`}`);
    expect(stored).toHaveLength(1);
    const [claim] = await tables(h)
      .select()
      .from(idempotencyKeys)
      .where(sql`${idempotencyKeys.key} = ${key}`);
    expect(claim).toMatchObject({ takeovers: 1, responseStatus: 200 });
  });

  it('is taken over from a claim left by the earlier code (no holder, no lease)', async () => {
    const { userId, key, body, paid } = await chargeCutOff(null, null);
    const again = await charge(h.app, userId, body, key);
    expect(again.json<Payment>()).toMatchObject({ id: paid.id, status: 'processed' });
  });

  it("waits for another live process's claim, then says in flight (409), and takes over once its lease is out", async () => {
    const { userId, key, body, paid } = await chargeCutOff('elsewhere#0001', 'future');
    const busy = await charge(h.app, userId, body, key);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ type: 'in_flight' });
    expect(busy.json<{ message: string }>().message).toMatch(/ask again with the same key/);
    // Its process died: the lease runs out.
    await tables(h)
      .update(idempotencyKeys)
      .set({ leaseExpiresAt: sql`now() - interval '1 second'` })
      .where(sql`${idempotencyKeys.key} = ${key}`);
    const again = await charge(h.app, userId, body, key);
    expect(again.json<Payment>()).toMatchObject({ id: paid.id, status: 'processed' });
  });
});

describe('an authorisation whose capture was cut off', () => {
  async function authorisedThenCutOff(captureAtProvider: boolean) {
    const userId = randomUUID();
    const card = await saveCard(h.app, userId, CARDS.visa);
    const intent = (
      await h.call('POST', '/providers/stripe/payment-intents', {
        userId,
        amount: 6475,
        captureMethod: 'manual',
        description: 'First box',
        reference: orderRef(),
        createdBy: STAFF,
      })
    ).json<PaymentIntent>();
    await h.call(
      'POST',
      `/providers/stripe/payment-intents/${intent.id}/confirm`,
      { paymentMethod: card.id },
      keyed(newKey()),
    );
    if (captureAtProvider) {
      await tables(h)
        .update(sandboxPaymentIntents)
        .set({ status: 'succeeded', amountReceived: 6475, amountCapturable: 0 })
        .where(sql`${sandboxPaymentIntents.id} = ${intent.id}`);
    }
    // As the earlier code left it: being captured, for good (migrated to a call to settle).
    await tables(h)
      .update(payments)
      .set({ callKey: 'capture:unrecorded', callStartedAt: new Date() })
      .where(sql`${payments.id} = ${intent.paymentId}`);
    return intent;
  }

  it('can still be cancelled: the provider is asked, and the hold is released', async () => {
    const intent = await authorisedThenCutOff(false);
    const res = await h.call(
      'POST',
      `/providers/stripe/payment-intents/${intent.id}/cancel`,
      {},
      keyed(newKey()),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PaymentIntent>()).toMatchObject({
      status: 'canceled',
      amountCapturable: 0,
      paymentStatus: 'expired',
    });
  });

  it('captured at the provider after all: recorded, and cancel says refund it instead', async () => {
    const intent = await authorisedThenCutOff(true);
    const res = await h.call(
      'POST',
      `/providers/stripe/payment-intents/${intent.id}/cancel`,
      {},
      keyed(newKey()),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/captured: .*refund payment/);
    const payment = (await h.call('GET', `/payments/${intent.paymentId}`)).json<Payment>();
    expect(payment).toMatchObject({ status: 'processed', amountCaptured: 6475 });
  });

  it('can be captured by a new request once the provider is asked', async () => {
    const intent = await authorisedThenCutOff(false);
    const res = await h.call(
      'POST',
      `/providers/stripe/payment-intents/${intent.id}/capture`,
      {},
      keyed(newKey()),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PaymentIntent>()).toMatchObject({ status: 'succeeded', amountReceived: 6475 });
  });
});

describe('payments listed', () => {
  it("lists a customer's payments and an order's, newest first, and no one else's", async () => {
    const userId = randomUUID();
    const other = randomUUID();
    await saveCard(h.app, userId, CARDS.visa);
    await saveCard(h.app, other, CARDS.visa);
    const reference = orderRef();
    await charge(h.app, userId, chargeBody({ amount: 1000, reference }));
    h.clock.advance(60_000);
    await charge(h.app, userId, chargeBody({ amount: 2000 }));
    await charge(h.app, other, chargeBody({ amount: 3000, reference }));
    const mine = await intentsOf(userId);
    expect(mine.data.map((p) => p.amount)).toEqual([2000, 1000]);
    expect(mine.meta.total).toBe(2);
    // The customer's route ignores a userId in the query: only theirs.
    const sneaky = await h.call('GET', `/customers/${userId}/payments?userId=${other}`);
    expect(sneaky.statusCode).toBe(400);
    const forOrder = (
      await h.call(
        'GET',
        `/payments?referenceType=order&referenceId=${reference.referenceId}&count=1`,
      )
    ).json<PaymentPage>();
    expect(forOrder.meta.total).toBe(2);
    expect(forOrder.data).toHaveLength(1);
    expect((await h.call('GET', '/payments?count=0')).statusCode).toBe(400);
  });
});

describe('reconciliation', () => {
  const reconcile = (body: Record<string, unknown> = {}) =>
    h.call('POST', '/reconciliation', { createdBy: STAFF, ...body });

  it('records what the provider did that we never heard, gives back money no payment of ours names, and resends refunds whose answer was lost', async () => {
    // 1. Charged at the provider, the answer lost (the key was never answered either).
    const lost = await chargeCutOff(null, null);
    // 2. An intent made for a payment whose record is gone: money with nothing here for it.
    const strayUser = randomUUID();
    await saveCard(h.app, strayUser, CARDS.visa);
    const stray = (await charge(h.app, strayUser, chargeBody({ amount: 777 }))).json<Payment>();
    await tables(h)
      .delete(payments)
      .where(sql`${payments.id} = ${stray.id}`);
    // 3. A refund recorded pending whose provider answer was lost.
    const refunded = (await charge(h.app, strayUser, chargeBody({ amount: 900 }))).json<Payment>();
    const refundKey = newKey();
    await h.call(
      'POST',
      `/payments/${refunded.id}/refunds`,
      { amount: 400, description: 'Damaged box', createdBy: STAFF },
      keyed(refundKey),
    );
    const { refunds } = await import('../src/db/schema.js');
    await tables(h)
      .update(refunds)
      .set({ status: 'pending', providerRefundId: null })
      .where(sql`${refunds.requestKey} = ${`refund:${refundKey}`}`);

    // Too fresh to judge: its own request may still be recording it.
    const early = (await reconcile()).json<{ differences: number }>();
    expect(early.differences).toBe(0);

    h.clock.advance(10 * 60_000);
    const res = await reconcile();
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<{
      differences: number;
      findings: { kind: string; paymentId: string | null; amount: number }[];
    }>();
    expect(report.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'recorded', paymentId: lost.paid.id }),
        expect.objectContaining({ kind: 'refunded', paymentId: null, amount: 777 }),
        expect.objectContaining({ kind: 'refund_recorded', paymentId: refunded.id, amount: 400 }),
      ]),
    );
    const now = (await h.call('GET', `/payments/${lost.paid.id}`)).json<Payment>();
    expect(now).toMatchObject({ status: 'processed', amountCaptured: 4321 });
    const refundedNow = (await h.call('GET', `/payments/${refunded.id}`)).json<Payment>();
    expect(refundedNow.refunds.map((r) => r.status)).toEqual(['succeeded']);

    // A second run finds nothing left to do: the differences were settled, not just reported.
    const again = (await reconcile()).json<{ differences: number }>();
    expect(again.differences).toBe(0);
  });
});
