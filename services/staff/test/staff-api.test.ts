import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@pawfresh/contracts/audit';
import type { Payment } from '@pawfresh/contracts/payment';
import type { User } from '@pawfresh/contracts/identity';
import {
  staffContract,
  type StaffCustomerOverview,
  type StaffFailedPayment,
  type StaffSearchResult,
} from '@pawfresh/contracts/staff';
import {
  REFUND_LIMIT_CENTS,
  hasPermission,
  permissions,
  staffRoles,
} from '@pawfresh/contracts/staff-roles';
import type { Subscription } from '@pawfresh/contracts/subscription';
import { callJson, fuzzContract, messagesOf, serviceAuth } from '@pawfresh/testing';
import {
  customer,
  expectOnlyStaff,
  signedIn,
  expectPermissionMatrix,
  movePayment,
  timelineOf,
  useStaffApiAsEveryone,
  type Customer,
  type RouteCalls,
} from './harness.js';

// A small legacy system behind it: the migration routes are fuzzed like every other.
const { h, call, ids, as } = useStaffApiAsEveryone({ legacy: { customers: 10, seed: 7 } });
let c: Customer;

beforeAll(async () => {
  c = await customer(h);
}, 120_000);

const timeline = (customerId: string) => timelineOf(call, as, customerId);

describe('signing in', () => {
  const email = `support-${randomUUID().slice(0, 8)}@pawfresh.com.au`;
  beforeAll(async () => {
    const made = await callJson(h.apps.identity!, 'POST', '/identity/users', {
      email,
      password: 'staffpass9',
      firstName: 'Sue',
      lastName: 'Port',
      role: 'support',
    });
    expect(made.statusCode).toBe(201);
  });

  const cookieOf = (res: { headers: Record<string, unknown> }, name: string) =>
    ([res.headers['set-cookie'] ?? []].flat() as string[]).find((c) => c.startsWith(`${name}=`));

  it('signs staff in with a refresh cookie for this API only, rotated on refresh', async () => {
    const login = await call('POST', '/login', { email, password: 'staffpass9' }, {});
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().staff).toMatchObject({
      email,
      role: 'support',
      refundLimit: REFUND_LIMIT_CENTS,
      permissions: expect.arrayContaining(['refunds:create', 'customers:read']),
    });
    const cookie = cookieOf(login, 'pawfresh_staff_refresh')!;
    expect(cookie).toContain('Path=/api/staff/v1');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookieOf(login, 'pawfresh_staff_session')).toContain('Path=/');
    const token = cookie.split(';')[0]!;

    const me = await call('GET', '/me', undefined, {
      authorization: `Bearer ${login.json().accessToken}`,
    });
    expect(me.json()).toMatchObject({ email, role: 'support' });

    const refreshed = await call('POST', '/refresh', undefined, { cookie: token });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const next = cookieOf(refreshed, 'pawfresh_staff_refresh')!.split(';')[0]!;
    expect(next).not.toBe(token);
    // The used cookie again is reuse: the whole session ends, the newer cookie too.
    expect((await call('POST', '/refresh', undefined, { cookie: token })).statusCode).toBe(401);
    expect((await call('POST', '/refresh', undefined, { cookie: next })).statusCode).toBe(401);
    expect((await call('POST', '/logout', undefined, { cookie: next })).statusCode).toBe(204);
  });

  it('refuses a customer with the same words as a wrong password', async () => {
    const wrong = await call('POST', '/login', { email, password: 'not-it-at-all' }, {});
    expect(wrong.statusCode).toBe(401);
    const customerLogin = await call(
      'POST',
      '/login',
      { email: c.user.email, password: 'woofwoof9' },
      {},
    );
    expect(customerLogin.statusCode).toBe(401);
    expect(messagesOf(customerLogin)).toEqual(messagesOf(wrong));
    expect(cookieOf(customerLogin, 'pawfresh_staff_refresh')).toBeUndefined();
  });

  it('throttles guessing like the customer sign-in', async () => {
    const target = `locked-${randomUUID().slice(0, 8)}@pawfresh.com.au`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await call('POST', '/login', { email: target, password: 'guess' }, {})).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('GET /me', () => {
  it('answers each role with its permissions', async () => {
    for (const role of staffRoles) {
      const me = await call('GET', '/me', undefined, as[role]);
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json()).toMatchObject({ id: ids[role], role });
      expect(me.json().permissions).toEqual(permissions.filter((p) => hasPermission(role, p)));
    }
    expect((await call('GET', '/me', undefined, as.customer)).statusCode).toBe(403);
    expect((await call('GET', '/me', undefined, {})).statusCode).toBe(401);
  });
});

