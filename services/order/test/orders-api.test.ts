import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DATE_FILTER_MESSAGE,
  ORDER_LIST_COUNT_CAP,
  orderContract,
  type Order,
} from '@pawfresh/contracts/order';
import { sql } from '@pawfresh/db/orm';
import { fuzzContract, harnessForFile, messagesOf, serviceAuth } from '@pawfresh/testing';
import {
  createOrder,
  elsewhere,
  eventually,
  harness,
  mealItem,
  melbourneAddress,
  newOrder,
  newSubscription,
} from './harness.js';

const h = harnessForFile(harness);

describe('POST /orders', () => {
  it('creates an order with its dates, depot, totals and first event', async () => {
    const res = await h.call('POST', '/api/v1/orders', newOrder({ cartNote: 'Gate code 1234' }));
    expect(res.statusCode).toBe(201);
    const order = res.json<Order>();
    expect(order).toMatchObject({
      depotCode: 'MEL',
      facilityId: 1,
      deliveryDate: '2026-11-20',
      makeDate: '2026-11-19',
      billingDate: '2026-11-17',
      billingCutoffDate: '2026-11-16',
      // 5pm in Melbourne (AEDT, UTC+11)
      cutoffAt: '2026-11-16T06:00:00.000Z',
      totalPrice: 875 * 7 + 1000 * 7,
      totalCharge: 875 * 7 + 1000 * 7,
      paymentStatus: 'pending',
      displayType: 'FUTURE',
      fulfilmentStatus: 'pending',
      rebalancingStatus: 'not_applicable',
      cartNote: 'Gate code 1234',
      version: 1,
      metadata: { legacyOrderId: null, isCancelled: false, isOnHold: false },
    });
    expect(order.address).toMatchObject({ ...melbourneAddress, timezone: 'Australia/Melbourne' });
    expect(order.orderLineItems).toHaveLength(2);
    const events = await h.call('GET', `/api/v1/orders/${order.id}/events`);
    expect(events.json()).toMatchObject([{ action: 'order_created', orderId: order.id }]);
  });

  it('takes a given depot and facility, and refuses a facility that does not supply the depot', async () => {
    const perth = await createOrder(h, {
      depotCode: 'PER',
      facilityId: 2,
      address: { ...melbourneAddress, suburb: 'Perth', state: 'WA', postcode: '6000' },
    });
    expect(perth).toMatchObject({ depotCode: 'PER', makeDate: '2026-11-16' });
    const wrong = await h.call(
      'POST',
      '/api/v1/orders',
      newOrder({ depotCode: 'PER', facilityId: 1 }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(messagesOf(wrong)).toEqual(['Facility 1 does not supply depot PER']);
    const half = await h.call('POST', '/api/v1/orders', newOrder({ depotCode: 'PER' }));
    expect(messagesOf(half)).toEqual(['Send depotCode and facilityId together, or neither']);
  });

  it('refuses a delivery whose cut-off has passed (409), and a postcode the courier does not cover', async () => {
    const late = await h.call('POST', '/api/v1/orders', newOrder({ deliveryDate: '2026-11-06' }));
    expect(late.statusCode).toBe(409);
    expect(messagesOf(late)[0]).toMatch(/^Too late for a delivery on 2026-11-06 \(PM\)/);
    const nowhere = await h.call(
      'POST',
      '/api/v1/orders',
      newOrder({ address: { ...melbourneAddress, postcode: '0000' } }),
    );
    expect(nowhere.statusCode).toBe(404);
  });

  it('refuses bad input with messages a person can act on', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ userId: 'nope' }, 'userId must be a valid UUID'],
      [{ deliveryDate: '20-11-2026' }, 'Invalid date format. Expected YYYY-MM-DD.'],
      [{ orderLineItems: [] }, 'An order needs at least 1 line item'],
      [
        { orderLineItems: [mealItem(-1)] },
        'price must be a whole number of cents from 0 to 2147483647',
      ],
      [{ orderLineItems: [mealItem(100, 0)] }, 'quantity must be a whole number of at least 1'],
      [{ legacyOrderId: 2147483648 }, 'legacyOrderId must be a whole number from 1 to 2147483647'],
      [{ address: { ...melbourneAddress, postcode: '31' } }, 'postcode must be 4 digits'],
      [
        { orderLineItems: [{ ...mealItem(1000), discountedPrice: 1001 }] },
        'orderLineItems[0].discountedPrice (1001) must not be more than its price (1000)',
      ],
    ];
    for (const [override, message] of cases) {
      const res = await h.call('POST', '/api/v1/orders', newOrder(override));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(messagesOf(res)).toContain(message);
    }
    const unknown = await h.call('POST', '/api/v1/orders', { ...newOrder(), colour: 'red' });
    expect(unknown.statusCode).toBe(400);
  });

  it('refuses totals past the 32-bit ceiling', async () => {
    const res = await h.call(
      'POST',
      '/api/v1/orders',
      newOrder({ orderLineItems: [mealItem(2147483647, 2)] }),
    );
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)).toContain(
      'Order totalPrice must be a whole number of cents from 0 to 2147483647',
    );
  });

  it('keeps legacy ids unique and finds orders by them', async () => {
    const legacy = await createOrder(h, { legacyOrderId: 2147483647, deliveryDate: '2026-06-05' });
    expect(legacy.metadata.legacyOrderId).toBe(2147483647);
    const again = await h.call('POST', '/api/v1/orders', newOrder({ legacyOrderId: 2147483647 }));
    expect(again.statusCode).toBe(409);
    const found = await h.call('GET', '/api/v1/orders/lookup/by-legacy-id/2147483647');
    expect(found.json()).toMatchObject({ id: legacy.id });
    expect((await h.call('GET', '/api/v1/orders/lookup/by-legacy-id/77')).statusCode).toBe(404);
    const tooBig = await h.call('GET', '/api/v1/orders/lookup/by-legacy-id/2147483648');
    expect(tooBig.statusCode).toBe(400);
    expect(messagesOf(tooBig)).toEqual([
      'legacyOrderId must be a whole number from 1 to 2147483647',
    ]);
  });
});

