import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@pawfresh/contracts/audit';
import type { ChargeResult } from '@pawfresh/contracts/orchestration-billing';
import type { Order, OrderEvent } from '@pawfresh/contracts/order';
import type { StaffBulkRetry, StaffOrderDetail } from '@pawfresh/contracts/staff-box-actions';
import { callJson, messagesOf } from '@pawfresh/testing';
import {
  anotherDay as anotherDayOf,
  orderNow as orderNowOf,
  customer,
  expectOnlyStaff,
  expectSpoiltBodiesRefused,
  expectPermissionMatrix,
  movePayment,
  timelineOf,
  useStaffApiAsEveryone,
  type Customer,
  type RouteCalls,
} from './harness.js';

/**
 * The staff actions on payments and boxes (issue 31 items 5 and 6): retry a failed payment (one,
 * and in bulk with its progress), move every box to come, change one box's address. Each route:
 * every role, a customer token and none, bad input, another customer's ids, the audit row.
 */
const { h, call, ids, as } = useStaffApiAsEveryone();
let retrying: Customer;
let twice: Customer;
let bulkA: Customer;
let bulkB: Customer;
let moving: Customer;
let readdressing: Customer;
let other: Customer;

const orderNow = (id: string) => orderNowOf(h, id);
const paymentCount = async (c: Customer) =>
  (await call('GET', `/customers/${c.user.id}/payments`, undefined, as.admin)).json<{
    meta: { total: number };
  }>().meta.total;

/** The customer's box, its payment moved to attempt_failed (its card on file still charges). */
const failBox = (c: Customer) => movePayment(h, c, ['processing', 'attempt_failed']);

beforeAll(async () => {
  const made = await Promise.all(Array.from({ length: 7 }, () => customer(h)));
  [retrying, twice, bulkA, bulkB, moving, readdressing, other] = made as [
    Customer,
    Customer,
    Customer,
    Customer,
    Customer,
    Customer,
    Customer,
  ];
  for (const c of [retrying, twice, bulkA, bulkB, other]) await failBox(c);
}, 240_000);

const retryUrl = (c: Customer, orderId = c.order.id) =>
  `/customers/${c.user.id}/orders/${orderId}/retry-payment`;
const moveAllUrl = (c: Customer, orderId = c.order.id) =>
  `/customers/${c.user.id}/orders/${orderId}/move-future`;
const addressUrl = (c: Customer, orderId = c.order.id) =>
  `/customers/${c.user.id}/orders/${orderId}/address`;
const address = {
  address1: '12 Swan Street',
  suburb: 'Richmond',
  state: 'vic',
  postCode: '3121',
  deliveryInstructions: 'Leave at the side gate',
};

const anotherDay = (c: Customer) => anotherDayOf(call, as, c);

