import { beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryOptions, Order, OrderEvent } from '@pawfresh/contracts/order';
import type { CancelReason, Subscription } from '@pawfresh/contracts/subscription';
import { callJson, messagesOf } from '@pawfresh/testing';
import type { AuditEvent } from '@pawfresh/contracts/audit';
import {
  anotherDay as anotherDayOf,
  orderNow as orderNowOf,
  customer,
  expectOnlyStaff,
  expectSpoiltBodiesRefused,
  expectPermissionMatrix,
  timelineOf,
  useStaffApiAsEveryone,
  type Customer,
  type RouteCalls,
} from './harness.js';

/**
 * The staff actions on a customer's boxes and plan (issue 31 item 5): skip a box, move it to
 * another day, cancel a subscription and reactivate it. Each route: every role, a customer token
 * and none, bad input, another customer's ids, and the audit row read back.
 */
const { h, call, ids, as } = useStaffApiAsEveryone();
/** One customer per action, so one action's change is not another's starting point. */
let skipping: Customer;
let moving: Customer;
let cancelling: Customer;
/** Whose ids are sent under the others' customer id: they must stay as they are. */
let other: Customer;
let reasons: CancelReason[];

beforeAll(async () => {
  skipping = await customer(h);
  moving = await customer(h);
  cancelling = await customer(h);
  other = await customer(h);
  reasons = (await call('GET', '/cancel-reasons', undefined, as.support)).json<CancelReason[]>();
}, 180_000);

const orderNow = (id: string) => orderNowOf(h, id);
const subscriptionNow = async (id: string) =>
  (await callJson(h.apps.subscription!, 'GET', `/subscriptions/${id}`)).json<Subscription>();
const timeline = (customerId: string) => timelineOf(call, as, customerId);

const skipUrl = (c: Customer, orderId = c.order.id) =>
  `/customers/${c.user.id}/orders/${orderId}/skip`;
const moveUrl = (c: Customer, orderId = c.order.id) =>
  `/customers/${c.user.id}/orders/${orderId}/delivery-date`;
const optionsUrl = (c: Customer, orderId = c.order.id) =>
  `/customers/${c.user.id}/orders/${orderId}/delivery-options`;
const cancelUrl = (c: Customer, subscriptionId = c.subscription.id) =>
  `/customers/${c.user.id}/subscriptions/${subscriptionId}/cancel`;
const reactivateUrl = (c: Customer, subscriptionId = c.subscription.id) =>
  `/customers/${c.user.id}/subscriptions/${subscriptionId}/reactivate`;

const anotherDay = (c: Customer) => anotherDayOf(call, as, c);

describe('who may act on boxes and plans', () => {
  /** Each new route with a call past the permission check that does nothing. */
  const harmless = (): RouteCalls => ({
    deliveryOptions: ['GET', optionsUrl(other)],
    cancelReasons: ['GET', '/cancel-reasons'],
    // Writes with a body the contract refuses: past the permission, nothing is done (400).
    skipOrder: ['POST', skipUrl(other), {}],
    moveOrder: ['POST', moveUrl(other), {}],
    cancelSubscription: ['POST', cancelUrl(other), {}],
    reactivateSubscription: ['POST', reactivateUrl(other), {}],
  });

  it('lets each role do what its permissions say, and answers the rest 403 naming the permission', async () => {
    await expectPermissionMatrix(call, as, harmless());
  });

  it('refuses a customer token (403) and no token (401), even with a good body', async () => {
    const to = await anotherDay(other);
    const good: RouteCalls = {
      ...harmless(),
      skipOrder: ['POST', skipUrl(other), { reason: 'x' }],
      moveOrder: ['POST', moveUrl(other), { deliveryDate: to.deliveryDate, reason: 'x' }],
      cancelSubscription: [
        'POST',
        cancelUrl(other),
        { primaryCancelReasonId: reasons[0]!.id, reason: 'x' },
      ],
      reactivateSubscription: ['POST', reactivateUrl(other), { reason: 'x' }],
    };
    await expectOnlyStaff(call, as, good);
    expect(await orderNow(other.order.id)).toMatchObject({
      version: other.order.version,
      paymentStatus: 'pending',
      deliveryDate: other.order.deliveryDate,
    });
    expect((await subscriptionNow(other.subscription.id)).status).toBe('active');
  });
});

