import { beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '@pawfresh/kit';
import type { CustomerOrder, Order } from '@pawfresh/contracts/order';
import type { CustomerDeliveryOptions, CustomerPaymentMethod } from '@pawfresh/contracts/account';
import type { Address } from '@pawfresh/contracts/fields';
import { callJson, catalogue, type Household, messagesOf } from '@pawfresh/testing';
import { customerGraph } from './customer-graph.js';

/**
 * The customer API's order changes and cards (customer-app.md §7) over HTTP, with every service
 * behind them real on one database. Each route is tried by two customers: another customer's
 * order, line item, address or card is a 404, and both customers' data is read back unchanged.
 */
const clock = new TestClock('2026-11-02T09:00:00.000Z');
const { services, apps, call, customer, readOrder } = customerGraph(clock);
const { down } = services;
let kit: Awaited<ReturnType<typeof catalogue>>;

beforeAll(async () => {
  await callJson(apps.product!, 'POST', '/api/v1/products/reset-by-seed-script');
  kit = await catalogue(apps.product!);
}, 180_000);

/** Each order's version: unchanged means nothing was written. */
const versions = async (home: Household<Order>) =>
  Promise.all(home.orders.map(async (o) => (await readOrder(o.id)).version));

describe('one-off extras on an order', () => {
  it('adds, updates and deletes an extra of the customer’s own order; another customer’s is a 404', async () => {
    const a = await customer();
    const b = await customer();
    const mine = a.home.orders[0]!;
    const theirs = b.home.orders[0]!;
    const treat = kit.treats[0]!;

    const added = await call(
      'POST',
      `/api/v1/order/${mine.id}/add-extra`,
      { subscriptionId: a.home.subscriptionId, productVariantId: treat.id, quantity: 2 },
      a.auth,
    );
    expect(added.statusCode, added.body).toBe(200);
    const order = added.json<CustomerOrder>();
    const line = order.orderLineItems.find((i) => i.productVariantId === treat.id)!;
    expect(line).toMatchObject({ quantity: 2, oneOff: true });

    const bBefore = await versions(b.home);
    for (const [path, body] of [
      [
        'add-extra',
        { subscriptionId: b.home.subscriptionId, productVariantId: treat.id, quantity: 1 },
      ],
      [
        'update-extra',
        {
          subscriptionId: b.home.subscriptionId,
          orderLineItemId: theirs.orderLineItems[0]!.id,
          quantity: 2,
        },
      ],
      [
        'delete-extra',
        { subscriptionId: b.home.subscriptionId, orderLineItemId: theirs.orderLineItems[0]!.id },
      ],
    ] as const) {
      const res = await call('POST', `/api/v1/order/${theirs.id}/${path}`, body, a.auth);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toEqual({ error: `Order ${theirs.id} not found` });
    }
    // B's subscription on A's order, and B's line item on A's order: not found either.
    const otherSub = await call(
      'POST',
      `/api/v1/order/${mine.id}/add-extra`,
      { subscriptionId: b.home.subscriptionId, productVariantId: treat.id, quantity: 1 },
      a.auth,
    );
    expect(otherSub.statusCode).toBe(404);
    const otherLine = await call(
      'POST',
      `/api/v1/order/${mine.id}/update-extra`,
      {
        subscriptionId: a.home.subscriptionId,
        orderLineItemId: theirs.orderLineItems[0]!.id,
        quantity: 2,
      },
      a.auth,
    );
    expect(otherLine.statusCode).toBe(404);
    expect(await versions(b.home)).toEqual(bBefore);

    const updated = await call(
      'POST',
      `/api/v1/order/${mine.id}/update-extra`,
      { subscriptionId: a.home.subscriptionId, orderLineItemId: line.id, quantity: 4 },
      a.auth,
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(
      updated.json<CustomerOrder>().orderLineItems.find((i) => i.id === line.id)!.quantity,
    ).toBe(4);
    const deleted = await call(
      'POST',
      `/api/v1/order/${mine.id}/delete-extra`,
      { subscriptionId: a.home.subscriptionId, orderLineItemId: line.id },
      a.auth,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json<CustomerOrder>().orderLineItems.map((i) => i.id)).toEqual([
      mine.orderLineItems[0]!.id,
    ]);
    expect(await versions(b.home)).toEqual(bBefore);
  });

  it('sets the extras with update-extras; another customer’s order is a 404', async () => {
    const a = await customer();
    const b = await customer();
    const [t1, t2] = kit.treats;
    const res = await call(
      'POST',
      '/api/v1/order/update-extras',
      {
        orderId: a.home.orders[1]!.id,
        extras: [
          { productVariantId: t1!.id, quantity: 1, extraType: 'treat', nthOrder: 1 },
          { productVariantId: t2!.id, quantity: 2 },
        ],
      },
      a.auth,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CustomerOrder>().orderLineItems).toHaveLength(3);
    const bBefore = await versions(b.home);
    const other = await call(
      'POST',
      '/api/v1/order/update-extras',
      { orderId: b.home.orders[0]!.id, extras: [] },
      a.auth,
    );
    expect(other.statusCode).toBe(404);
    expect(await versions(b.home)).toEqual(bBefore);
  });

  it('answers the order service’s 409 past the cut-off, and the spec’s words when it fails', async () => {
    const a = await customer();
    const order = a.home.orders[0]!;
    clock.set('2026-11-17T01:00:00.000Z');
    try {
      const late = await call(
        'POST',
        `/api/v1/order/${order.id}/add-extra`,
        { subscriptionId: a.home.subscriptionId, productVariantId: kit.treats[0]!.id, quantity: 1 },
        a.auth,
      );
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({
        error: 'Your box of Friday 20 November can no longer change: changes for it have closed',
      });
    } finally {
      clock.set('2026-11-02T09:00:00.000Z');
    }
    down.orchestration = true;
    try {
      const failed = await call(
        'POST',
        `/api/v1/order/${order.id}/add-extra`,
        { subscriptionId: a.home.subscriptionId, productVariantId: kit.treats[0]!.id, quantity: 1 },
        a.auth,
      );
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toEqual({ error: 'Failed to add one-off extra to order' });
      const del = await call(
        'POST',
        `/api/v1/order/${order.id}/delete-extra`,
        { subscriptionId: a.home.subscriptionId, orderLineItemId: order.orderLineItems[0]!.id },
        a.auth,
      );
      expect(del.json()).toEqual({ error: 'Failed to delete one-off order extra' });
    } finally {
      down.orchestration = false;
    }
  });
});

const street = (addressId: string) => ({
  addressId,
  address1: '7 Swan Street',
  city: 'Melbourne',
  countryCode: 'AU',
  state: 'VIC',
  deliveryInstructions: 'Side gate',
});

describe('POST /api/v1/subscriptions/update-order-delivery-date', () => {
  const move = (orderId: string, deliveryDate: string, auth: Record<string, string>) =>
    call(
      'POST',
      '/api/v1/subscriptions/update-order-delivery-date',
      { orderId, deliveryDate },
      auth,
    );

  it("moves the customer's own delivery through the workflow and answers the orders", async () => {
    const a = await customer();
    const b = await customer();
    const first = a.home.orders[0]!;
    const res = await move(first.id, '2026-11-24', a.auth);
    expect(res.statusCode, res.body).toBe(200);
    const { orders } = res.json<{ orders: CustomerOrder[] }>();
    expect(orders.map((o) => o.id).sort()).toEqual(a.home.orders.map((o) => o.id).sort());
    expect(orders.find((o) => o.id === first.id)).toMatchObject({ deliveryDate: '2026-11-24' });
    expect(await readOrder(first.id)).toMatchObject({
      deliveryDate: '2026-11-24',
      expectedDeliverySlotId: 'PM',
    });

    const aBefore = await versions(a.home);
    const bBefore = await versions(b.home);
    const other = await move(b.home.orders[0]!.id, '2026-11-24', a.auth);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: `Order ${b.home.orders[0]!.id} not found` });
    expect(await versions(a.home)).toEqual(aBefore);
    expect(await versions(b.home)).toEqual(bBefore);
  });

  it('answers a bad format, a day without deliveries and a date past its cut-off with 400s', async () => {
    const a = await customer();
    const order = a.home.orders[0]!;
    expect((await move(order.id, '24/11/2026', a.auth)).json()).toEqual({
      error: 'deliveryDate must be in YYYY-MM-DD format',
    });
    const sunday = await move(order.id, '2026-11-22', a.auth);
    expect(sunday.statusCode).toBe(400);
    expect(sunday.json()).toEqual({
      error:
        'We do not deliver to Richmond 3121 on Sunday 22 November in the afternoon. The next possible dates are Tuesday 24 November, Wednesday 25 November or Thursday 26 November.',
    });
    const late = await move(order.id, '2026-11-06', a.auth);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({
      error:
        'Too late for a delivery on Friday 6 November: changes for it have closed. The next possible dates are Saturday 7 November, Tuesday 10 November or Wednesday 11 November.',
    });
    expect((await readOrder(order.id)).version).toBe(order.version);
  });
});