describe('retrying a failed payment', () => {
  it("charges the box now with the customer's card, written as the member of staff, recorded", async () => {
    const before = await paymentCount(retrying);
    const res = await call(
      'POST',
      retryUrl(retrying),
      { reason: 'Customer updated card' },
      as.support,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { charge, order, audit } = res.json<{
      charge: ChargeResult;
      order: Order;
      audit: AuditEvent;
    }>();
    expect(charge).toMatchObject({
      outcome: 'charged',
      paymentStatus: 'processed',
      orderId: retrying.order.id,
    });
    expect(order.paymentStatus).toBe('processed');
    expect(audit).toMatchObject({
      // The member's name as identity has it (the harness's sessions are "Test Session").
      actor: { type: 'staff', userId: ids.support, role: 'support', name: 'Test Session' },
      action: 'payment.retry',
      permission: 'payments:charge',
      targetType: 'order',
      targetId: retrying.order.id,
      customerId: retrying.user.id,
      before: { paymentStatus: 'attempt_failed' },
      after: { paymentStatus: 'processed', outcome: 'charged' },
      reason: 'Customer updated card',
    });
    expect((await timelineOf(call, as, retrying.user.id)).data[0]).toEqual(audit);
    expect(await paymentCount(retrying)).toBe(before + 1);
    const events = (
      await callJson(h.apps.order!, 'GET', `/api/v1/orders/${retrying.order.id}/events`)
    ).json<OrderEvent[]>();
    expect(events.at(-1)).toMatchObject({
      currentValue: 'processed',
      createdBy: `staff:${ids.support}`,
    });
    // Asked again: already paid, nothing charged.
    const again = await call('POST', retryUrl(retrying), { reason: 'Again' }, as.support);
    expect(again.json<{ charge: ChargeResult }>().charge.outcome).toBe('already_paid');
    expect(await paymentCount(retrying)).toBe(before + 1);
  });

  it('charges once for a double click (two requests at the same time)', async () => {
    const before = await paymentCount(twice);
    const answers = await Promise.all(
      [as.support, as.admin].map((who) =>
        call('POST', retryUrl(twice), { reason: 'Double click' }, who),
      ),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const outcomes = answers.map((a) => a.json<{ charge: ChargeResult }>().charge.outcome);
    expect(outcomes).toContain('charged');
    expect(outcomes.every((o) => o === 'charged' || o === 'already_paid')).toBe(true);
    const paid = new Set(
      answers.map((a) => a.json<{ charge: ChargeResult }>().charge.paymentId).filter(Boolean),
    );
    expect(paid.size).toBe(1);
    expect(await paymentCount(twice)).toBe(before + 1);
  });

  it('refuses a box that was never charged (409 in words), nothing charged, no row', async () => {
    const res = await call('POST', retryUrl(moving), { reason: 'x' }, as.support);
    expect(res.statusCode).toBe(409);
    expect(messagesOf(res)[0]).toMatch(/has not been charged yet/);
    expect((await timelineOf(call, as, moving.user.id)).data).toEqual([]);
  });
});

describe("a box's page", () => {
  const detailUrl = (c: Customer, orderId = c.order.id) =>
    `/customers/${c.user.id}/orders/${orderId}`;

  it('shows its lines by name, payments and refunds, shipments, events and who changed it why', async () => {
    const res = await call('GET', detailUrl(retrying), undefined, as.support);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<StaffOrderDetail>();
    expect(detail.order).toMatchObject({ id: retrying.order.id, paymentStatus: 'processed' });
    expect(detail.contents.length).toBe(retrying.order.orderLineItems.length);
    expect(detail.contents[0]!.name).not.toBe('Unknown product');
    // The box's first payment (the harness's) and the one the retry made, newest first.
    expect(detail.payments?.map((p) => p.status)).toEqual(['processed', 'processed']);
    expect(detail.shipments).toEqual([]);
    expect(detail.events.at(-1)).toMatchObject({
      currentValue: 'processed',
      createdBy: `staff:${ids.support}`,
    });
    // The events' author by name, not the id.
    expect(detail.people).toEqual({ [`staff:${ids.support}`]: 'Test Session' });
    expect(detail.history?.map((e) => e.action)).toEqual(['payment.retry', 'payment.retry']);
  });

  it('leaves out payments and history for a role without them (operations)', async () => {
    const res = await call('GET', detailUrl(retrying), undefined, as.operations);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StaffOrderDetail>()).toMatchObject({ payments: null, history: null });
  });

  it("answers another customer's box 404, and a bad id 400", async () => {
    const res = await call('GET', detailUrl(retrying, other.order.id), undefined, as.admin);
    expect(res.statusCode).toBe(404);
    expect(messagesOf(res)).toEqual([`Order ${other.order.id} not found`]);
    const bad = await call('GET', detailUrl(retrying, 'x'), undefined, as.admin);
    expect(bad.statusCode).toBe(400);
    expect(messagesOf(bad)).toEqual(['orderId must be a valid UUID']);
  });
});

describe('bulk retry from the failed payments queue', () => {
  it('charges each box once, says which failed and why, and the same key answers the same run', async () => {
    const unknown = randomUUID();
    const key = randomUUID();
    const body = {
      orderIds: [bulkA.order.id, bulkB.order.id, unknown],
      reason: 'Provider outage over',
    };
    const started = await call('POST', '/payment-retries', body, {
      ...as.support,
      'idempotency-key': key,
    });
    expect(started.statusCode, started.body).toBe(202);
    const { retry, audit } = started.json<{ retry: StaffBulkRetry; audit: AuditEvent }>();
    expect(retry.progress?.total).toBe(3);
    expect(audit).toMatchObject({
      actor: { userId: ids.support, role: 'support' },
      action: 'payment.bulk-retry',
      permission: 'payments:charge',
      targetType: 'workflow-run',
      targetId: retry.workflowId,
      customerId: null,
      before: { orderIds: body.orderIds },
      reason: 'Provider outage over',
    });
    // And each box in its customer's timeline, with the run that retries it.
    for (const c of [bulkA, bulkB]) {
      expect((await timelineOf(call, as, c.user.id)).data[0]).toMatchObject({
        actor: { type: 'staff', userId: ids.support, name: 'Test Session' },
        action: 'payment.bulk-retry',
        targetType: 'order',
        targetId: c.order.id,
        customerId: c.user.id,
        before: { paymentStatus: 'attempt_failed' },
        after: { workflowId: retry.workflowId },
        reason: 'Provider outage over',
      });
    }
    let now = retry;
    for (let i = 0; i < 120 && !now.finished; i++) {
      await new Promise((r) => setTimeout(r, 250));
      const res = await call('GET', `/payment-retries/${retry.workflowId}`, undefined, as.support);
      expect(res.statusCode, res.body).toBe(200);
      now = res.json<StaffBulkRetry>();
    }
    expect(now.progress).toMatchObject({ total: 3, done: 3, left: 0, charged: 2, failed: 1 });
    expect(now.progress?.orders.find((o) => o.orderId === unknown)).toEqual({
      orderId: unknown,
      status: 'failed',
      message: `Order ${unknown} not found`,
    });
    for (const c of [bulkA, bulkB]) {
      expect((await orderNow(c.order.id)).paymentStatus).toBe('processed');
    }
    const counts = [await paymentCount(bulkA), await paymentCount(bulkB)];
    const again = await call('POST', '/payment-retries', body, {
      ...as.support,
      'idempotency-key': key,
    });
    expect(again.statusCode).toBe(202);
    expect(again.json<{ retry: StaffBulkRetry }>().retry.workflowId).toBe(retry.workflowId);
    expect([await paymentCount(bulkA), await paymentCount(bulkB)]).toEqual(counts);

    // Only bulk retries are read here: another run's id is not found.
    const runs = await call('GET', '/runs?limit=1', undefined, as.admin);
    const someRun = runs.json<{ data: { workflowId: string; workflowName: string }[] }>().data[0]!;
    if (someRun.workflowName !== 'bulk-manual-charge') {
      const res = await call(
        'GET',
        `/payment-retries/${someRun.workflowId}`,
        undefined,
        as.support,
      );
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('moving every box to come', () => {
  it("moves the box (and later ones) through the customer's workflow, as the member of staff", async () => {
    const to = await anotherDay(moving);
    const res = await call(
      'POST',
      moveAllUrl(moving),
      { deliveryDate: to.deliveryDate, deliverySlotId: 'PM', reason: 'New work roster' },
      as.admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { orders, skippedOrders, audit } = res.json<{
      orders: Order[];
      skippedOrders: unknown[];
      audit: AuditEvent;
    }>();
    expect(orders[0]).toMatchObject({
      id: moving.order.id,
      deliveryDate: to.deliveryDate,
      expectedDeliverySlotId: 'PM',
    });
    expect(skippedOrders).toEqual([]);
    expect(audit).toMatchObject({
      actor: { userId: ids.admin, role: 'admin' },
      action: 'order.move-future-deliveries',
      permission: 'orders:write',
      customerId: moving.user.id,
      before: { deliveryDate: moving.order.deliveryDate },
      after: { moved: [{ orderId: moving.order.id, deliveryDate: to.deliveryDate }] },
      reason: 'New work roster',
    });
    const events = (
      await callJson(h.apps.order!, 'GET', `/api/v1/orders/${moving.order.id}/events`)
    ).json<OrderEvent[]>();
    expect(events.at(-1)?.createdBy).toBe(`staff:${ids.admin}`);
  });
});

describe("changing one box's address", () => {
  it('writes the new address on the box only, after the courier said it delivers there', async () => {
    const res = await call(
      'POST',
      addressUrl(readdressing),
      { ...address, reason: 'Moved house' },
      as.support,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { order, audit } = res.json<{ order: Order; audit: AuditEvent }>();
    expect(order.address).toMatchObject({
      address1: '12 Swan Street',
      suburb: 'Richmond',
      state: 'VIC',
      postcode: '3121',
    });
    expect(order.deliveryNote).toBe('Leave at the side gate');
    expect(audit).toMatchObject({
      actor: { userId: ids.support },
      action: 'order.change-address',
      permission: 'orders:write',
      before: { address1: readdressing.order.address.address1 },
      after: { address1: '12 Swan Street' },
      reason: 'Moved house',
    });
  });

  it('refuses an address the courier does not reach, in the words of the customer app, changing nothing', async () => {
    const before = await orderNow(readdressing.order.id);
    const res = await call(
      'POST',
      addressUrl(readdressing),
      { ...address, suburb: 'Yulara', state: 'NT', postCode: '0872', reason: 'x' },
      as.support,
    );
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)).toEqual([
      'We don’t deliver to Yulara NT 0872 yet: check the suburb and postcode, or choose another address',
    ]);
    expect(await orderNow(readdressing.order.id)).toMatchObject({ version: before.version });
  });
});

describe('one-off extras on a box', () => {
  const extrasUrl = (c: Customer) => `/customers/${c.user.id}/orders/${c.order.id}/extras`;

  it('adds a treat with its price and removes it again, each written as the member of staff and recorded', async () => {
    const extras = (await call('GET', '/extras', undefined, as.support)).json<
      { productVariantId: string; name: string; productType: string; price: number }[]
    >();
    const treat = extras.find((e) => e.productType === 'treat');
    expect(treat, JSON.stringify(extras)).toBeDefined();
    const before = await orderNow(readdressing.order.id);
    const added = await call(
      'POST',
      extrasUrl(readdressing),
      { productVariantId: treat!.productVariantId, quantity: 2, reason: 'Birthday treat' },
      as.support,
    );
    expect(added.statusCode, added.body).toBe(200);
    const { order, orderLineItemId, audit } = added.json<{
      order: Order;
      orderLineItemId: string;
      audit: AuditEvent;
    }>();
    const line = order.orderLineItems.find((i) => i.id === orderLineItemId);
    expect(line).toMatchObject({
      productVariantId: treat!.productVariantId,
      quantity: 2,
      oneOff: true,
    });
    expect(order.totalPrice).toBe(before.totalPrice + 2 * line!.price);
    expect(audit).toMatchObject({
      actor: { userId: ids.support },
      action: 'order.add-extra',
      permission: 'orders:write',
      before: { totalPrice: before.totalPrice },
      after: { totalPrice: order.totalPrice },
      reason: 'Birthday treat',
    });
    const events = (
      await callJson(h.apps.order!, 'GET', `/api/v1/orders/${readdressing.order.id}/events`)
    ).json<OrderEvent[]>();
    expect(events.at(-1)?.createdBy).toBe(`staff:${ids.support}`);

    const meal = order.orderLineItems.find((i) => !i.oneOff)!;
    const notExtra = await call(
      'POST',
      `${extrasUrl(readdressing)}/${meal.id}/remove`,
      { reason: 'x' },
      as.support,
    );
    expect(notExtra.statusCode).toBe(404);

    const removed = await call(
      'POST',
      `${extrasUrl(readdressing)}/${orderLineItemId}/remove`,
      { reason: 'Customer changed their mind' },
      as.admin,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const after = removed.json<{ order: Order; audit: AuditEvent }>();
    expect(after.order.orderLineItems.some((i) => i.id === orderLineItemId)).toBe(false);
    expect(after.order.totalPrice).toBe(before.totalPrice);
    expect(after.audit).toMatchObject({
      action: 'order.remove-extra',
      reason: 'Customer changed their mind',
    });
  });

  it('refuses what is not a treat or supplement (400), changing nothing', async () => {
    const before = await orderNow(readdressing.order.id);
    const meal = before.orderLineItems.find((i) => i.productVariantId)!;
    const res = await call(
      'POST',
      extrasUrl(readdressing),
      { productVariantId: meal.productVariantId, quantity: 1, reason: 'x' },
      as.support,
    );
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)[0]).toMatch(/only treats and supplements can be extras/);
    expect(await orderNow(readdressing.order.id)).toMatchObject({ version: before.version });
  });
});

describe('bad input and other customers', () => {
  it('answers wrong types, unknown fields, NUL bytes and long text 400, changing nothing', async () => {
    const good: Record<string, [string, Record<string, unknown>]> = {
      retryPayment: [retryUrl(other), { reason: 'x' }],
      bulkRetryPayments: ['/payment-retries', { orderIds: [other.order.id], reason: 'x' }],
      moveFutureBoxes: [
        moveAllUrl(other),
        { deliveryDate: '2030-01-01', deliverySlotId: 'AM', reason: 'x' },
      ],
      changeBoxAddress: [addressUrl(other), { ...address, reason: 'x' }],
      addBoxExtra: [
        `/customers/${other.user.id}/orders/${other.order.id}/extras`,
        { productVariantId: other.order.id, quantity: 1, reason: 'x' },
      ],
      removeBoxExtra: [
        `/customers/${other.user.id}/orders/${other.order.id}/extras/${other.order.id}/remove`,
        { reason: 'x' },
      ],
    };
    await expectSpoiltBodiesRefused(call, as, good);
    const fields: [string, unknown, string][] = [
      [
        '/payment-retries',
        { orderIds: [], reason: 'x' },
        'orderIds: choose at least one box to retry',
      ],
      ['/payment-retries', { orderIds: ['nope'], reason: 'x' }, 'orderIds must be a valid UUID'],
      [
        '/payment-retries',
        { orderIds: [other.order.id, other.order.id], reason: 'x' },
        'orderIds: each box may appear once',
      ],
      [
        moveAllUrl(other),
        { deliveryDate: '2030-01-01', reason: 'x' },
        'deliverySlotId must be AM or PM',
      ],
      [addressUrl(other), { ...address, postCode: '30', reason: 'x' }, 'Postcode must be 4 digits'],
      [retryUrl(other, 'not-an-id'), { reason: 'x' }, 'orderId must be a valid UUID'],
      [
        `/customers/${other.user.id}/orders/${other.order.id}/extras`,
        { productVariantId: other.order.id, quantity: 0, reason: 'x' },
        'quantity must be a whole number from 1 to 50',
      ],
    ];
    for (const [url, body, message] of fields) {
      const res = await call('POST', url, body, as.admin);
      expect(res.statusCode, url).toBe(400);
      expect(messagesOf(res).join('|'), url).toContain(message.slice(0, 20));
    }
    const progress = await call('GET', '/payment-retries/bad%20id', undefined, as.admin);
    expect(progress.statusCode).toBe(400);
    expect(await orderNow(other.order.id)).toMatchObject({ paymentStatus: 'attempt_failed' });
  });

  it("answers another customer's box 404 under this customer, and nothing of theirs changes", async () => {
    const before = await orderNow(other.order.id);
    const payments = await paymentCount(other);
    const under = moving.user.id;
    const mixed: [string, unknown][] = [
      [`/customers/${under}/orders/${other.order.id}/retry-payment`, { reason: 'x' }],
      [
        `/customers/${under}/orders/${other.order.id}/move-future`,
        { deliveryDate: '2030-01-04', deliverySlotId: 'AM', reason: 'x' },
      ],
      [`/customers/${under}/orders/${other.order.id}/address`, { ...address, reason: 'x' }],
      [
        `/customers/${under}/orders/${other.order.id}/extras`,
        {
          productVariantId: other.order.orderLineItems[0]!.productVariantId,
          quantity: 1,
          reason: 'x',
        },
      ],
      [
        `/customers/${under}/orders/${other.order.id}/extras/${other.order.orderLineItems[0]!.id}/remove`,
        { reason: 'x' },
      ],
    ];
    for (const [url, body] of mixed) {
      const res = await call('POST', url, body, as.admin);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
    }
    expect(await orderNow(other.order.id)).toEqual(before);
    expect(await paymentCount(other)).toBe(payments);
    expect((await timelineOf(call, as, other.user.id)).data).toEqual([]);
  });
});

describe('who may retry payments and change boxes', () => {
  const harmless = (workflowId: string): RouteCalls => ({
    orderDetail: ['GET', `/customers/${other.user.id}/orders/${other.order.id}`],
    boxExtras: ['GET', '/extras'],
    addBoxExtra: ['POST', `/customers/${other.user.id}/orders/${other.order.id}/extras`, {}],
    removeBoxExtra: [
      'POST',
      `/customers/${other.user.id}/orders/${other.order.id}/extras/${other.order.id}/remove`,
      {},
    ],
    retryPayment: ['POST', retryUrl(other), {}],
    bulkRetryPayments: ['POST', '/payment-retries', {}],
    bulkRetryProgress: ['GET', `/payment-retries/${workflowId}`],
    moveFutureBoxes: ['POST', moveAllUrl(other), {}],
    changeBoxAddress: ['POST', addressUrl(other), {}],
  });

  it('lets each role do what its permissions say, the rest 403 naming the permission; customers and no one refused', async () => {
    const started = await call(
      'POST',
      '/payment-retries',
      { orderIds: [randomUUID()], reason: 'matrix' },
      as.admin,
    );
    const workflowId = started.json<{ retry: StaffBulkRetry }>().retry.workflowId;
    await expectPermissionMatrix(call, as, harmless(workflowId));
    await expectOnlyStaff(call, as, {
      ...harmless(workflowId),
      retryPayment: ['POST', retryUrl(other), { reason: 'x' }],
      bulkRetryPayments: ['POST', '/payment-retries', { orderIds: [other.order.id], reason: 'x' }],
    });
    expect(await orderNow(other.order.id)).toMatchObject({ paymentStatus: 'attempt_failed' });
  });
});
