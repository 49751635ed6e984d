import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryOptions, Order } from '@pawfresh/contracts/order';
import { formatDay } from '@pawfresh/contracts/calendar-dates';
import type { Address } from '@pawfresh/contracts/fields';
import type { PaymentMethod } from '@pawfresh/contracts/payment';
import type {
  DefaultAddressResult,
  OrderChangeResult,
  PaymentMethodResult,
} from '@pawfresh/contracts/orchestration-order-changes';
import { caller, callJson, household, messagesOf, RICHMOND } from '@pawfresh/testing';
import { harness, householdApps, readOrderOf, type Harness } from './harness.js';

let h: Harness;
const call = caller(() => h.app);

beforeAll(async () => {
  h = await harness();
});
afterAll(() => h?.close());
afterEach(() => {
  h.allUp();
  h.clock.set('2026-11-02T09:00:00.000Z');
});

const apps = () => householdApps(h);
const readOrder = (id: string) => readOrderOf(h, id);

const newStreet = {
  addressId: '00000000-0000-4000-8000-000000000000',
  address1: '7 Swan Street',
  address2: 'Unit 3',
  city: 'Melbourne',
  countryCode: 'AU',
  state: 'VIC',
  deliveryInstructions: 'Leave at the side gate',
};

describe('POST /workflows/update-order-delivery-date', () => {
  it('moves an order to a date the courier delivers, with its dates', async () => {
    const home = await household<Order>(apps(), 1);
    const order = home.orders[0]!;
    const res = await call('POST', '/workflows/update-order-delivery-date', {
      orderId: order.id,
      userId: home.userId,
      deliveryDate: '2026-11-24',
      deliverySlotId: 'AM',
    });
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json<OrderChangeResult>().orders[0]!;
    // Tuesday AM from Melbourne's kitchen: made Sunday → Saturday 21, cut off Wednesday 18.
    expect(moved).toMatchObject({
      deliveryDate: '2026-11-24',
      expectedDeliverySlotId: 'AM',
      makeDate: '2026-11-21',
      billingCutoffDate: '2026-11-18',
    });
    expect(await readOrder(order.id)).toMatchObject({ version: moved.version });
  });

  it('refuses a day the courier does not deliver, or one past its cut-off, naming the next possible dates', async () => {
    const home = await household<Order>(apps(), 1);
    const order = home.orders[0]!;
    const sunday = await call('POST', '/workflows/update-order-delivery-date', {
      orderId: order.id,
      deliveryDate: '2026-11-22',
    });
    expect(sunday.statusCode).toBe(400);
    expect(messagesOf(sunday)).toEqual([
      'We do not deliver to Richmond 3121 on Sunday 22 November in the afternoon. The next possible dates are Tuesday 24 November, Wednesday 25 November or Thursday 26 November.',
    ]);
    const late = await call('POST', '/workflows/update-order-delivery-date', {
      orderId: order.id,
      deliveryDate: '2026-11-06',
    });
    expect(late.statusCode).toBe(400);
    expect(messagesOf(late)).toEqual([
      'Too late for a delivery on Friday 6 November: changes for it have closed. The next possible dates are Saturday 7 November, Tuesday 10 November or Wednesday 11 November.',
    ]);
    const format = await call('POST', '/workflows/update-order-delivery-date', {
      orderId: order.id,
      deliveryDate: '20/11/2026',
    });
    expect(messagesOf(format)).toEqual(['deliveryDate must be in YYYY-MM-DD format']);
    expect((await readOrder(order.id)).version).toBe(order.version);
  });
  it("offers, in a too-late refusal, exactly the order service's next accepted days in the slot", async () => {
    const home = await household<Order>(apps(), 1);
    const order = home.orders[0]!;
    const options = (
      await callJson(h.services.order!, 'GET', `/api/v1/orders/${order.id}/delivery-options`)
    ).json<DeliveryOptions>().options;
    for (const [refused, slot] of [
      ['2026-11-06', 'PM'],
      ['2026-11-06', 'AM'],
      ['2026-11-05', 'AM'],
    ] as const) {
      const offered = options
        .filter((o) => o.accepted && o.slot === slot && o.deliveryDate > refused)
        .slice(0, 3)
        .map((o) => formatDay(o.deliveryDate, { long: true }));
      const late = await call('POST', '/workflows/update-order-delivery-date', {
        orderId: order.id,
        deliveryDate: refused,
        deliverySlotId: slot,
      });
      expect(late.statusCode, late.body).toBe(400);
      expect(messagesOf(late)[0]).toMatch(/^Too late for a delivery on /);
      expect(messagesOf(late)[0]).toContain(
        `The next possible dates are ${offered.slice(0, -1).join(', ')} or ${offered.at(-1)}.`,
      );
    }
    expect((await readOrder(order.id)).version).toBe(order.version);
  });
});