describe('POST /api/v1/orders/{orderId}/delivery-info', () => {
  it('moves the address of this and every later order; another customer’s order is a 404', async () => {
    const a = await customer();
    const b = await customer();
    const first = a.home.orders[0]!;
    const res = await call(
      'POST',
      `/api/v1/orders/${first.id}/delivery-info`,
      {
        applyToFutureOrders: true,
        postcode: '3121',
        suburb: 'Richmond',
        address: street(first.address.addressId),
        date: { deliveryDate: '2026-11-21', deliverySlotId: 'PM' },
      },
      a.auth,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      orderId: first.id,
      updatedOrderIds: a.home.orders.map((o) => o.id),
      skippedOrders: [],
    });
    // The later boxes keep the fortnightly cadence from the new date (Saturdays, PM).
    const dates = ['2026-11-21', '2026-12-05', '2026-12-19'];
    for (const [n, o] of a.home.orders.entries()) {
      expect(await readOrder(o.id)).toMatchObject({
        deliveryDate: dates[n],
        address: { address1: '7 Swan Street' },
      });
    }
    // "All future boxes": the address is the customer's default one from now on.
    const address = await call('GET', '/api/v1/addresses/default', undefined, a.auth);
    expect(address.json<Address>()).toMatchObject({
      address1: '7 Swan Street',
      suburb: 'Richmond',
      postCode: '3121',
      deliveryInstructions: 'Side gate',
    });
    const bBefore = await versions(b.home);
    const other = await call(
      'POST',
      `/api/v1/orders/${b.home.orders[0]!.id}/delivery-info`,
      {
        applyToFutureOrders: true,
        postcode: '3121',
        suburb: 'Richmond',
        address: street(b.home.orders[0]!.address.addressId),
      },
      a.auth,
    );
    expect(other.statusCode).toBe(404);
    expect(await versions(b.home)).toEqual(bBefore);
  });

  it('box-only delivery instructions come back with the orders (GET /orders), for that box only', async () => {
    const a = await customer();
    const [first, second] = a.home.orders;
    const res = await call(
      'POST',
      `/api/v1/orders/${first!.id}/delivery-info`,
      {
        postcode: '3121',
        suburb: 'Richmond',
        address: { ...street(first!.address.addressId), deliveryInstructions: 'Ring twice' },
      },
      a.auth,
    );
    expect(res.statusCode, res.body).toBe(200);
    const orders = await call('GET', '/api/v1/orders', undefined, a.auth);
    expect(orders.statusCode).toBe(200);
    const all = Object.values(orders.json<Record<string, unknown>>()).flatMap((list) =>
      Array.isArray(list)
        ? (list as { id: string; address: { deliveryInstructions: unknown } }[])
        : [],
    );
    const instructionsOf = (id: string) =>
      all.find((o) => o.id === id)?.address.deliveryInstructions;
    expect(instructionsOf(first!.id)).toBe('Ring twice');
    expect(instructionsOf(second!.id)).not.toBe('Ring twice');
  });

  it('answers a bad date format, a day without deliveries and a date past its cut-off with 400s', async () => {
    const a = await customer();
    const order = a.home.orders[0]!;
    const info = (deliveryDate: string) =>
      call(
        'POST',
        `/api/v1/orders/${order.id}/delivery-info`,
        { postcode: '3121', suburb: 'Richmond', date: { deliveryDate, deliverySlotId: 'PM' } },
        a.auth,
      );
    expect((await info('2026/11/21')).json()).toEqual({
      error: 'deliveryDate must be in YYYY-MM-DD format',
    });
    expect((await info('2026-11-22')).json()).toEqual({
      error:
        'We do not deliver to Richmond 3121 on Sunday 22 November in the afternoon. The next possible dates are Tuesday 24 November, Wednesday 25 November or Thursday 26 November.',
    });
    const late = await info('2026-11-06');
    expect(late.statusCode).toBe(400);
    expect(messagesOf(late)[0]).toMatch(/next possible dates are Saturday 7 November/);
    expect((await readOrder(order.id)).version).toBe(order.version);
  });
});

