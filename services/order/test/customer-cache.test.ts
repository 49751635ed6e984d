import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Order } from '@pawfresh/contracts/order';
import { sql } from '@pawfresh/db/orm';
import { DEMO_CUSTOMER_ID, SECOND_CUSTOMER_ID } from '../src/seed/demo-orders.js';
import { seedDemoOrders } from '../src/seed/seed-demo-orders.js';
import { harness, type Harness } from './harness.js';

// docs/orders.md "Customer answers kept in memory" and ADR 008: the deliveries page is kept per
// customer revision and local day; a write made behind the service's back (another process, raw
// SQL) must show on the next answers. Switching off the revision bump makes this file fail.

let h: Harness;
beforeAll(async () => {
  h = await harness();
  await seedDemoOrders(h.database, h.clock);
});
afterAll(async () => h?.close());

type Deliveries = Record<'pastOrders' | 'currentOrders' | 'futureOrders' | 'failedOrders', Order[]>;
const deliveries = async (customerId: string) => {
  const res = await h.call('GET', `/api/v1/orders/customers/${customerId}/deliveries`);
  expect(res.statusCode).toBe(200);
  return res.json<Deliveries>();
};

/** Runs SQL as another process would: its own connection on PostgreSQL, raw SQL on PGlite. */
async function elsewhere(query: string) {
  if (h.database.kind === 'pglite') {
    await h.database.forSchema({}).execute(sql.raw(query));
    return;
  }
  const client = new pg.Client({ connectionString: await h.database.wireUrl() });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * The answer a check wants, within 2 s: on PGlite the notification is heard before the write
 * returns (the first answer must show it); from another PostgreSQL connection it travels first.
 */
async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 2_000;
  let value = await read();
  while (!ok(value) && h.database.kind === 'postgres' && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}

describe("a customer's deliveries page kept in memory", () => {
  it('shows an order changed behind its back, and only that customer is rebuilt', async () => {
    const before = await deliveries(DEMO_CUSTOMER_ID);
    const future = before.futureOrders.at(-1)!;
    expect(await deliveries(DEMO_CUSTOMER_ID)).toEqual(before);
    const alex = await deliveries(SECOND_CUSTOMER_ID);

    await elsewhere(
      `update "order"."orders" set payment_status = 'attempt_failed' where id = '${future.id}'`,
    );
    const after = await eventually(
      () => deliveries(DEMO_CUSTOMER_ID),
      (d) => d.failedOrders.length === 1,
    );
    expect(after.failedOrders.map((o) => o.id)).toEqual([future.id]);
    expect(after.futureOrders.map((o) => o.id)).not.toContain(future.id);
    expect(await deliveries(SECOND_CUSTOMER_ID)).toEqual(alex);
  });

  it("shows a line item's change, which touches no order row", async () => {
    const order = (await deliveries(DEMO_CUSTOMER_ID)).futureOrders[0]!;
    const item = order.orderLineItems[0]!;
    await elsewhere(`update "order"."line_items" set quantity = 99 where id = '${item.id}'`);
    const after = await eventually(
      () => deliveries(DEMO_CUSTOMER_ID),
      (d) => d.futureOrders[0]!.orderLineItems[0]!.quantity === 99,
    );
    expect(after.futureOrders[0]!.orderLineItems[0]!.quantity).toBe(99);
  });

  it('shows a change made through the service at once, in this process', async () => {
    const order = (await deliveries(DEMO_CUSTOMER_ID)).futureOrders[1]!;
    const res = await h.call('PATCH', `/api/v1/orders/${order.id}/payment-status`, {
      paymentStatus: 'processing',
    });
    expect(res.statusCode).toBe(200);
    const after = await deliveries(DEMO_CUSTOMER_ID);
    expect(after.futureOrders.find((o) => o.id === order.id)?.paymentStatus).toBe('processing');
  });

  it('moves orders between lists when a new day starts in their zone, with no write', async () => {
    const before = await deliveries(DEMO_CUSTOMER_ID);
    const current = before.currentOrders[0]!;
    h.clock.set(new Date(Date.parse(`${current.deliveryDate}T00:00:00+11:00`) + 4 * 86_400_000));
    const after = await deliveries(DEMO_CUSTOMER_ID);
    expect(after).not.toEqual(before);
    expect(after.currentOrders.map((o) => o.id)).not.toContain(current.id);
  });
});