describe('GET /orders/{orderId}', () => {
  it('answers 404 for an unknown order and 400 for a bad id', async () => {
    const missing = randomUUID();
    const res = await h.call('GET', `/api/v1/orders/${missing}`);
    expect(res.statusCode).toBe(404);
    expect(messagesOf(res)).toEqual([`Order ${missing} not found`]);
    expect(messagesOf(await h.call('GET', '/api/v1/orders/nope'))).toEqual([
      'orderId must be a valid UUID',
    ]);
  });

  it('needs the service credentials', async () => {
    const res = await h.call('GET', `/api/v1/orders/${randomUUID()}`, undefined, {});
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /orders', () => {
  const userId = randomUUID();
  let subscriptionId: string;
  let made: Order[];
  beforeAll(async () => {
    ({ subscriptionId } = await newSubscription(h, userId));
    made = [];
    // Text PostgreSQL must escape as JSON.stringify does, a bundle, an address's optional fields.
    const odd = {
      cartNote: 'Say "hi" \\ to\nthe\tdog \u0001 — café 🐕',
      deliveryNote: "Leave it by the gate's </script>",
      address: { ...melbourneAddress, address2: 'Unit "B"', companyName: 'Dog & Co' },
      orderLineItems: [
        mealItem(875, 7),
        {
          productId: randomUUID(),
          bundleId: randomUUID(),
          price: 2990,
          quantity: 1,
          bundleLineItems: [
            { productId: randomUUID(), quantity: 2, price: 1000 },
            { productId: randomUUID(), productVariantId: randomUUID(), quantity: 1, price: 990 },
          ],
        },
      ],
    };
    for (const [i, deliveryDate] of ['2026-11-27', '2026-11-20', '2026-12-04'].entries()) {
      made.push(
        await createOrder(h, {
          userId,
          subscriptionId,
          subscriptionOrderIndex: i,
          deliveryDate,
          ...(i === 0 ? odd : {}),
        }),
      );
    }
  });

  it('filters by customer and subscription, sorts by id or delivery date, pages', async () => {
    const byUser = await h.call('GET', `/api/v1/orders?userId=${userId}`);
    expect(byUser.json()).toMatchObject({
      meta: { total: 3, totalCapped: false, offset: 0, limit: 100 },
    });
    expect(byUser.json<{ data: Order[] }>().data.map((o) => o.id)).toEqual(made.map((o) => o.id));
    const byDate = await h.call(
      'GET',
      `/api/v1/orders?subscriptionId=${subscriptionId}&orderBy=deliveryDate&direction=DESC`,
    );
    expect(byDate.json<{ data: Order[] }>().data.map((o) => o.deliveryDate)).toEqual([
      '2026-12-04',
      '2026-11-27',
      '2026-11-20',
    ]);
    const page = await h.call('GET', `/api/v1/orders?userId=${userId}&offset=1&limit=1`);
    expect(page.json()).toMatchObject({ meta: { total: 3, offset: 1, limit: 1 } });
    expect(page.json<{ data: Order[] }>().data.map((o) => o.id)).toEqual([made[1]!.id]);
  });

  it('finds one order by its number (the back office search); 400 for a number that is not one', async () => {
    const wanted = made[2]!;
    const byNumber = await h.call('GET', `/api/v1/orders?orderNumber=${wanted.orderNumber}`);
    expect(byNumber.json<{ data: Order[] }>().data.map((o) => o.id)).toEqual([wanted.id]);
    const none = await h.call('GET', '/api/v1/orders?orderNumber=2147483647');
    expect(none.json()).toMatchObject({ data: [], meta: { total: 0 } });
    for (const bad of ['0', '-1', '1.5', 'abc', '2147483648']) {
      const res = await h.call('GET', `/api/v1/orders?orderNumber=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(messagesOf(res)).toEqual(['orderNumber must be a whole number from 1 to 2147483647']);
    }
  });

  it('lists each order exactly as reading it alone answers it', async () => {
    const discounted = await h.call('POST', `/api/v1/orders/${made[0]!.id}/discounts`, {
      discountId: randomUUID(),
      name: 'Ten off',
      interval: 'recurring',
    });
    expect(discounted.statusCode).toBe(201);
    const listed = await h.call('GET', `/api/v1/orders?userId=${userId}`);
    const alone = await Promise.all(
      made.map(async (o) => await h.call('GET', `/api/v1/orders/${o.id}`)),
    );
    const first = alone[0]!.json<Order>();
    expect(first.discounts).toHaveLength(1);
    expect(first.orderLineItems[1]!.bundleLineItems).toHaveLength(2);
    expect(first.cartNote).toContain('"hi"');
    expect(listed.json<{ data: Order[] }>().data).toEqual(alone.map((a) => a.json<Order>()));
    // The list is written by PostgreSQL (ADR 012), an order alone by JSON.stringify: same bytes.
    expect(listed.body).toContain(`"data":[${alone.map((a) => a.body).join(',')}]`);
  });

  it('lists an order as it is now, however it was changed since the last list', async () => {
    const list = async () =>
      (await h.call('GET', `/api/v1/orders?userId=${userId}`)).json<{ data: Order[] }>().data;
    const before = await list();
    expect(before.map((o) => o.id)).toEqual(made.map((o) => o.id));
    // Through the service…
    const patched = await h.call('PATCH', `/api/v1/orders/${made[1]!.id}`, {
      deliveryNote: 'Side door',
    });
    expect(patched.statusCode).toBe(200);
    expect((await list())[1]!.deliveryNote).toBe('Side door');
    // …and behind its back: a line item and a discount written straight into the tables (by
    // another connection on PostgreSQL, seen once its notification arrives: ADR 008).
    await elsewhere(
      h,
      `update "order"."line_items" set quantity = quantity + 5 where order_id = '${made[2]!.id}'`,
    );
    await elsewhere(
      h,
      `insert into "order"."order_discounts" (id, order_id, discount_id, discount_index, name,
         interval, currency_code)
       values (gen_random_uuid(), '${made[2]!.id}', gen_random_uuid(), 0, 'By hand', 'once-off', 'AUD')`,
    );
    const after = await eventually(h, list, (items) =>
      items[2]!.discounts.some((d) => d.name === 'By hand'),
    );
    expect(after[2]!.orderLineItems.map((i) => i.quantity)).toEqual(
      before[2]!.orderLineItems.map((i) => i.quantity + 5),
    );
    expect(after[2]!.discounts.map((d) => d.name)).toContain('By hand');
    const alone = await h.call('GET', `/api/v1/orders/${made[2]!.id}`);
    expect(after[2]).toEqual(alone.json());
    // The customer's other orders are as they were.
    expect(after[0]).toEqual(before[0]);
  });

  it('filters by billing date or range in a time zone, and by payment status', async () => {
    const one = await h.call(
      'GET',
      `/api/v1/orders?userId=${userId}&billingDate=2026-11-24&timezone=Australia/Melbourne`,
    );
    expect(one.json<{ data: Order[] }>().data.map((o) => o.deliveryDate)).toEqual(['2026-11-27']);
    const range = await h.call(
      'GET',
      `/api/v1/orders?userId=${userId}&billingDateRangeStart=2026-11-17&billingDateRangeEnd=2026-11-24&timezone=Australia/Melbourne`,
    );
    expect(range.json()).toMatchObject({ meta: { total: 2 } });
    const sydney = await h.call(
      'GET',
      `/api/v1/orders?userId=${userId}&billingDate=2026-11-24&timezone=Australia/Sydney`,
    );
    expect(sydney.json()).toMatchObject({ meta: { total: 0 } });
    const processed = await h.call('GET', `/api/v1/orders?userId=${userId}&status=processed`);
    expect(processed.json()).toMatchObject({ meta: { total: 0 } });
  });

  it('counts a long list only so far past the page start (totalCapped)', async () => {
    const many = randomUUID();
    const first = await createOrder(h, { userId: many });
    // Copies of one order, straight into the table: ten thousand creates would take minutes.
    const copies = ORDER_LIST_COUNT_CAP + 50;
    const columns = sql.raw(
      `user_id, billing_date, billing_cutoff_date, cutoff_at, make_date, delivery_date, timezone,
       total_price, total_charge, expected_delivery_slot_id, address, depot_code, facility_id,
       created_at, updated_at`,
    );
    await h.database.forSchema({}).execute(
      sql`insert into "order"."orders" (id, ${columns})
          select gen_random_uuid(), ${columns} from "order"."orders", generate_series(1, ${copies})
          where id = ${first.id}`,
    );
    const list = async (qs: string) => {
      const res = await h.call('GET', `/api/v1/orders?userId=${many}&${qs}`);
      expect(res.statusCode, qs).toBe(200);
      const { data, meta } = res.json<{ data: Order[]; meta: { total: number } }>();
      return { ...meta, ids: data.map((o) => o.id) };
    };
    const start = await list('limit=2');
    expect(start).toMatchObject({ total: ORDER_LIST_COUNT_CAP, totalCapped: true });
    expect(start.ids[0]).toBe(first.id);
    expect(await list('limit=0')).toMatchObject({
      total: ORDER_LIST_COUNT_CAP,
      totalCapped: true,
    });
    // Counted up to offset + the cap: near the end, the whole list is counted.
    const end = await list('offset=10040&limit=100');
    expect(end).toMatchObject({ total: copies + 1, totalCapped: false });
    expect(end.ids).toHaveLength(copies + 1 - 10040);
    expect(await list('offset=20000')).toMatchObject({
      ids: [],
      total: copies + 1,
      totalCapped: false,
    });
  });

  it('answers the §5 message when neither date form is complete', async () => {
    for (const qs of [
      'billingDate=2026-11-24',
      'timezone=Australia/Sydney',
      'billingDateRangeStart=2026-11-01&timezone=Australia/Sydney',
      'billingDateRangeStart=2026-11-01&billingDateRangeEnd=2026-11-30',
      'billingDate=2026-11-24&billingDateRangeStart=2026-11-01&billingDateRangeEnd=2026-11-30&timezone=Australia/Sydney',
    ]) {
      const res = await h.call('GET', `/api/v1/orders?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(messagesOf(res)).toEqual([DATE_FILTER_MESSAGE]);
    }
  });

  it('keeps to the paging limits', async () => {
    expect(messagesOf(await h.call('GET', '/api/v1/orders?limit=101'))).toEqual([
      'limit must be a whole number from 0 to 100',
    ]);
    expect(messagesOf(await h.call('GET', '/api/v1/orders?offset=-1'))).toEqual([
      'offset must be a whole number of at least 0',
    ]);
    expect(messagesOf(await h.call('GET', '/api/v1/orders?orderBy=price'))).toEqual([
      'orderBy must be id or deliveryDate',
    ]);
    const none = await h.call('GET', `/api/v1/orders?userId=${userId}&limit=0`);
    expect(none.json()).toMatchObject({ data: [], meta: { total: 3, limit: 0 } });
  });
});

describe('PATCH /orders/{orderId}, PUT, PATCH /orders/batch', () => {
  it('moves the delivery date with its dates, and records what changed', async () => {
    const order = await createOrder(h);
    const res = await h.call('PATCH', `/api/v1/orders/${order.id}`, {
      deliveryDate: '2026-11-27',
      expectedDeliverySlotId: 'AM',
      deliveryNote: 'Side gate',
      updatedBy: 'staff:casey',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      deliveryDate: '2026-11-27',
      expectedDeliverySlotId: 'AM',
      makeDate: '2026-11-25',
      billingDate: '2026-11-23',
      billingCutoffDate: '2026-11-22',
      deliveryNote: 'Side gate',
      version: 2,
    });
    const events = (await h.call('GET', `/api/v1/orders/${order.id}/events`)).json<
      { action: string; previousValue: string; currentValue: string; createdBy: string }[]
    >();
    expect(events.slice(1)).toMatchObject([
      {
        action: 'delivery_date_updated',
        previousValue: '2026-11-20 PM',
        currentValue: '2026-11-27 AM',
        createdBy: 'staff:casey',
      },
      { action: 'order_updated', previousValue: null, currentValue: 'Side gate' },
    ]);
  });

  it('refuses a stale version with a 409, and a move to a date whose cut-off has passed', async () => {
    const order = await createOrder(h);
    const stale = await h.call('PATCH', `/api/v1/orders/${order.id}`, {
      version: 7,
      cartNote: 'x',
    });
    expect(stale.statusCode).toBe(409);
    expect(messagesOf(stale)[0]).toMatch(/has changed since version 7 \(it is at version 1\)/);
    const late = await h.call('PATCH', `/api/v1/orders/${order.id}`, {
      deliveryDate: '2026-11-05',
    });
    expect(late.statusCode).toBe(409);
    expect((await h.call('GET', `/api/v1/orders/${order.id}`)).json()).toMatchObject({
      version: 1,
    });
  });

  it('loses no update when changes to one order arrive together', async () => {
    const order = await createOrder(h);
    const fields = ['cartNote', 'deliveryNote', 'deliveryContactNumber'] as const;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        h.call('PATCH', `/api/v1/orders/${order.id}`, { [fields[i % 3]!]: `value ${i}` }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const after = (await h.call('GET', `/api/v1/orders/${order.id}`)).json<Order>();
    expect(after.version).toBe(7);
    const events = (await h.call('GET', `/api/v1/orders/${order.id}/events`)).json<unknown[]>();
    expect(events).toHaveLength(7);
    const versioned = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        h.call('PATCH', `/api/v1/orders/${order.id}`, { version: 7, cartNote: `once ${i}` }),
      ),
    );
    expect(versioned.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
  });

  it('still answers the deprecated PUT, marked deprecated in the OpenAPI document', async () => {
    const order = await createOrder(h);
    const res = await h.call('PUT', `/api/v1/orders/${order.id}`, { cartNote: 'old client' });
    expect(res.json()).toMatchObject({ cartNote: 'old client', version: 2 });
    const doc = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, { deprecated?: boolean }>>;
    }>();
    expect(doc.paths['/api/v1/orders/{orderId}']!.put!.deprecated).toBe(true);
    expect(doc.paths['/api/v1/orders/{orderId}']!.patch!.deprecated).toBeUndefined();
  });

  it('changes a batch all together or not at all', async () => {
    const a = await createOrder(h);
    const b = await createOrder(h);
    const ok = await h.call('PATCH', '/api/v1/orders/batch', {
      orders: [
        { id: a.id, isOnHold: true },
        { id: b.id, shipmentId: randomUUID(), shipmentStatus: 'pending' },
      ],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<Order[]>().map((o) => o.version)).toEqual([2, 2]);
    const missing = randomUUID();
    const refused = await h.call('PATCH', '/api/v1/orders/batch', {
      orders: [
        { id: a.id, cartNote: 'never saved' },
        { id: missing, cartNote: 'x' },
      ],
    });
    expect(refused.statusCode).toBe(404);
    expect((await h.call('GET', `/api/v1/orders/${a.id}`)).json()).toMatchObject({
      cartNote: null,
      version: 2,
    });
    expect(messagesOf(await h.call('PATCH', '/api/v1/orders/batch', { orders: [] }))).toEqual([
      'Send at least 1 order to change',
    ]);
  });
});

describe('contract fuzzing', () => {
  it('answers odd input with a 4xx in the envelope, never a 500', async () => {
    const problems = await fuzzContract(h.app, orderContract, serviceAuth, 15);
    expect(problems).toEqual([]);
  }, 180_000);
});
