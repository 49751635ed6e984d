import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callJson, harnessForFile } from '@pawfresh/testing';
import type { BillingRun, PaymentReconciliation } from '@pawfresh/contracts/orchestration-billing';
import { billingHarness, box, customer, paymentsFor, readOrder } from './billing-harness.js';

/**
 * An order stuck as the earlier code left it when its process died inside the charge: the card
 * charged at the provider, the payment `processing` with no intent named, its Idempotency-Key
 * claimed with no holder and never answered, the order `processing`. The next billing run, or
 * reconciliation, puts it right: paid once, recorded, the box released to be made.
 */
const h = harnessForFile(billingHarness);

const BILLING_DAY = '2026-11-17T08:00:00+11:00';
const rows = <T>(res: unknown): T[] => ((res as { rows?: T[] }).rows ?? res) as T[];

async function stuckOrder() {
  h.clock.set('2026-11-02T09:00:00.000Z');
  const c = await customer(h);
  const order = await box(h, c.id);
  h.clock.set(BILLING_DAY);
  const run = await callJson(h.app, 'POST', '/workflows/charge-due-orders', {
    date: '2026-11-17',
    workflowId: `run-${randomUUID()}`,
  });
  expect(run.statusCode, run.body).toBe(200);
  const [paid] = await paymentsFor(h, order.id);
  // Back to what the process left when it died after the provider charged, before any record.
  const db = h.database.forSchema({});
  await db.execute(sql`
    update payment.payments set status = 'processing', amount_captured = 0,
      provider_payment_intent_id = null, provider_charge_id = null where id = ${paid!.id}`);
  await db.execute(sql`
    update payment.idempotency_keys set response_body = null, response_status = null,
      completed_at = null, holder = null, lease_expires_at = null
    where key = ${`order-${order.id}-attempt-1`}`);
  await db.execute(
    sql`update "order".orders set payment_status = 'processing' where id = ${order.id}`,
  );
  return { order, paymentId: paid!.id };
}

const intentsOf = async (paymentId: string) =>
  rows<{ status: string; amount_received: number }>(
    await h.database
      .forSchema({})
      .execute(
        sql`select status, amount_received from payment.sandbox_payment_intents where metadata like ${`%${paymentId}%`}`,
      ),
  );

describe('an order stuck processing by a process that died inside its charge', () => {
  it('is paid by the next billing run, with the same charge (no second one)', async () => {
    const { order, paymentId } = await stuckOrder();
    h.clock.set('2026-11-18T08:00:00+11:00');
    const res = await callJson(h.app, 'POST', '/workflows/charge-due-orders', {
      date: '2026-11-18',
      workflowId: `run-${randomUUID()}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const line = res.json<BillingRun>().orders.find((o) => o.orderId === order.id);
    expect(line).toMatchObject({ paymentStatus: 'processed', charge: { outcome: 'charged' } });
    expect((await readOrder(h, order.id)).paymentStatus).toBe('processed');
    const payments = await paymentsFor(h, order.id);
    expect(payments.map((p) => [p.id, p.status, p.amountCaptured])).toEqual([
      [paymentId, 'processed', order.totalCharge],
    ]);
    expect(await intentsOf(paymentId)).toEqual([
      { status: 'succeeded', amount_received: order.totalCharge },
    ]);
  });

  it('is recorded and marked paid by reconciliation', async () => {
    const { order, paymentId } = await stuckOrder();
    h.clock.advance(10 * 60_000);
    const res = await callJson(h.app, 'POST', '/workflows/reconcile-payments', {
      workflowId: `reconcile-${randomUUID()}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<PaymentReconciliation>();
    expect(result.report.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'recorded', paymentId, amount: order.totalCharge }),
      ]),
    );
    expect(result.ordersPaid).toEqual([{ orderId: order.id, orderNumber: order.orderNumber }]);
    expect((await readOrder(h, order.id)).paymentStatus).toBe('processed');
    const [payment] = await paymentsFor(h, order.id);
    expect(payment).toMatchObject({ status: 'processed', amountCaptured: order.totalCharge });
    expect(await intentsOf(paymentId)).toHaveLength(1);

    // Run again: nothing left to settle.
    const again = await callJson(h.app, 'POST', '/workflows/reconcile-payments', {
      workflowId: `reconcile-${randomUUID()}`,
    });
    expect(again.json<PaymentReconciliation>()).toMatchObject({ ordersPaid: [] });
  });
});