describe('who may call what', () => {
  /** Each staff route with a call that passes the permission check and does nothing. */
  const harmless = (): RouteCalls => ({
    search: ['GET', `/search?q=${encodeURIComponent(c.user.email)}`],
    findCustomers: ['GET', `/customers?email=${encodeURIComponent(c.user.email)}`],
    getCustomer: ['GET', `/customers/${c.user.id}`],
    customerOverview: ['GET', `/customers/${c.user.id}/overview`],
    customerOrders: ['GET', `/customers/${c.user.id}/orders`],
    customerPayments: ['GET', `/customers/${c.user.id}/payments`],
    customerTimeline: ['GET', `/customers/${c.user.id}/timeline`],
    failedPayments: ['GET', '/payments/failed'],
    // Writes with a body the contract refuses: past the permission, nothing is done (400).
    refundPayment: ['POST', `/payments/${c.payment.id}/refunds`, { amount: 0 }],
    pauseSubscription: ['POST', `/subscriptions/${c.subscription.id}/pause`, {}],
    resumeSubscription: ['POST', `/subscriptions/${c.subscription.id}/resume`, {}],
  });

  it('lets each role do what its permissions say, and answers the rest 403 naming the permission', async () => {
    await expectPermissionMatrix(call, as, harmless());
  });

  it('refuses a customer token (403) and no token (401) on every staff route', async () => {
    await expectOnlyStaff(call, as, harmless());
  });

  it('sends staff other than admins away from the services themselves', async () => {
    const url = `/svc/payment/payments/${c.payment.id}`;
    for (const role of staffRoles) {
      const res = await callJson(
        h.apps.payment!,
        'GET',
        `/payments/${c.payment.id}`,
        undefined,
        as[role],
      );
      expect(res.statusCode, `${role} ${url}`).toBe(role === 'admin' ? 200 : 403);
    }
    const reset = await callJson(
      h.apps.product!,
      'POST',
      '/api/v1/products/reset-by-seed-script',
      {},
      as.support,
    );
    expect(reset.statusCode).toBe(403);
  });
});

describe('finding a customer', () => {
  it('finds a customer by e-mail or id, and never a member of staff', async () => {
    const byEmail = await call(
      'GET',
      `/customers?email=${c.user.email.toUpperCase()}`,
      undefined,
      as.support,
    );
    expect(byEmail.json().data.map((u: { id: string }) => u.id)).toEqual([c.user.id]);
    const byId = await call('GET', `/customers?id=${c.user.id}`, undefined, as.support);
    expect(byId.json().data.map((u: { id: string }) => u.id)).toEqual([c.user.id]);
    const staffMember = await call('GET', `/customers?id=${ids.admin}`, undefined, as.support);
    expect(staffMember.json()).toEqual({ data: [] });
    expect((await call('GET', `/customers/${ids.admin}`, undefined, as.support)).statusCode).toBe(
      404,
    );
    expect(
      (await call('GET', `/customers/${randomUUID()}`, undefined, as.support)).statusCode,
    ).toBe(404);
  });

  it("lists the customer's orders and payments", async () => {
    const orders = await call('GET', `/customers/${c.user.id}/orders`, undefined, as.support);
    expect(orders.json().data.map((o: { id: string }) => o.id)).toEqual([c.order.id]);
    expect(orders.json().meta).toMatchObject({ total: 1, offset: 0, limit: 20 });
    const payments = await call('GET', `/customers/${c.user.id}/payments`, undefined, as.support);
    expect(payments.json().data.map((p: { id: string }) => p.id)).toContain(c.payment.id);
  });

  it('answers a lookup with neither or both keys with a 400 that says what to give', async () => {
    for (const q of ['', `?email=a@b.com.au&id=${randomUUID()}`]) {
      const res = await call('GET', `/customers${q}`, undefined, as.support);
      expect(res.statusCode).toBe(400);
      expect(messagesOf(res)).toEqual(['Give either email or id to find a customer']);
    }
  });
});