describe('GET /api/v1/orders/{orderId}/delivery-options', () => {
  type Options = CustomerDeliveryOptions;
  const optionsOf = (orderId: string, auth: Record<string, string>) =>
    call('GET', `/api/v1/orders/${orderId}/delivery-options`, undefined, auth);

  it('gives each day and slot its own cut-off (an AM box is made a day earlier), in words', async () => {
    const a = await customer();
    const res = await optionsOf(a.home.orders[0]!.id, a.auth);
    expect(res.statusCode, res.body).toBe(200);
    const { days } = res.json<Options>();
    // Richmond 3121: Melbourne depot, Tuesday to Saturday, both slots; Sunday never offered.
    expect(days.map((d) => d.deliveryDate)).not.toContain('2026-11-22');
    const tuesday = days.find((d) => d.deliveryDate === '2026-11-24')!;
    expect(tuesday.dayInWords).toBe('Tuesday 24 November');
    expect(tuesday.slots).toEqual([
      // AM: made Sunday 22 → Saturday 21, billed Thursday 19, changes close Wednesday 18, 5pm.
      {
        deliverySlotId: 'AM',
        cutoffAt: '2026-11-18T06:00:00.000Z',
        changeBy: 'Wednesday 18 November, 5pm',
        accepted: true,
      },
      // PM: made Monday 23, billed Saturday 21, changes close Friday 20, 5pm.
      {
        deliverySlotId: 'PM',
        cutoffAt: '2026-11-20T06:00:00.000Z',
        changeBy: 'Friday 20 November, 5pm',
        accepted: true,
      },
    ]);
    // Friday 6 November's changes closed at 5pm today (Melbourne): offered as not accepted.
    const friday = days.find((d) => d.deliveryDate === '2026-11-06')!;
    expect(friday.slots.every((slot) => !slot.accepted)).toBe(true);
  });

  it('every day and slot it accepts is taken by delivery-info, and one it refuses is refused', async () => {
    const a = await customer();
    const order = a.home.orders[0]!;
    const { days } = (await optionsOf(order.id, a.auth)).json<Options>();
    const slots = days.flatMap((day) =>
      day.slots.map((slot) => ({ deliveryDate: day.deliveryDate, ...slot })),
    );
    const moveTo = (slot: { deliveryDate: string; deliverySlotId: 'AM' | 'PM' }) =>
      call(
        'POST',
        `/api/v1/orders/${order.id}/delivery-info`,
        {
          postcode: '3121',
          suburb: 'Richmond',
          date: { deliveryDate: slot.deliveryDate, deliverySlotId: slot.deliverySlotId },
        },
        a.auth,
      );
    const accepted = slots.filter((slot) => slot.accepted);
    expect(accepted.length).toBeGreaterThan(20);
    for (const slot of accepted) {
      const moved = await moveTo(slot);
      expect(moved.statusCode, `${slot.deliveryDate} ${slot.deliverySlotId}: ${moved.body}`).toBe(
        200,
      );
      expect(await readOrder(order.id)).toMatchObject({
        deliveryDate: slot.deliveryDate,
        expectedDeliverySlotId: slot.deliverySlotId,
        cutoffAt: slot.cutoffAt,
      });
    }
    const refused = slots.find((slot) => !slot.accepted)!;
    const before = (await readOrder(order.id)).version;
    const late = await moveTo(refused);
    expect(late.statusCode).toBe(400);
    expect((await readOrder(order.id)).version).toBe(before);
  });

  it("answers another customer's order as not found and changes nothing; a bad id is a 400", async () => {
    const a = await customer();
    const b = await customer();
    const theirs = b.home.orders[0]!;
    const bBefore = await versions(b.home);
    const other = await optionsOf(theirs.id, a.auth);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: `Order ${theirs.id} not found` });
    expect(await versions(b.home)).toEqual(bBefore);
    const bad = await optionsOf('not-an-id', a.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'orderId must be a valid UUID' });
  });

  it('offers nothing as accepted once the box itself has closed', async () => {
    const a = await customer();
    const order = a.home.orders[0]!;
    await callJson(apps.order!, 'PATCH', `/api/v1/orders/${order.id}/fulfilment-status`, {
      fulfilmentStatus: 'queued',
    });
    const { days } = (await optionsOf(order.id, a.auth)).json<Options>();
    expect(days.length).toBeGreaterThan(0);
    expect(days.flatMap((d) => d.slots).some((slot) => slot.accepted)).toBe(false);
  });
});

