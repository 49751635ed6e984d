import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingRun } from '@pawfresh/contracts/orchestration-billing';
import { CrashServers, type KillPoint } from './crash-server.js';
import { customerWithBox } from './server-box.js';

/**
 * The billing run on the real server (a child process), killed with SIGKILL in each of its steps
 * in turn and started again each time on the same database: the order is charged exactly once
 * (one payment at the payment service, one move to processing and one to processed).
 */
let setup: CrashServers;
beforeAll(async () => {
  setup = await CrashServers.create();
}, 180_000);
afterAll(async () => setup?.close());

const stepsOf = async (id: string) => (await setup.run(id))?.steps ?? [];

describe('the billing run when its process is killed', () => {
  it('charges exactly once after a SIGKILL in each step in turn', async () => {
    await setup.started();
    const { order } = await customerWithBox(setup);
    const runId = `crash-billing-${randomUUID()}`;
    const billId = `bill-order:${order.id}:${order.billingDate}`;
    const body = { date: order.billingDate, workflowId: runId };
    setup.request('POST', '/svc/orchestration/workflows/charge-due-orders', body).catch(() => {});

    const chargeId = async () =>
      (await stepsOf(billId)).find((s) => s.childWorkflowId?.startsWith('charge-order:'))
        ?.childWorkflowId ?? undefined;
    /** Each: what must be recorded before the kill; the next step is then in flight. */
    const killPoints: KillPoint[] = [
      {
        name: 'list-due-orders',
        ready: async () => ((await setup.run(runId)) ? true : undefined),
      },
      {
        name: 'bill-order read-order',
        ready: async () =>
          (await stepsOf(runId)).some((s) => s.name === 'list-due-orders') ? true : undefined,
      },
      ...['read-order', 'read-card', 'mark-processing', 'charge', 'mark-paid'].map((done) => ({
        name: `charge-order after ${done}`,
        ready: async () => {
          const id = await chargeId();
          return id && (await stepsOf(id)).some((s) => s.name === done) ? true : undefined;
        },
      })),
    ];
    // bill-order's read-order done: charge-order's read-order is in flight.
    killPoints.splice(2, 0, {
      name: 'charge-order read-order',
      ready: async () =>
        (await stepsOf(billId)).some((s) => s.name === 'read-order') ? true : undefined,
    });

    await setup.killAtEach(killPoints);

    const finished = await setup.finished(runId);
    expect(finished.recoveryAttempts).toBeGreaterThanOrEqual(2);
    const charge = (await stepsOf((await chargeId())!)).map((s) => s.name);
    expect(charge).toEqual([
      'read-order',
      'read-card',
      'mark-processing',
      'charge',
      'mark-paid',
      'email-customer',
    ]);
    const again = await setup.request(
      'POST',
      '/svc/orchestration/workflows/charge-due-orders',
      body,
    );
    const line = ((await again.json()) as BillingRun).orders.find((o) => o.orderId === order.id);
    expect(line).toMatchObject({
      action: 'charge',
      paymentStatus: 'processed',
      charge: { outcome: 'charged', attempt: 1, amount: 12250 },
    });
    const events = (await (
      await setup.request('GET', `/svc/order/api/v1/orders/${order.id}/events`)
    ).json()) as { action: string; currentValue: string | null }[];
    expect(
      events.filter((e) => e.action === 'payment_status_updated').map((e) => e.currentValue),
    ).toEqual(['processing', 'processed']);

    await setup.stopAll();
    const db = await setup.open();
    try {
      const res = await db
        .forSchema({})
        .execute(sql`select status, amount from payment.payments where reference_id = ${order.id}`);
      const rows = ((res as { rows?: unknown[] }).rows ?? res) as unknown[];
      expect(rows).toEqual([{ status: 'processed', amount: 12250 }]);
    } finally {
      if (!setup.database) await db.close();
    }
  }, 900_000);
});
