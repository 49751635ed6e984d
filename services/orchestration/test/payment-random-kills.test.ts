import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@pawfresh/contracts/order';
import type { WorkflowRun } from '@pawfresh/contracts/orchestration';
import { CrashServers, pause, stop, waitFor } from './crash-server.js';
import { differences, readBooks } from './payment-books.js';
import { readyCart } from './server-cart.js';

/**
 * Checkouts and billing runs, each killed (SIGKILL) at a random instant of its run, then the
 * process started again: whatever the instant, every run ends, every order is paid once or failed
 * into dunning, and the provider's books equal ours. PAYMENT_RANDOM_KILLS sets how many (a few
 * in CI; the closing notes' figures come from runs of 100 and more).
 */
const KILLS = Number(process.env.PAYMENT_RANDOM_KILLS ?? 6);

let setup: CrashServers;
beforeAll(async () => {
  setup = await CrashServers.create({
    WORKFLOW_STEP_DELAY_MS: '0',
    SANDBOX_EVENTS_INTERVAL_MS: '200',
  });
}, 120_000);
afterAll(async () => setup?.close());

const users: string[] = [];
const orders: string[] = [];
const runs: { id: string; kind: 'checkout' | 'billing' }[] = [];

const ended = (r: WorkflowRun | undefined) =>
  r && (r.status === 'SUCCESS' || r.status === 'ERROR') ? r : undefined;

function aFridayAhead(weeks: number): string {
  const d = new Date(Date.now() + weeks * 7 * 86_400_000);
  while (d.getUTCDay() !== 5) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** A customer with a card and one box a few weeks ahead; its billing run's body. */
async function billingRun(weeks: number) {
  const user = await setup.post<{ id: string }>('/svc/identity/identity/users', {
    email: `random-${randomUUID().slice(0, 8)}@example.com.au`,
    password: 'correct horse',
    firstName: 'Jo',
    lastName: 'Tester',
  });
  users.push(user.id);
  await setup.post('/svc/payment/customers/create-payment-method', {
    userId: user.id,
    card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
  });
  const order = await setup.post<Order>('/svc/order/api/v1/orders', {
    userId: user.id,
    deliveryDate: aFridayAhead(weeks),
    expectedDeliverySlotId: 'PM',
    address: {
      firstName: 'Jo',
      lastName: 'Tester',
      address1: '12 Example Street',
      suburb: 'Richmond',
      state: 'VIC',
      postcode: '3121',
    },
    orderLineItems: [
      {
        productId: randomUUID(),
        animalId: randomUUID(),
        planType: 'full_bowl',
        price: 875,
        quantity: 14,
      },
    ],
  });
  orders.push(order.id);
  const id = `random-billing-${randomUUID()}`;
  return {
    id,
    start: () =>
      setup.request('POST', '/svc/orchestration/workflows/charge-due-orders', {
        date: order.billingDate,
        workflowId: id,
      }),
  };
}

/** A guest's checkout: half of them for more than the cart, so they fail and give money back. */
async function checkout(n: number) {
  const failing = n % 4 === 3;
  const ready = await readyCart(setup, {
    intentOffBy: failing ? 100 : 0,
    captureMethod: n % 2 === 0 ? 'manual' : 'automatic',
  });
  users.push(ready.userId);
  return {
    id: ready.body.workflowId,
    start: () => setup.request('POST', '/svc/orchestration/workflows/checkout', ready.body),
  };
}

describe('checkouts and billing runs killed at random instants', () => {
  it(`recovers ${KILLS} kills with the books equal`, async () => {
    // How long an unkilled run of each kind takes here: the kill lands anywhere within it.
    const spans = { checkout: 0, billing: 0 };
    for (const kind of ['checkout', 'billing'] as const) {
      await setup.running();
      const run = kind === 'checkout' ? await checkout(0) : await billingRun(3);
      const started = Date.now();
      await run.start();
      await waitFor('the unkilled run', async () => ended(await setup.run(run.id)));
      spans[kind] = Date.now() - started;
      runs.push({ id: run.id, kind });
    }

    for (let n = 1; n <= KILLS; n++) {
      const kind = n % 2 === 0 ? 'billing' : 'checkout';
      await setup.running();
      const run = kind === 'checkout' ? await checkout(n) : await billingRun(3 + (n % 20));
      runs.push({ id: run.id, kind });
      void run.start().catch(() => undefined);
      await pause(Math.random() * spans[kind] * 1.2);
      await stop(setup.current!, 'SIGKILL');
      await setup.started();
      await waitFor(`run ${run.id} to end`, async () => ended(await setup.run(run.id)));
    }

    for (const { id, kind } of runs) {
      const run = (await setup.run(id))!;
      // A billing run always completes; a checkout completes or fails with its own reason
      // (the amount did not match), never a lost answer.
      if (kind === 'billing') expect(run.status, JSON.stringify(run.error)).toBe('SUCCESS');
      else if (run.status === 'ERROR') expect(run.error?.statusCode).toBe(400);
    }
    for (const orderId of orders) {
      const order = await setup.get<Order>(`/svc/order/api/v1/orders/${orderId}`);
      expect(['processed', 'attempt_failed']).toContain(order.paymentStatus);
    }

    await setup.stopAll();
    const db = await setup.open();
    try {
      const books = await readBooks(db, users);
      expect(differences(books)).toEqual([]);
      // One charge per order, one intent per checkout: nothing taken twice.
      expect(books.intents).toHaveLength(users.length);
    } finally {
      if (!setup.database) await db.close();
    }
    process.stdout.write(
      `payment random kills: ${KILLS} kills, ${runs.length} runs, 0 differences\n`,
    );
  }, 3_600_000);
});