describe('the search box', () => {
  type Found = { data: StaffSearchResult[] };
  const search = async (q: string, headers = as.support) => {
    const res = await call('GET', `/search?q=${encodeURIComponent(q)}`, undefined, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Found>().data;
  };
  const summary = (found: StaffSearchResult[]) =>
    found.map((r) => [r.matched, r.customer.id, r.order?.id ?? null]);

  let phoned: User;
  let shipment: { trackingNumber: string; invoiceNumber: string };
  beforeAll(async () => {
    const made = await callJson(h.apps.identity!, 'POST', '/identity/users', {
      email: `Phoebe.${randomUUID().slice(0, 6)}@example.com.au`,
      password: 'woofwoof9',
      firstName: 'Phoebe',
      lastName: 'Quokka-Smith',
      phoneNumber: '0412 555 019',
    });
    expect(made.statusCode, made.body).toBe(201);
    phoned = made.json<User>();
    // A member of staff with the same name: never listed.
    await callJson(h.apps.identity!, 'POST', '/identity/users', {
      email: `phoebe-staff-${randomUUID().slice(0, 6)}@pawfresh.com.au`,
      password: 'staffpass9',
      firstName: 'Phoebe',
      lastName: 'Quokka-Smith',
      role: 'support',
    });
    // A delivery booked for the order, on the first day and slot the courier delivers to Melbourne.
    const book = (day: number, timePreference: 'AM' | 'PM') => {
      const date = new Date(h.clock.now().getTime() + day * 86_400_000).toISOString().slice(0, 10);
      return callJson(h.apps.courier!, 'POST', '/api/v1/couriers/becool/shipments', {
        makeDate: date,
        orderId: c.order.id,
        customer: {
          id: c.user.id,
          name: 'Jo Tester',
          contact: { phone1: '0412345678', email: c.user.email },
          address: { address1: '1 Collins St', city: 'Melbourne', state: 'vic', postcode: '3000' },
        },
        delivery: { instructions: '', date, timePreference },
      });
    };
    let booked = await book(2, 'AM');
    for (let day = 2; booked.statusCode !== 200 && day < 16; day++) {
      for (const slot of ['AM', 'PM'] as const) {
        if (booked.statusCode !== 200) booked = await book(day, slot);
      }
    }
    expect(booked.statusCode, booked.body).toBe(200);
    shipment = booked.json<{ delivery: typeof shipment }>().delivery;
  });

  it('finds the order and its customer by order number, with or without #', async () => {
    for (const q of [String(c.order.orderNumber), `#${c.order.orderNumber}`]) {
      expect(summary(await search(q))).toContainEqual(['orderNumber', c.user.id, c.order.id]);
    }
  });

  it('finds a customer by e-mail or its start, name or its start, phone in either form, and id', async () => {
    const id = phoned.id;
    expect(summary(await search(phoned.email))).toEqual([['email', id, null]]);
    expect(summary(await search(phoned.email.slice(0, 10).toUpperCase()))).toContainEqual([
      'email',
      id,
      null,
    ]);
    for (const q of ['phoebe quok', 'Quokka', 'quokka-smith']) {
      expect(summary(await search(q)), q).toEqual([['name', id, null]]);
    }
    for (const q of ['0412555019', '+61 412 555 019', '(04) 1255-5019']) {
      expect(summary(await search(q)), q).toEqual([['phone', id, null]]);
    }
    expect(summary(await search(id))).toEqual([['customerId', id, null]]);
    expect(summary(await search(id.toUpperCase()))).toEqual([['customerId', id, null]]);
  });

  it("finds an order by its delivery's tracking and invoice numbers", async () => {
    expect(summary(await search(shipment.trackingNumber))).toContainEqual([
      'trackingNumber',
      c.user.id,
      c.order.id,
    ]);
    expect(summary(await search(shipment.invoiceNumber))).toContainEqual([
      'invoiceNumber',
      c.user.id,
      c.order.id,
    ]);
  });

  it('answers nothing found with an empty list, and lists no staff', async () => {
    expect(await search('PFR99999999')).toEqual([]);
    expect(await search('zz-nobody-by-this-name')).toEqual([]);
    expect(await search('999999999')).toEqual([]);
    expect(await search(ids.support)).toEqual([]);
    // Wildcards are taken as they are written.
    expect(await search('%')).toEqual([]);
    expect(await search('_hoebe')).toEqual([]);
  });

  it('answers bad or odd text with a 400 in the envelope, never a 500', async () => {
    const get = (query: string) => call('GET', `/search${query}`, undefined, as.support);
    for (const query of [
      '',
      '?q=',
      '?q=%20%20',
      `?q=${'a'.repeat(201)}`,
      `?q=${'a'.repeat(100_000)}`,
      '?q=a%00b',
      '?q=a&extra=1',
    ]) {
      const res = await get(query);
      expect(res.statusCode, query.slice(0, 40)).toBe(400);
      expect(res.json(), query.slice(0, 40)).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
      });
      expect(typeof res.json().message === 'string' || Array.isArray(res.json().message)).toBe(
        true,
      );
    }
    // A lone surrogate as UTF-8 would carry it (not valid UTF-8; a browser sends U+FFFD
    // instead): read as the text it decodes to, which matches nothing.
    for (const query of ['?q=%ED%A0%80', '?q=ab%ED%B0%80c']) {
      const res = await get(query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
      expect(res.json()).toEqual({ data: [] });
    }
  });
});

