import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@pawfresh/contracts/order';
import { CrashServers, pause, settled, stop, waitFor } from './crash-server.js';
import { differences, readBooks } from './payment-books.js';
import { customerWithBox } from './server-box.js';
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
}, 180_000);
afterAll(async () => setup?.close());

const users: string[] = [];
const orders: string[] = [];
const runs: { id: string; kind: 'checkout' | 'billing' }[] = [];

/** A customer with a card and one box a few weeks ahead; its billing run's body. */
async function billingRun(weeks: number) {
  const { userId, order } = await customerWithBox(setup, weeks);
  users.push(userId);
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

/**
 * A guest's checkout; every fourth one is two sign-ups with one e-mail started together, so one of
 * them is refused — at its checks, or after its payment (the account is taken meanwhile), when it
 * gives the money back.
 */
async function checkout(n: number) {
  const captureMethod = n % 2 === 0 ? 'manual' : 'automatic';
  const ready = await readyCart(setup, { captureMethod });
  users.push(ready.userId);
  const twin =
    n % 4 === 3
      ? await readyCart(setup, { captureMethod, email: ready.body.userAddress.email })
      : undefined;
  if (twin) users.push(twin.userId);
  const post = (body: typeof ready.body) =>
    setup.request('POST', '/svc/orchestration/workflows/checkout', body);
  return {
    id: ready.body.workflowId,
    twin: twin?.body.workflowId,
    start: async () => {
      const [first] = await Promise.all([post(ready.body), twin && post(twin.body)]);
      return first;
    },
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
      await waitFor('the unkilled run', async () => settled(await setup.run(run.id)));
      spans[kind] = Date.now() - started;
      runs.push({ id: run.id, kind });
    }

    for (let n = 1; n <= KILLS; n++) {
      const kind = n % 2 === 0 ? 'billing' : 'checkout';
      await setup.running();
      const run = kind === 'checkout' ? await checkout(n) : await billingRun(3 + (n % 20));
      const twin = 'twin' in run ? (run.twin as string | undefined) : undefined;
      runs.push({ id: run.id, kind });
      if (twin) runs.push({ id: twin, kind });
      void run.start().catch(() => undefined);
      await pause(Math.random() * spans[kind] * 1.2);
      await stop(setup.current!, 'SIGKILL');
      await setup.started();
      // Killed before the request reached the engine: the caller asks again, with the same id.
      const asked = [run.id, ...(twin ? [twin] : [])];
      const lost = await Promise.all(asked.map(async (id) => !(await setup.run(id))));
      if (lost.some(Boolean)) void run.start().catch(() => undefined);
      for (const id of asked) {
        await waitFor(`run ${id} to end`, async () => settled(await setup.run(id)));
      }
    }

    for (const { id, kind } of runs) {
      const run = (await setup.run(id))!;
      // A billing run always completes; a checkout completes or fails with its own reason (its
      // twin took the e-mail), never a lost answer.
      if (kind === 'billing') expect(run.status, JSON.stringify(run.error)).toBe('SUCCESS');
      else if (run.status === 'ERROR')
        expect(run.error?.statusCode, JSON.stringify(run.error)).toBe(409);
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
