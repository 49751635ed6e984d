import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@pawfresh/contracts/order';
import { DEMO_CUSTOMER_ID, SECOND_CUSTOMER_ID } from '../src/seed/demo-orders.js';
import { seedDemoOrders } from '../src/seed/seed-demo-orders.js';
import { elsewhere, eventually, harness, type Harness } from './harness.js';
import { sql } from '@pawfresh/db/orm';

// docs/orders.md "Customer answers kept in memory" and ADR 008: the deliveries page is kept per
// customer revision and local day, a staff list page while no customer's orders changed and per
// local day; a write made behind the service's back (another process, raw SQL) must show on the
// next answers. Switching off the revision bump makes this file fail.

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

describe("a customer's deliveries page kept in memory", () => {
  it('shows an order changed behind its back, and only that customer is rebuilt', async () => {
    const before = await deliveries(DEMO_CUSTOMER_ID);
    const future = before.futureOrders.at(-1)!;
    expect(await deliveries(DEMO_CUSTOMER_ID)).toEqual(before);
    const alex = await deliveries(SECOND_CUSTOMER_ID);

    await elsewhere(
      h,
      `update "order"."orders" set payment_status = 'attempt_failed' where id = '${future.id}'`,
    );
    const after = await eventually(
      h,
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
    await elsewhere(h, `update "order"."line_items" set quantity = 99 where id = '${item.id}'`);
    const after = await eventually(
      h,
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

// The staff list (`GET /orders`): a page is answered from memory while no customer's orders
// changed; any write to any order, even of a customer not on the page, must show on it.
describe('staff list pages kept in memory', () => {
  const staffPage = async (qs: string) => {
    const res = await h.call('GET', `/api/v1/orders?${qs}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Order[]; meta: { total: number } }>();
  };
  const someOrder = async () => (await staffPage(`userId=${DEMO_CUSTOMER_ID}`)).data.at(-1)!;
  /** The zone of Sam's depot (MEL), where his orders' billing dates are. */
  const zone = 'Australia/Melbourne';

  it("shows a new order of a customer not on the page that matches the page's filter", async () => {
    const order = await someOrder();
    const qs = `billingDate=${order.billingDate}&timezone=${zone}`;
    const before = await staffPage(qs);
    expect(before.data.map((o) => o.id)).toContain(order.id);
    expect(await staffPage(qs)).toEqual(before);
    const newcomer = randomUUID();
    const columns = `billing_date, billing_cutoff_date, cutoff_at, make_date, delivery_date,
      timezone, total_price, total_charge, expected_delivery_slot_id, address, depot_code,
      facility_id, created_at, updated_at`;
    await elsewhere(
      h,
      `insert into "order"."orders" (id, user_id, ${columns})
       select gen_random_uuid(), '${newcomer}', ${columns} from "order"."orders"
       where id = '${order.id}'`,
    );
    const after = await eventually(
      h,
      () => staffPage(qs),
      (p) => p.meta.total === before.meta.total + 1,
    );
    expect(after.meta.total).toBe(before.meta.total + 1);
    expect(after.data.map((o) => o.userId)).toContain(newcomer);
  });

  it('shows an order whose payment status moved it into the filter', async () => {
    const order = await someOrder();
    const status = order.paymentStatus === 'attempt_failed' ? 'processing' : 'attempt_failed';
    const qs = `status=${status}&billingDateRangeStart=${order.billingDate}&billingDateRangeEnd=${order.billingDate}&timezone=${zone}`;
    const before = await staffPage(qs);
    expect(before.data.map((o) => o.id)).not.toContain(order.id);
    await elsewhere(
      h,
      `update "order"."orders" set payment_status = '${status}' where id = '${order.id}'`,
    );
    const after = await eventually(
      h,
      () => staffPage(qs),
      (p) => p.meta.total === before.meta.total + 1,
    );
    expect(after.data.map((o) => o.id)).toContain(order.id);
  });

  it("moves an order's display type when a new day starts in its zone, with no write", async () => {
    const qs = `userId=${DEMO_CUSTOMER_ID}`;
    const before = await staffPage(qs);
    const future = before.data.find((o) => o.displayType === 'FUTURE')!;
    h.clock.set(new Date(Date.parse(`${future.deliveryDate}T00:00:00+11:00`) + 4 * 86_400_000));
    const after = await staffPage(qs);
    const moved = after.data.find((o) => o.id === future.id)!;
    expect(moved.displayType).not.toBe('FUTURE');
    expect({ ...moved, displayType: 'FUTURE' }).toEqual(future);
  });
});

describe("a customer's revision", () => {
  const db = () => h.database.forSchema({});
  const revision = async () => {
    const res = await db().execute(
      sql.raw(
        `select revision from "order"."customer_revisions" where user_id = '${DEMO_CUSTOMER_ID}'`,
      ),
    );
    return Number((res as unknown as { rows: { revision: string }[] }).rows[0]!.revision);
  };
  const anOrder = async () => (await deliveries(DEMO_CUSTOMER_ID)).futureOrders[0]!;

  it('moves once a transaction however many of its statements touch the customer', async () => {
    const order = await anOrder();
    const item = order.orderLineItems[0]!;
    const at = await revision();
    await db().transaction(async (tx) => {
      await tx.execute(
        sql.raw(`update "order"."orders" set delivery_note = 'Side gate' where id = '${order.id}'`),
      );
      await tx.execute(
        sql.raw(`update "order"."line_items" set quantity = 7 where id = '${item.id}'`),
      );
    });
    expect(await revision()).toBe(at + 1);
    // The next transaction moves it again, a line item alone too.
    await elsewhere(h, `update "order"."line_items" set quantity = 8 where id = '${item.id}'`);
    expect(await revision()).toBe(at + 2);
  });

  it('moves again after a savepoint that moved it, never one too few', async () => {
    const order = await anOrder();
    const item = order.orderLineItems[0]!;
    const at = await revision();
    await db().transaction(async (tx) => {
      await tx.transaction(async (inner) => {
        await inner.execute(
          sql.raw(`update "order"."orders" set delivery_note = 'Porch' where id = '${order.id}'`),
        );
      });
      await tx.execute(
        sql.raw(`update "order"."line_items" set quantity = 9 where id = '${item.id}'`),
      );
    });
    expect(await revision()).toBe(at + 2);
    // A savepoint rolled back takes its bump with it; the statement after bumps.
    const again = await revision();
    await db().transaction(async (tx) => {
      await tx
        .transaction(async (inner) => {
          await inner.execute(
            sql.raw(`update "order"."orders" set delivery_note = 'Shed' where id = '${order.id}'`),
          );
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await tx.execute(
        sql.raw(`update "order"."line_items" set quantity = 10 where id = '${item.id}'`),
      );
    });
    expect(await revision()).toBe(again + 1);
  });
});