describe('the customer 360', () => {
  it('answers the customer, their dogs, plan, boxes to come with contents and masked cards at once', async () => {
    const res = await call('GET', `/customers/${c.user.id}/overview`, undefined, as.support);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json<StaffCustomerOverview>();
    expect(view.customer).toMatchObject({ id: c.user.id, email: c.user.email });
    expect(view.address).toBeNull();
    expect(view.dogs).toHaveLength(1);
    expect(view.subscriptions.map((s) => [s.id, s.cadenceInWeeks > 0])).toEqual([
      [c.subscription.id, true],
    ]);
    expect(view.subscriptions[0]!.feedingPlans[0]!.animalId).toBe(view.dogs[0]!.identifier);
    expect(view.upcomingBoxes.map((b) => b.order.id)).toEqual([c.order.id]);
    const contents = view.upcomingBoxes[0]!.contents;
    expect(contents.length).toBeGreaterThan(0);
    for (const item of contents) {
      expect(h.meals.map((m) => m.name)).toContain(item.name);
    }
    // Cards: brand, last four and expiry only.
    expect(view.cards).toEqual([
      {
        id: expect.any(String),
        brand: 'visa',
        last4Digits: '4242',
        expiryMonth: 12,
        expiryYear: 2030,
        default: expect.any(Boolean),
      },
    ]);
    expect(res.body).not.toContain('pm_sandbox');
  });

  it('answers an unknown id or a member of staff 404, a malformed id 400', async () => {
    for (const id of [randomUUID(), ids.support]) {
      const res = await call('GET', `/customers/${id}/overview`, undefined, as.admin);
      expect(res.statusCode).toBe(404);
      expect(messagesOf(res)).toEqual([`Customer ${id} not found`]);
    }
    const bad = await call('GET', '/customers/not-an-id/overview', undefined, as.admin);
    expect(bad.statusCode).toBe(400);
    expect(messagesOf(bad)).toEqual(['customerId must be a valid UUID']);
  });
});

describe('the failed payments queue', () => {
  it("lists boxes whose payment failed with their customer and the provider's reason", async () => {
    const failing = await customer(h);
    // The card on file now declines: the next charge for the box fails (402), its attempt kept.
    const declining = await callJson(h.apps.payment!, 'POST', '/customers/create-payment-method', {
      userId: failing.user.id,
      card: { number: '4000 0000 0000 0002', expMonth: 12, expYear: 2030, cvc: '123' },
      setDefault: true,
    });
    expect(declining.statusCode, declining.body).toBe(201);
    // The box's earlier, successful payment was made at this same test instant: a second later,
    // the declined attempt is the box's latest (payments at one instant are in no set order).
    h.clock.advance(1_000);
    const declined = await callJson(
      h.apps.payment!,
      'POST',
      `/customers/${failing.user.id}/payments`,
      {
        amount: failing.order.totalCharge,
        description: `Box #${failing.order.orderNumber}`,
        reference: { referenceType: 'order', referenceId: failing.order.id },
        createdBy: 'test',
      },
      { ...serviceAuth, 'idempotency-key': randomUUID() },
    );
    expect(declined.statusCode, declined.body).toBe(402);
    await movePayment(h, failing, ['processing', 'attempt_failed']);

    const res = await call('GET', '/payments/failed', undefined, as.support);
    expect(res.statusCode, res.body).toBe(200);
    const queue = res.json<{ data: StaffFailedPayment[]; meta: { total: number } }>();
    const row = queue.data.find((r) => r.order.id === failing.order.id);
    expect(row).toMatchObject({
      order: { orderNumber: failing.order.orderNumber },
      customer: { id: failing.user.id, email: failing.user.email },
      payment: { failureReason: 'Your card was declined.' },
    });
    expect(queue.data.map((r) => r.order.id)).not.toContain(c.order.id);
    expect(queue.meta.total).toBeGreaterThanOrEqual(1);

    const bad = await call('GET', '/payments/failed?limit=101', undefined, as.support);
    expect(bad.statusCode).toBe(400);
    expect(messagesOf(bad)).toEqual(['limit must be a whole number from 1 to 100']);
  });
});

