import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@pawfresh/contracts/order';
import { CrashServers, settled, waitFor } from './crash-server.js';
import { differences, readBooks } from './payment-books.js';
import { aFridayAhead, boxBody } from './server-box.js';

/**
 * The back office's bulk retry of failed payments (bulk-manual-charge, one manual-charge-order a
 * box) with its process killed (SIGKILL, the payment service's fault hook, armed in the running process) inside a card
 * charge — before the provider hears of it, after the provider took the money but before it is
 * recorded, and after the record — then started again: the run ends by itself, every box is paid
 * once, and the provider's books equal ours.
 */
let setup: CrashServers;
beforeAll(async () => {
  setup = await CrashServers.create({
    WORKFLOW_STEP_DELAY_MS: '0',
    SANDBOX_EVENTS_INTERVAL_MS: '200',
  });
}, 180_000);
afterAll(async () => setup?.close());

const users: string[] = [];
const card = (userId: string, number: string, setDefault: boolean) =>
  setup.post('/svc/payment/customers/create-payment-method', {
    userId,
    card: { number, expMonth: 12, expYear: 2030, cvc: '123' },
    setDefault,
  });
const readOrder = (id: string) => setup.get<Order>(`/svc/order/api/v1/orders/${id}`);

/**
 * `count` customers whose box's charge was declined by the billing run (a card that declines),
 * who have since saved a card that pays as their default: boxes for the bulk retry.
 */
async function failedBoxes(count: number, weeks: number): Promise<Order[]> {
  const deliveryDate = aFridayAhead(weeks);
  const orders: Order[] = [];
  for (let i = 0; i < count; i++) {
    const user = await setup.post<{ id: string }>('/svc/identity/identity/users', {
      email: `retry-${randomUUID().slice(0, 8)}@example.com.au`,
      password: 'correct horse',
      firstName: 'Jo',
      lastName: 'Tester',
    });
    users.push(user.id);
    await card(user.id, '4000000000000002', true);
    orders.push(
      await setup.post<Order>('/svc/order/api/v1/orders', boxBody(user.id, deliveryDate)),
    );
  }
  const billing = `retry-billing-${randomUUID()}`;
  await setup.request('POST', '/svc/orchestration/workflows/charge-due-orders', {
    date: orders[0]!.billingDate,
    workflowId: billing,
  });
  await setup.finished(billing);
  for (const order of orders) {
    expect((await readOrder(order.id)).paymentStatus).toBe('attempt_failed');
    await card(order.userId, '4242424242424242', true);
  }
  return orders;
}

const points = ['before-provider', 'after-provider', 'after-record'] as const;

describe('a bulk retry whose process is killed inside a card charge', () => {
  points.forEach((point, n) => {
    it(`charge, ${point}: the run ends by itself and every box is paid once`, async () => {
      const armed = await setup.running();
      const orders = await failedBoxes(3, 4 + n);
      await setup.armFault(`charge:${point}`);
      const runId = `retry-crash-${randomUUID()}`;
      const died = new Promise<void>((resolve) => armed.process.once('exit', () => resolve()));
      setup
        .request('POST', '/svc/orchestration/workflows/bulk-manual-charge', {
          orderIds: orders.map((o) => o.id),
          createdBy: 'staff:crash-test',
          workflowId: runId,
        })
        .catch(() => undefined);
      await died;
      expect(armed.process.signalCode).toBe('SIGKILL');
      await setup.armFault(null);

      await setup.started();
      const run = await waitFor(`${runId} to end`, async () => settled(await setup.run(runId)));
      expect(run.status, JSON.stringify(run.error)).toBe('SUCCESS');
      expect(run.chargeProgress).toMatchObject({ total: 3, done: 3, left: 0, charged: 3 });
      for (const order of orders) {
        expect((await readOrder(order.id)).paymentStatus).toBe('processed');
      }
    }, 300_000);
  });

  it("leaves the provider's books and ours the same: each box paid once, nothing in flight", async () => {
    await setup.stopAll();
    const db = await setup.open();
    try {
      const books = await readBooks(db, users);
      expect(differences(books)).toEqual([]);
      // Per box: the declined attempt, then one charge that took the money.
      expect(books.payments.filter((p) => p.status === 'processed')).toHaveLength(users.length);
    } finally {
      if (!setup.database) await db.close();
    }
  });
});