describe('PUT /api/v1/addresses/default with a date', () => {
  it("moves the customer's own orders from that date on, and no one else's", async () => {
    const a = await customer();
    const b = await customer();
    const bBefore = await versions(b.home);
    const res = await call(
      'PUT',
      '/api/v1/addresses/default',
      {
        address1: '7 Swan Street',
        suburb: 'Richmond',
        state: 'VIC',
        postCode: '3121',
        date: { deliveryDate: a.home.orders[1]!.deliveryDate, deliverySlotId: 'PM' },
      },
      a.auth,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [o0, o1, o2] = await Promise.all(a.home.orders.map((o) => readOrder(o.id)));
    expect([o0, o1, o2].map((o) => o!.address.address1)).toEqual([
      '12 Example Street',
      '7 Swan Street',
      '7 Swan Street',
    ]);
    const address = await call('GET', '/api/v1/addresses/default', undefined, a.auth);
    expect(address.json<Address>().address1).toBe('7 Swan Street');
    expect(await versions(b.home)).toEqual(bBefore);
  });
});

describe('POST /api/v1/payment-methods', () => {
  it('saves a test card as the default; another customer’s card cannot be chosen', async () => {
    const a = await customer();
    const b = await customer();
    const visa = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };
    const added = await call('POST', '/api/v1/payment-methods', { card: visa }, a.auth);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<CustomerPaymentMethod>()).toMatchObject({
      last4Digits: '4242',
      default: true,
      brand: 'visa',
    });
    const spare = await call(
      'POST',
      '/api/v1/payment-methods',
      { card: { ...visa, number: '5555555555554444' }, default: false },
      a.auth,
    );
    expect(spare.json<CustomerPaymentMethod>()).toMatchObject({
      last4Digits: '4444',
      default: false,
    });
    const bCard = await call('POST', '/api/v1/payment-methods', { card: visa }, b.auth);
    const stolen = await call(
      'PUT',
      '/api/v1/payment-methods/default',
      { paymentMethodId: bCard.json<CustomerPaymentMethod>().id },
      a.auth,
    );
    expect(stolen.statusCode).toBe(404);
    const list = async (auth: Record<string, string>) =>
      (await call('GET', '/api/v1/payment-methods', undefined, auth))
        .json<CustomerPaymentMethod[]>()
        .map((c) => [c.last4Digits, c.default]);
    expect(await list(a.auth)).toEqual([
      ['4242', true],
      ['4444', false],
    ]);
    expect(await list(b.auth)).toEqual([['4242', true]]);
    const bad = await call(
      'POST',
      '/api/v1/payment-methods',
      { paymentMethodId: 'card_1' },
      a.auth,
    );
    expect(bad.json()).toEqual({
      error: 'paymentMethodId must be a Stripe PaymentMethod id (pm_…)',
    });
  });
});