describe('bad input', () => {
  /** The body each route takes, to spoil one field at a time. */
  const good = (): Record<string, [url: string, body: Record<string, unknown>]> => ({
    skipOrder: [skipUrl(other), { reason: 'Customer away' }],
    moveOrder: [moveUrl(other), { deliveryDate: other.order.deliveryDate, reason: 'Away' }],
    cancelSubscription: [
      cancelUrl(other),
      { primaryCancelReasonId: reasons[0]!.id, reason: 'Moving overseas' },
    ],
    reactivateSubscription: [reactivateUrl(other), { reason: 'Back' }],
  });

  it('answers wrong types, unknown fields, NUL bytes and a 100k-character reason 400 in the envelope, changing nothing', async () => {
    await expectSpoiltBodiesRefused(call, as, good());
    const fieldTypes: [url: string, body: unknown, message: string][] = [
      [
        moveUrl(other),
        { deliveryDate: 20261204, reason: 'x' },
        'deliveryDate must be in YYYY-MM-DD format',
      ],
      [
        moveUrl(other),
        { deliveryDate: '2026-12-04', deliverySlotId: 'NOON', reason: 'x' },
        'deliverySlotId must be AM or PM',
      ],
      [
        cancelUrl(other),
        { primaryCancelReasonId: 'too expensive', reason: 'x' },
        'primaryCancelReasonId: choose one of the cancel reasons',
      ],
      [
        cancelUrl(other),
        { primaryCancelReasonId: reasons[0]!.id, otherCancelReason: 'x'.repeat(256), reason: 'x' },
        'otherCancelReason must be 255 characters or less',
      ],
      [skipUrl(other, 'not-an-id'), { reason: 'x' }, 'orderId must be a valid UUID'],
      [
        `/customers/not-an-id/subscriptions/${other.subscription.id}/reactivate`,
        { reason: 'x' },
        'customerId must be a valid UUID',
      ],
    ];
    for (const [url, body, message] of fieldTypes) {
      const res = await call('POST', url, body, as.admin);
      expect(res.statusCode, url).toBe(400);
      expect(messagesOf(res), url).toContain(message);
    }
    const options = await call('GET', optionsUrl(other, '%00'), undefined, as.admin);
    expect(options.statusCode).toBe(400);
    expect(options.json()).toMatchObject({ error: 'Bad Request', statusCode: 400 });
    expect(await orderNow(other.order.id)).toMatchObject({ version: other.order.version });
    expect(await subscriptionNow(other.subscription.id)).toMatchObject({
      status: 'active',
      version: other.subscription.version,
    });
  });
});

describe("another customer's ids", () => {
  it('are not found under this customer, and nothing of theirs changes', async () => {
    const to = await anotherDay(other);
    // The other customer's box and plan, named under the customer being looked at.
    const mixed: [url: string, body: unknown][] = [
      [`/customers/${skipping.user.id}/orders/${other.order.id}/skip`, { reason: 'x' }],
      [
        `/customers/${skipping.user.id}/orders/${other.order.id}/delivery-date`,
        { deliveryDate: to.deliveryDate, reason: 'x' },
      ],
      [
        `/customers/${skipping.user.id}/subscriptions/${other.subscription.id}/cancel`,
        { primaryCancelReasonId: reasons[0]!.id, reason: 'x' },
      ],
      [
        `/customers/${skipping.user.id}/subscriptions/${other.subscription.id}/reactivate`,
        { reason: 'x' },
      ],
    ];
    for (const [url, body] of mixed) {
      const res = await call('POST', url, body, as.admin);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
    }
    const options = await call(
      'GET',
      `/customers/${skipping.user.id}/orders/${other.order.id}/delivery-options`,
      undefined,
      as.admin,
    );
    expect(options.statusCode).toBe(404);
    expect(await orderNow(other.order.id)).toMatchObject({
      version: other.order.version,
      paymentStatus: 'pending',
      deliveryDate: other.order.deliveryDate,
    });
    expect(await subscriptionNow(other.subscription.id)).toMatchObject({
      status: 'active',
      version: other.subscription.version,
    });
    expect((await timeline(other.user.id)).data).toEqual([]);
  });
});

