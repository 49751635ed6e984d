import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { sql } from '@pawfresh/db/orm';
import type { Payment } from '@pawfresh/contracts/payment';
import { createPaymentService } from '../src/index.js';
import { readPaymentSettings } from '../src/settings.js';
import { payments, providerEvents, sandboxEvents } from '../src/db/schema.js';
import { CARDS, charge, chargeBody, saveCard, tables, usePayment } from './harness.js';

/**
 * POST /providers/stripe/webhooks: the card provider's events, signed as Stripe signs them
 * (checked with Stripe's own code), applied once each, in any order, by reading the intent afresh;
 * the sandbox emits the same events for every change of its intents.
 */
const SECRET = 'whsec_sandbox_test_secret_0001';
const settings = { ...readPaymentSettings('test', {}), sandboxWebhookSecret: SECRET };
const h = usePayment(() => createPaymentService({ settings }));

const send = (payload: string, signature: string | undefined) =>
  h.app.inject({
    method: 'POST',
    url: '/providers/stripe/webhooks',
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
const signed = (payload: string, secret = SECRET, at = h.clock.now()) =>
  Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: Math.floor(at.getTime() / 1000),
  });

/** A charge whose answer was lost (the payment not told), and the events the sandbox emitted. */
async function lostCharge() {
  const userId = randomUUID();
  await saveCard(h.app, userId, CARDS.visa);
  const paid = (await charge(h.app, userId, chargeBody({ amount: 3456 }))).json<Payment>();
  await tables(h)
    .update(payments)
    .set({ status: 'processing', amountCaptured: 0, providerPaymentIntentId: null })
    .where(sql`${payments.id} = ${paid.id}`);
  const events = await tables(h)
    .select()
    .from(sandboxEvents)
    .where(sql`${sandboxEvents.payload} like ${`%${paid.id}%`}`);
  return { paid, events };
}

const paymentOf = async (id: string) => (await h.call('GET', `/payments/${id}`)).json<Payment>();

describe('the card provider events route', () => {
  it('refuses a missing, wrong or stale signature with a 400 that says what to check', async () => {
    const { paid, events } = await lostCharge();
    const payload = events[0]!.payload;
    for (const signature of [
      undefined,
      'nonsense',
      signed(payload, 'whsec_someone_else_0002'),
      signed(payload, SECRET, new Date(h.clock.now().getTime() - 10 * 60_000)),
    ]) {
      const res = await send(payload, signature);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/Stripe-Signature/);
    }
    // A body changed after it was signed.
    const res = await send(payload.replace('3456', '1'), signed(payload));
    expect(res.statusCode).toBe(400);
    expect(await paymentOf(paid.id)).toMatchObject({ status: 'processing' });
    expect(await tables(h).select().from(providerEvents)).toEqual([]);
  });

  it('applies each event once, in any order: the payment ends as the provider has it', async () => {
    const { paid, events } = await lostCharge();
    expect(events.map((e) => e.type)).toEqual(['payment_intent.succeeded']);
    // Delivered twice, a stale event of another type first: the intent is read afresh each time.
    const stale = JSON.stringify({
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'payment_intent.processing',
      data: { object: { ...JSON.parse(events[0]!.payload).data.object, status: 'processing' } },
    });
    const first = await send(stale, signed(stale));
    expect(first.statusCode, first.body).toBe(200);
    expect(await paymentOf(paid.id)).toMatchObject({ status: 'processed', amountCaptured: 3456 });
    const payload = events[0]!.payload;
    const applied = await send(payload, signed(payload));
    expect(applied.json()).toMatchObject({ received: true, applied: true });
    const again = await send(payload, signed(payload));
    expect(again.json()).toMatchObject({ received: true, applied: false });
    expect(await paymentOf(paid.id)).toMatchObject({ status: 'processed', amountCaptured: 3456 });
  });

  it('records a dispute for staff and acknowledges events about nothing of ours', async () => {
    const { paid, events } = await lostCharge();
    const intentId = JSON.parse(events[0]!.payload).data.object.id as string;
    // The payment names its intent again once the provider's own event is applied.
    await send(events[0]!.payload, signed(events[0]!.payload));
    const dispute = JSON.stringify({
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'charge.dispute.created',
      data: { object: { id: 'dp_1', object: 'dispute', payment_intent: intentId } },
    });
    const res = await send(dispute, signed(dispute));
    expect(res.json<{ outcome: string }>().outcome).toMatch(
      new RegExp(`dispute .* payment ${paid.id} processed`),
    );
    const other = JSON.stringify({
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    const ignored = await send(other, signed(other));
    expect(ignored.json<{ outcome: string }>().outcome).toMatch(/not about a payment/);
  });
});

describe('the sandbox delivering its own events', () => {
  const live = usePayment(() =>
    createPaymentService({ settings: { ...settings, sandboxEventsIntervalMs: 50 } }),
  );

  it('puts right a payment whose answer was lost, through the same route, with no one asking', async () => {
    const userId = randomUUID();
    await saveCard(live.app, userId, CARDS.visa);
    const paid = (await charge(live.app, userId, chargeBody({ amount: 2222 }))).json<Payment>();
    const db = tables(live);
    // The sandbox delivers the charge's own events first. Undoing them before that finishes could
    // let a delivery under way mark an event delivered after this test sets it undelivered.
    const ofPayment = sql`${sandboxEvents.payload} like ${`%${paid.id}%`}`;
    const undelivered = () =>
      db
        .select()
        .from(sandboxEvents)
        .where(sql`${ofPayment} and ${sandboxEvents.deliveredAt} is null`);
    while ((await undelivered()).length > 0) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Lost: the payment not told, and the event not delivered yet.
    await db
      .update(payments)
      .set({ status: 'processing', amountCaptured: 0, providerPaymentIntentId: null })
      .where(sql`${payments.id} = ${paid.id}`);
    await db.delete(providerEvents);
    await db.update(sandboxEvents).set({ deliveredAt: null }).where(ofPayment);
    const read = async () => (await live.call('GET', `/payments/${paid.id}`)).json<Payment>();
    for (let now = await read(); now.status !== 'processed'; now = await read()) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await read()).toMatchObject({ status: 'processed', amountCaptured: 2222 });
  });
});