describe('refunding a payment', () => {
  const payment = async (id: string) =>
    (await callJson(h.apps.payment!, 'GET', `/payments/${id}`)).json<Payment>();

  it('lets support refund up to the limit, with the actor from the session and an audit row', async () => {
    const res = await call(
      'POST',
      `/payments/${c.payment.id}/refunds`,
      { amount: 2_500, reason: 'Box arrived warm' },
      as.support,
    );
    expect(res.statusCode, res.body).toBe(201);
    const { refund, audit } = res.json();
    expect(refund).toMatchObject({ amount: 2_500, createdBy: `staff:${ids.support}` });
    expect(audit).toMatchObject({
      actor: { type: 'staff', userId: ids.support, role: 'support', name: 'Test Session' },
      action: 'payment.refund',
      permission: 'refunds:create',
      targetType: 'payment',
      targetId: c.payment.id,
      customerId: c.user.id,
      before: { amountRefunded: 0 },
      after: { amountRefunded: 2_500, refundId: refund.id },
      reason: 'Box arrived warm',
    });
    const read = await timeline(c.user.id);
    expect(read.data.find((e) => e.id === audit.id)).toEqual(audit);
  });

  it('refuses support over the limit (403 naming refunds:over-limit) and lets an admin', async () => {
    const before = await payment(c.payment.id);
    const over = await call(
      'POST',
      `/payments/${c.payment.id}/refunds`,
      { amount: REFUND_LIMIT_CENTS + 1, reason: 'Whole order spoiled' },
      as.support,
    );
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({
      message: 'Your role (support) does not have the permission refunds:over-limit: ask an admin',
      details: { permission: 'refunds:over-limit' },
    });
    expect((await payment(c.payment.id)).amountRefunded).toBe(before.amountRefunded);
    const admin = await call(
      'POST',
      `/payments/${c.payment.id}/refunds`,
      { amount: REFUND_LIMIT_CENTS + 1, reason: 'Whole order spoiled' },
      as.admin,
    );
    expect(admin.statusCode, admin.body).toBe(201);
    expect(admin.json().audit).toMatchObject({
      actor: { userId: ids.admin, role: 'admin' },
      permission: 'refunds:over-limit',
    });
  });

  it('wants a reason, and takes no actor from the body', async () => {
    for (const body of [{ amount: 100 }, { amount: 100, reason: '   ' }]) {
      const res = await call('POST', `/payments/${c.payment.id}/refunds`, body, as.support);
      expect(res.statusCode).toBe(400);
      expect(messagesOf(res)).toEqual([
        "reason is required: say why (what the customer asked, or what went wrong); it is kept in the customer's timeline",
      ]);
    }
    const actor = await call(
      'POST',
      `/payments/${c.payment.id}/refunds`,
      { amount: 100, reason: 'x', createdBy: 'someone else' },
      as.support,
    );
    expect(actor.statusCode).toBe(400);
    expect(messagesOf(actor)).toEqual(['Unknown field: createdBy']);
  });

  it('passes on more than is left (409) and an unknown payment (404)', async () => {
    const left = await payment(c.payment.id);
    const tooMuch = await call(
      'POST',
      `/payments/${c.payment.id}/refunds`,
      { amount: left.amountCaptured - left.amountRefunded + 1, reason: 'Everything' },
      as.admin,
    );
    expect(tooMuch.statusCode).toBe(409);
    const unknown = await call(
      'POST',
      `/payments/${randomUUID()}/refunds`,
      { amount: 100, reason: 'x' },
      as.support,
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('pausing and resuming', () => {
  const resumeAt = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);

  it('pauses and resumes as the member of staff, each with a reason and an audit row', async () => {
    const paused = await call(
      'POST',
      `/subscriptions/${c.subscription.id}/pause`,
      { resumeAt, reason: 'Customer away for two months' },
      as.support,
    );
    expect(paused.statusCode, paused.body).toBe(200);
    const p = paused.json<{ subscription: Subscription; audit: AuditEvent }>();
    expect(p.subscription).toMatchObject({ status: 'paused', updatedBy: `staff:${ids.support}` });
    expect(p.audit).toMatchObject({
      actor: { type: 'staff', userId: ids.support, role: 'support' },
      action: 'subscription.pause',
      permission: 'subscriptions:write',
      targetId: c.subscription.id,
      customerId: c.user.id,
      before: { status: 'active' },
      after: { status: 'paused', updatedBy: `staff:${ids.support}` },
      reason: 'Customer away for two months',
    });

    const resumed = await call(
      'POST',
      `/subscriptions/${c.subscription.id}/resume`,
      { reason: 'Back early' },
      as.admin,
    );
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().subscription).toMatchObject({
      status: 'active',
      updatedBy: `staff:${ids.admin}`,
    });

    const read = await timeline(c.user.id);
    expect(read.data.slice(0, 2).map((e) => [e.action, e.actor.userId, e.reason])).toEqual([
      ['subscription.resume', ids.admin, 'Back early'],
      ['subscription.pause', ids.support, 'Customer away for two months'],
    ]);
  });

  it('answers a resume of an active plan as the workflow does (409), a missing reason 400', async () => {
    const again = await call(
      'POST',
      `/subscriptions/${c.subscription.id}/resume`,
      { reason: 'Again' },
      as.support,
    );
    expect(again.statusCode).toBe(409);
    const noReason = await call(
      'POST',
      `/subscriptions/${c.subscription.id}/pause`,
      { resumeAt },
      as.support,
    );
    expect(noReason.statusCode).toBe(400);
    const actor = await call(
      'POST',
      `/subscriptions/${c.subscription.id}/pause`,
      { resumeAt, reason: 'x', updatedBy: 'someone else' },
      as.support,
    );
    expect(messagesOf(actor)).toEqual(['Unknown field: updatedBy']);
    const unknown = await call(
      'POST',
      `/subscriptions/${randomUUID()}/resume`,
      { reason: 'x' },
      as.support,
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the timeline', () => {
  it("shows the customer's own changes through the customer API beside the staff's", async () => {
    const other = await customer(h);
    const asCustomer = await signedIn(h, 'customer', other.user.id);
    const resumeAt = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    const paused = await callJson(
      h.apps.account!,
      'POST',
      `/api/v1/subscriptions/${other.subscription.id}/pause`,
      { resumeAt, version: other.subscription.version },
      asCustomer,
    );
    expect(paused.statusCode, paused.body).toBe(200);
    const resumed = await call(
      'POST',
      `/subscriptions/${other.subscription.id}/resume`,
      { reason: 'Customer rang: wants the next box after all' },
      as.support,
    );
    expect(resumed.statusCode, resumed.body).toBe(200);
    const read = await timeline(other.user.id);
    expect(
      read.data.map((e) => [e.action, e.actor.type, e.actor.userId, e.targetType, e.targetId]),
    ).toEqual([
      ['subscription.resume', 'staff', ids.support, 'subscription', other.subscription.id],
      [
        'customer-api.pauseSubscription',
        'customer',
        other.user.id,
        'subscription',
        other.subscription.id,
      ],
    ]);
    // A read leaves nothing; a refused change neither.
    await callJson(h.apps.account!, 'GET', '/api/v1/subscriptions', undefined, asCustomer);
    await callJson(
      h.apps.account!,
      'POST',
      `/api/v1/subscriptions/${randomUUID()}/pause`,
      { resumeAt },
      asCustomer,
    );
    expect((await timeline(other.user.id)).meta.total).toBe(2);
  });

  it('pages newest first and answers bad paging with a 400', async () => {
    const page = await call(
      'GET',
      `/customers/${c.user.id}/timeline?limit=1&offset=1`,
      undefined,
      as.support,
    );
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toHaveLength(1);
    expect(page.json().meta).toMatchObject({ offset: 1, limit: 1 });
    expect(page.json().meta.total).toBeGreaterThanOrEqual(4);
    for (const q of ['limit=0', 'limit=101', 'offset=-1', 'x=1']) {
      const res = await call('GET', `/customers/${c.user.id}/timeline?${q}`, undefined, as.support);
      expect(res.statusCode, q).toBe(400);
    }
  });
});

describe('odd input', () => {
  it('never crashes and always answers in the envelope', async () => {
    expect(await fuzzContract(h.staff, staffContract, as.admin, 15)).toEqual([]);
  });
});