describe('skipping a box', () => {
  it('expires its payment as the member of staff, hides it, and records before, after and the reason', async () => {
    const res = await call(
      'POST',
      skipUrl(skipping),
      { reason: 'Customer is away that week' },
      as.support,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { order, audit } = res.json<{ order: Order; audit: AuditEvent }>();
    expect(order).toMatchObject({ id: skipping.order.id, paymentStatus: 'expired' });
    expect(order.displayType).toBe('HIDDEN');
    expect(audit).toMatchObject({
      actor: { type: 'staff', userId: ids.support, role: 'support' },
      action: 'order.skip',
      permission: 'orders:write',
      targetType: 'order',
      targetId: skipping.order.id,
      customerId: skipping.user.id,
      before: { paymentStatus: 'pending', deliveryDate: skipping.order.deliveryDate },
      after: { paymentStatus: 'expired', displayType: 'HIDDEN' },
      reason: 'Customer is away that week',
    });
    expect((await timeline(skipping.user.id)).data[0]).toEqual(audit);
    expect(await orderNow(skipping.order.id)).toMatchObject({ paymentStatus: 'expired' });
    const events = (
      await callJson(h.apps.order!, 'GET', `/api/v1/orders/${skipping.order.id}/events`)
    ).json<OrderEvent[]>();
    expect(events.at(-1)).toMatchObject({
      action: 'payment_status_updated',
      currentValue: 'expired',
      createdBy: `staff:${ids.support}`,
    });
    // The plan goes on: the subscription is as it was.
    expect((await subscriptionNow(skipping.subscription.id)).status).toBe('active');
  });

  it('refuses a box skipped already (409) and leaves no second row', async () => {
    const again = await call('POST', skipUrl(skipping), { reason: 'Again' }, as.support);
    expect(again.statusCode).toBe(409);
    expect(messagesOf(again)[0]).toMatch(/^The box #\d+ of \w{3} \d+ \w{3} is skipped already$/);
    const rows = (await timeline(skipping.user.id)).data.filter((e) => e.action === 'order.skip');
    expect(rows).toHaveLength(1);
  });
});

describe('moving a box', () => {
  it("offers the courier's days and moves the box to one through the customer's workflow", async () => {
    const to = await anotherDay(moving);
    const res = await call(
      'POST',
      moveUrl(moving),
      { deliveryDate: to.deliveryDate, deliverySlotId: to.slot, reason: 'Customer away Friday' },
      as.admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { order, audit } = res.json<{ order: Order; audit: AuditEvent }>();
    expect(order).toMatchObject({ deliveryDate: to.deliveryDate, expectedDeliverySlotId: 'PM' });
    expect(audit).toMatchObject({
      actor: { type: 'staff', userId: ids.admin, role: 'admin' },
      action: 'order.move-delivery',
      permission: 'orders:write',
      targetId: moving.order.id,
      customerId: moving.user.id,
      before: { deliveryDate: moving.order.deliveryDate },
      after: { deliveryDate: to.deliveryDate },
      reason: 'Customer away Friday',
    });
    expect((await timeline(moving.user.id)).data[0]).toEqual(audit);
    expect((await orderNow(moving.order.id)).deliveryDate).toBe(to.deliveryDate);
    const events = (
      await callJson(h.apps.order!, 'GET', `/api/v1/orders/${moving.order.id}/events`)
    ).json<OrderEvent[]>();
    expect(events.at(-1)?.createdBy).toBe(`staff:${ids.admin}`);
  });

  it('answers a day the courier does not deliver with a 400 naming the next dates, nothing moved', async () => {
    const before = await orderNow(moving.order.id);
    const options = (
      await call('GET', optionsUrl(moving), undefined, as.support)
    ).json<DeliveryOptions>();
    const offered = new Set(options.options.map((o) => o.deliveryDate));
    let day = before.deliveryDate;
    do day = new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);
    while (offered.has(day));
    const res = await call('POST', moveUrl(moving), { deliveryDate: day, reason: 'x' }, as.support);
    expect(res.statusCode, res.body).toBe(400);
    expect(messagesOf(res)[0]).toMatch(/^We do not deliver to Richmond 3121 on /);
    expect(await orderNow(moving.order.id)).toMatchObject({ version: before.version });
  });
});

describe('cancelling and reactivating', () => {
  it('lists the cancel reasons the customer app offers', () => {
    expect(reasons.length).toBeGreaterThan(0);
    expect(reasons[0]).toMatchObject({ id: expect.any(String), description: expect.any(String) });
  });

  it("cancels with the customer's cancel reason as the member of staff, then reactivates", async () => {
    const res = await call(
      'POST',
      cancelUrl(cancelling),
      {
        primaryCancelReasonId: reasons[0]!.id,
        otherCancelReason: 'Said on the phone',
        reason: 'Customer rang to cancel',
      },
      as.support,
    );
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = res.json<{
      subscription: Subscription;
      deletedOrderIds: string[];
      audit: AuditEvent;
    }>();
    expect(cancelled.subscription).toMatchObject({ status: 'cancelled' });
    expect(cancelled.deletedOrderIds).toEqual([cancelling.order.id]);
    expect(cancelled.audit).toMatchObject({
      actor: { type: 'staff', userId: ids.support, role: 'support' },
      action: 'subscription.cancel',
      permission: 'subscriptions:write',
      targetId: cancelling.subscription.id,
      customerId: cancelling.user.id,
      before: { status: 'active' },
      after: { status: 'cancelled' },
      reason: 'Customer rang to cancel',
    });
    const read = await subscriptionNow(cancelling.subscription.id);
    expect(read).toMatchObject({
      status: 'cancelled',
      cancelledBy: `staff:${ids.support}`,
      cancelledByAdmin: true,
      cancellationReasons: [
        expect.objectContaining({ cancelReasonId: reasons[0]!.id, isPrimary: true }),
      ],
      otherCancelReason: 'Said on the phone',
    });

    const again = await call(
      'POST',
      cancelUrl(cancelling),
      { primaryCancelReasonId: reasons[0]!.id, reason: 'Again' },
      as.support,
    );
    expect(again.statusCode).toBe(409);

    const back = await call(
      'POST',
      reactivateUrl(cancelling),
      { reason: 'Changed their mind' },
      as.admin,
    );
    expect(back.statusCode, back.body).toBe(200);
    const reactivated = back.json<{
      subscription: Subscription;
      ordersCreated: number;
      audit: AuditEvent;
    }>();
    expect(reactivated.subscription).toMatchObject({
      status: 'active',
      updatedBy: `staff:${ids.admin}`,
    });
    // The answer says what happened: the boxes planned again are the plan's boxes now (the
    // cancellation removed its only one).
    const boxes = (
      await callJson(
        h.apps.order!,
        'GET',
        `/api/v1/orders?subscriptionId=${cancelling.subscription.id}`,
      )
    ).json<{ data: Order[] }>();
    expect(reactivated.ordersCreated).toBe(boxes.data.length);
    expect(reactivated.audit).toMatchObject({
      actor: { userId: ids.admin, role: 'admin' },
      action: 'subscription.reactivate',
      before: { status: 'cancelled' },
      after: { status: 'active' },
      reason: 'Changed their mind',
    });
    const rows = (await timeline(cancelling.user.id)).data;
    expect(rows.slice(0, 2)).toEqual([reactivated.audit, cancelled.audit]);
  });

  it('answers a reactivation of an active plan as the workflow does (409), no row', async () => {
    const before = (await timeline(cancelling.user.id)).data.length;
    const res = await call('POST', reactivateUrl(cancelling), { reason: 'x' }, as.support);
    expect(res.statusCode).toBe(409);
    expect((await timeline(cancelling.user.id)).data).toHaveLength(before);
  });
});