describe('POST /workflows/update-order-delivery-info', () => {
  it('refuses an address the courier does not reach, for one box or all, changing nothing', async () => {
    const home = await household<Order>(apps(), 2, await customer());
    const [first] = home.orders;
    for (const applyToFutureOrders of [false, true]) {
      const res = await call('POST', '/workflows/update-order-delivery-info', {
        orderId: first!.id,
        userId: home.userId,
        applyToFutureOrders,
        postcode: '0872',
        suburb: 'Yulara',
        address: { ...newStreet, state: 'NT', addressId: first!.address.addressId },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(messagesOf(res)).toEqual([
        'We don’t deliver to Yulara NT 0872 yet: check the suburb and postcode, or choose another address',
      ]);
    }
    for (const o of home.orders) expect(await readOrder(o.id)).toEqual(o);
  });

  it('gives every future order that can change the new address, naming those left', async () => {
    const home = await household<Order>(apps(), 5, await customer());
    const [first, , , queued] = home.orders;
    await callJson(h.services.order!, 'PATCH', `/api/v1/orders/${queued!.id}/fulfilment-status`, {
      fulfilmentStatus: 'queued',
    });
    const res = await call('POST', '/workflows/update-order-delivery-info', {
      orderId: first!.id,
      userId: home.userId,
      applyToFutureOrders: true,
      postcode: '3121',
      suburb: 'Richmond',
      address: { ...newStreet, addressId: first!.address.addressId },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<OrderChangeResult>();
    expect(body.orders.map((o) => o.id)).toEqual(
      home.orders.filter((o) => o.id !== queued!.id).map((o) => o.id),
    );
    expect(body.skippedOrders).toEqual([
      {
        orderId: queued!.id,
        deliveryDate: queued!.deliveryDate,
        reason: 'the kitchen is already making it',
      },
    ]);
    for (const o of home.orders) {
      const now = await readOrder(o.id);
      const moved = o.id !== queued!.id;
      expect(now.address).toMatchObject({
        address1: moved ? '7 Swan Street' : RICHMOND.address1,
        firstName: 'Sam',
      });
      expect(now.deliveryNote).toBe(moved ? 'Leave at the side gate' : null);
    }
    // "All future boxes": the new address is the customer's address from now on.
    expect(await readDefaultAddress(home.userId)).toMatchObject({
      address1: '7 Swan Street',
      address2: 'Unit 3',
      suburb: 'Richmond',
      postCode: '3121',
      deliveryInstructions: 'Leave at the side gate',
    });
  });

  it('with a date for all future orders, the later ones follow the cadence from the new date', async () => {
    const userId = await customer();
    // Fortnightly Fridays from 20 November, PM; the third is being made.
    const home = await household<Order>(apps(), 4, userId);
    const [first, second, queued, fourth] = home.orders;
    await callJson(h.services.order!, 'PATCH', `/api/v1/orders/${queued!.id}/fulfilment-status`, {
      fulfilmentStatus: 'queued',
    });
    const res = await call('POST', '/workflows/update-order-delivery-info', {
      orderId: first!.id,
      userId,
      applyToFutureOrders: true,
      postcode: '3121',
      suburb: 'Richmond',
      date: { deliveryDate: '2026-11-24', deliverySlotId: 'AM' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<OrderChangeResult>();
    expect(body.orders.map((o) => [o.id, o.deliveryDate, o.expectedDeliverySlotId])).toEqual([
      [first!.id, '2026-11-24', 'AM'],
      [second!.id, '2026-12-08', 'AM'],
      [fourth!.id, '2027-01-05', 'AM'],
    ]);
    expect(body.skippedOrders.map((o) => [o.orderId, o.deliveryDate])).toEqual([
      [queued!.id, queued!.deliveryDate],
    ]);
    expect(body.skippedOrders[0]!.reason).toBe('the kitchen is already making it');
    const now = await Promise.all(home.orders.map((o) => readOrder(o.id)));
    expect(now.map((o) => [o.deliveryDate, o.expectedDeliverySlotId])).toEqual([
      ['2026-11-24', 'AM'],
      ['2026-12-08', 'AM'],
      [queued!.deliveryDate, 'PM'],
      ['2027-01-05', 'AM'],
    ]);
    // No address was sent: the addresses and the default address are as they were.
    expect(now.every((o) => o.address.address1 === RICHMOND.address1)).toBe(true);
    expect(await readDefaultAddress(userId)).toBeNull();
  });

  it('puts the dates and addresses back when the default address cannot be written (502)', async () => {
    const userId = await customer();
    const home = await household<Order>(apps(), 3, userId);
    const first = home.orders[0]!;
    h.fail = (url, method) =>
      method === 'PUT' && url.endsWith(`/users/${userId}/addresses/default`);
    const res = await call('POST', '/workflows/update-order-delivery-info', {
      orderId: first.id,
      userId,
      applyToFutureOrders: true,
      postcode: '3121',
      suburb: 'Richmond',
      address: { ...newStreet, addressId: first.address.addressId },
      date: { deliveryDate: '2026-11-24', deliverySlotId: 'AM' },
    });
    expect(res.statusCode, res.body).toBe(502);
    for (const o of home.orders) {
      const now = await readOrder(o.id);
      expect(now).toMatchObject({
        deliveryDate: o.deliveryDate,
        expectedDeliverySlotId: 'PM',
        deliveryNote: null,
        address: { address1: RICHMOND.address1 },
      });
    }
    expect(await readDefaultAddress(userId)).toBeNull();
  });

  it('puts the addresses back when the new date is refused (compensation)', async () => {
    const home = await household<Order>(apps(), 3);
    const first = home.orders[0]!;
    const res = await call('POST', '/workflows/update-order-delivery-info', {
      orderId: first.id,
      applyToFutureOrders: true,
      postcode: '3121',
      suburb: 'Richmond',
      address: { ...newStreet, addressId: first.address.addressId },
      date: { deliveryDate: '2026-11-06', deliverySlotId: 'PM' },
    });
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)[0]).toMatch(/^Too late for a delivery on Friday 6 November/);
    for (const o of home.orders) {
      const now = await readOrder(o.id);
      expect(now.address.address1).toBe(RICHMOND.address1);
      expect(now.deliveryNote).toBeNull();
      expect(now.deliveryDate).toBe(o.deliveryDate);
    }
  });

  it('puts the addresses back when a later order cannot be reached (502)', async () => {
    const home = await household<Order>(apps(), 3);
    const [first, , third] = home.orders;
    h.fail = (url, method) => method === 'PUT' && url.includes(`/orders/${third!.id}/addresses`);
    const res = await call('POST', '/workflows/update-order-delivery-info', {
      orderId: first!.id,
      applyToFutureOrders: true,
      postcode: '3121',
      suburb: 'Richmond',
      address: { ...newStreet, addressId: first!.address.addressId },
    });
    expect(res.statusCode).toBe(502);
    for (const o of home.orders) {
      expect((await readOrder(o.id)).address.address1).toBe(RICHMOND.address1);
    }
  });

  it("is a 404 for another customer's order or address, changing nothing of either", async () => {
    const mine = await household<Order>(apps(), 2);
    const theirs = await household<Order>(apps(), 2);
    const otherOrder = await call('POST', '/workflows/update-order-delivery-info', {
      orderId: theirs.orders[0]!.id,
      userId: mine.userId,
      applyToFutureOrders: true,
      postcode: '3121',
      suburb: 'Richmond',
      address: { ...newStreet, addressId: theirs.orders[0]!.address.addressId },
    });
    expect(otherOrder.statusCode).toBe(404);
    const otherAddress = await call('POST', '/workflows/update-order-delivery-info', {
      orderId: mine.orders[0]!.id,
      userId: mine.userId,
      postcode: '3121',
      suburb: 'Richmond',
      address: { ...newStreet, addressId: theirs.orders[0]!.address.addressId },
    });
    expect(otherAddress.statusCode).toBe(404);
    expect(messagesOf(otherAddress)).toEqual([
      `Address ${theirs.orders[0]!.address.addressId} not found`,
    ]);
    for (const o of [...mine.orders, ...theirs.orders]) {
      expect((await readOrder(o.id)).version).toBe(o.version);
    }
  });
});

async function customer() {
  const res = await callJson(h.services.identity!, 'POST', '/identity/users', {
    email: `c${randomUUID()}@example.com.au`,
    password: 'woofwoof9',
    firstName: 'Sam',
    lastName: 'Citizen',
    role: 'customer',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

const readDefaultAddress = async (userId: string) => {
  const res = await callJson(
    h.services.identity!,
    'GET',
    `/identity/users/${userId}/addresses/default`,
  );
  return res.statusCode === 404 ? null : res.json<Address>();
};

const defaultAddress = {
  address1: '7 Swan Street',
  suburb: 'Richmond',
  city: 'Melbourne',
  state: 'VIC',
  postCode: '3121',
  deliveryInstructions: 'Side gate',
};

describe('POST /workflows/update-default-address', () => {
  it('sets the default address and moves the orders from the one on the date on', async () => {
    const userId = await customer();
    const home = await household<Order>(apps(), 3, userId);
    const res = await call('POST', '/workflows/update-default-address', {
      userId,
      address: defaultAddress,
      date: { deliveryDate: home.orders[1]!.deliveryDate, deliverySlotId: 'AM' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<DefaultAddressResult>();
    expect(body.address).toMatchObject({ address1: '7 Swan Street', isDefault: true });
    expect(body.orders.map((o) => o.id).sort()).toEqual(
      [home.orders[1]!.id, home.orders[2]!.id].sort(),
    );
    const [before, moved, after] = await Promise.all(home.orders.map((o) => readOrder(o.id)));
    expect(before!.address.address1).toBe(RICHMOND.address1);
    expect(moved).toMatchObject({
      expectedDeliverySlotId: 'AM',
      address: { address1: '7 Swan Street' },
    });
    expect(after).toMatchObject({
      expectedDeliverySlotId: 'PM',
      address: { address1: '7 Swan Street' },
    });
  });

  it('refuses a date the courier does not deliver, keeping the old default address', async () => {
    const userId = await customer();
    await callJson(h.services.identity!, 'PUT', `/identity/users/${userId}/addresses/default`, {
      ...defaultAddress,
      address1: '1 Old Road',
    });
    await household<Order>(apps(), 2, userId);
    h.clock.set('2026-11-02T09:00:00.000Z');
    const res = await call('POST', '/workflows/update-default-address', {
      userId,
      address: { ...defaultAddress, postCode: '0872', suburb: 'Kintore', state: 'NT', city: null },
      date: { deliveryDate: '2026-11-20', deliverySlotId: 'PM' },
    });
    expect(res.statusCode).toBe(400);
    const now = await callJson(
      h.services.identity!,
      'GET',
      `/identity/users/${userId}/addresses/default`,
    );
    expect(now.json<Address>().address1).toBe('1 Old Road');
  });
});

const visa = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };
const mastercard = { number: '5555555555554444', expMonth: 11, expYear: 2031, cvc: '321' };
const cards = async (userId: string) =>
  (await callJson(h.services.payment!, 'GET', `/customers/${userId}/payments-methods`)).json<
    PaymentMethod[]
  >();

describe('POST /workflows/update-customer-payment-method', () => {
  it('saves a card and makes it the default, once per workflowId', async () => {
    const userId = randomUUID();
    const first = await call('POST', '/workflows/update-customer-payment-method', {
      userId,
      card: visa,
    });
    expect(first.statusCode, first.body).toBe(200);
    const workflowId = `card-${randomUUID()}`;
    const body = { userId, card: mastercard, workflowId };
    const res = await call('POST', '/workflows/update-customer-payment-method', body);
    expect(res.statusCode, res.body).toBe(200);
    const change = res.json<PaymentMethodResult>();
    expect(change.paymentMethod).toMatchObject({ last4Digits: '4444', default: true });
    expect(change.previousDefaultPaymentMethodId).toBe(
      first.json<PaymentMethodResult>().paymentMethod.id,
    );
    await call('POST', '/workflows/update-customer-payment-method', body);
    expect((await cards(userId)).map((c) => [c.last4Digits, c.default])).toEqual([
      ['4444', true],
      ['4242', false],
    ]);
    // A saved card back as the default.
    const back = await call('POST', '/workflows/update-customer-payment-method', {
      userId,
      paymentMethodId: change.previousDefaultPaymentMethodId,
    });
    expect(back.json<PaymentMethodResult>().paymentMethod).toMatchObject({
      last4Digits: '4242',
      default: true,
    });
  });

  it("is a 404 for another customer's card", async () => {
    const mine = randomUUID();
    const theirs = randomUUID();
    await call('POST', '/workflows/update-customer-payment-method', { userId: mine, card: visa });
    const their = await call('POST', '/workflows/update-customer-payment-method', {
      userId: theirs,
      card: visa,
    });
    const res = await call('POST', '/workflows/update-customer-payment-method', {
      userId: mine,
      paymentMethodId: their.json<PaymentMethodResult>().paymentMethod.id,
    });
    expect(res.statusCode).toBe(404);
    expect(messagesOf(res)).toEqual(['Card not found']);
    expect((await cards(mine)).map((c) => c.default)).toEqual([true]);
  });

  it('removes the new card when it cannot be made the default (compensation)', async () => {
    const userId = randomUUID();
    await call('POST', '/workflows/update-customer-payment-method', { userId, card: visa });
    h.fail = (url) => url.includes('/set-default');
    const res = await call('POST', '/workflows/update-customer-payment-method', {
      userId,
      card: mastercard,
    });
    expect(res.statusCode).toBe(502);
    expect((await cards(userId)).map((c) => [c.last4Digits, c.default])).toEqual([['4242', true]]);
  });
});
