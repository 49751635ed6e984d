import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DatabaseConnection } from '@pawfresh/db';
import { TestClock, unstorableTextMessage, type PrincipalRole } from '@pawfresh/kit';
import type { AuditEvent } from '@pawfresh/contracts/audit';
import type { Dog } from '@pawfresh/contracts/dogs';
import type { User } from '@pawfresh/contracts/identity';
import type { DeliveryOptions, Order } from '@pawfresh/contracts/order';
import type { Payment } from '@pawfresh/contracts/payment';
import type { Product } from '@pawfresh/contracts/product';
import { staffContract } from '@pawfresh/contracts/staff';
import {
  hasPermission,
  missingPermissionMessage,
  staffRoles,
  type Permission,
  type StaffRole,
} from '@pawfresh/contracts/staff-roles';
import type { Subscription } from '@pawfresh/contracts/subscription';
import {
  callJson,
  dayFromNow,
  dogWithActivePlan,
  messagesOf,
  planBoxBody,
  serviceAuth,
  serviceGraph,
  type ServiceGraph,
  signedInAs,
  testDatabase,
} from '@pawfresh/testing';
import { accountService } from '@pawfresh/account';
import { auditService } from '@pawfresh/audit';
import { courierService } from '@pawfresh/courier';
import { dogsService } from '@pawfresh/dogs';
import { fulfilmentService } from '@pawfresh/fulfilment';
import { identityService, startTestSession } from '@pawfresh/identity';
import { createLegacyService } from '@pawfresh/legacy';
import { orchestrationService } from '@pawfresh/orchestration';
import { orderService } from '@pawfresh/order';
import { paymentService } from '@pawfresh/payment';
import { pricingService } from '@pawfresh/pricing';
import { productService } from '@pawfresh/product';
import { subscriptionService } from '@pawfresh/subscription';
import { staffService } from '../src/index.js';

/** The staff API with every service behind it on one fresh database (one graph per test file). */
export interface StaffHarness {
  database: DatabaseConnection;
  graph: ServiceGraph;
  apps: Record<string, FastifyInstance>;
  staff: FastifyInstance;
  clock: TestClock;
  meals: Product[];
}

/** The legacy exporter on the embedded legacy schema, filled with a generated set this size. */
export interface StaffApiOptions {
  legacy?: { customers: number; seed: number };
}

export function useStaffApi(options: StaffApiOptions = {}): StaffHarness {
  const h = { clock: new TestClock(new Date().toISOString()) } as StaffHarness;
  beforeAll(async () => {
    h.database = await testDatabase();
    const legacy = options.legacy
      ? createLegacyService({ legacyDatabaseUrl: undefined, dataSet: options.legacy })
      : undefined;
    await legacy?.seedDemoData!({ database: h.database } as never);
    h.graph = await serviceGraph(
      {
        identity: identityService,
        audit: auditService,
        product: productService,
        pricing: pricingService,
        dogs: dogsService,
        courier: courierService,
        fulfilment: fulfilmentService,
        order: orderService,
        payment: paymentService,
        subscription: subscriptionService,
        orchestration: orchestrationService,
        account: accountService,
        staff: staffService,
        ...(legacy ? { legacy } : {}),
      },
      { database: h.database, clock: h.clock },
    );
    h.apps = h.graph.apps;
    h.staff = h.apps.staff!;
    await callJson(h.apps.product!, 'POST', '/api/v1/products/reset-by-seed-script', {});
    h.meals = (await callJson(h.apps.product!, 'GET', '/api/v1/products?type=meal')).json<
      Product[]
    >();
  }, 180_000);
  afterAll(async () => {
    await h.graph?.close();
    await h.database?.close();
  });
  return h;
}

/** The `authorization` header of a signed-in user with the role (a live session in identity). */
export const signedIn = (h: StaffHarness, role: PrincipalRole, userId: string = randomUUID()) =>
  signedInAs({ database: h.database, clock: h.clock, startTestSession }, userId, { role });

export interface Customer {
  user: User;
  subscription: Subscription;
  order: Order;
  payment: Payment;
}

/**
 * A customer in identity with a dog on an active fortnightly plan, one open box, a saved card and
 * a captured payment of $200 (20000 cents) for that box.
 */
export async function customer(h: StaffHarness): Promise<Customer> {
  const { apps } = h;
  const made = await callJson(apps.identity!, 'POST', '/identity/users', {
    email: `customer-${randomUUID().slice(0, 8)}@example.com.au`,
    password: 'woofwoof9',
    firstName: 'Jo',
    lastName: 'Tester',
  });
  expect(made.statusCode, made.body).toBe(201);
  const user = made.json<User>();
  const meal = h.meals.find((m) => m.status === 'active')!;
  const { dog, subscription } = await dogWithActivePlan<Subscription, Dog>(
    { dogs: apps.dogs!, subscription: apps.subscription! },
    user.id,
    meal,
  );
  const order = await callJson(
    apps.order!,
    'POST',
    '/api/v1/orders',
    planBoxBody(subscription, dog.identifier, 0, dayFromNow(16)),
  );
  expect(order.statusCode, order.body).toBe(201);
  const card = await callJson(apps.payment!, 'POST', '/customers/create-payment-method', {
    userId: user.id,
    card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' },
  });
  expect(card.statusCode, card.body).toBe(201);
  const charged = await callJson(
    apps.payment!,
    'POST',
    `/customers/${user.id}/payments`,
    {
      amount: 20_000,
      description: 'Box',
      reference: { referenceType: 'order', referenceId: order.json<Order>().id },
      createdBy: 'test',
    },
    { ...serviceAuth, 'idempotency-key': randomUUID() },
  );
  expect(charged.statusCode, charged.body).toBe(201);
  return {
    user,
    subscription,
    order: order.json<Order>(),
    payment: charged.json<Payment>(),
  };
}

export const STAFF_API = '/api/staff/v1';

/** A call to the staff API; a POST carries a fresh Idempotency-Key unless one is given. */
export const staffCaller =
  (h: StaffHarness) =>
  (method: 'GET' | 'POST', url: string, body: unknown, headers: Record<string, string>) =>
    callJson(
      h.staff,
      method,
      `${STAFF_API}${url}`,
      body,
      method === 'POST' ? { 'idempotency-key': randomUUID(), ...headers } : headers,
    );
export type StaffCall = ReturnType<typeof staffCaller>;

/** One signed-in member of staff of each role (their ids and headers) and a signed-in customer. */
export interface Callers {
  ids: Record<StaffRole, string>;
  as: Record<StaffRole | 'customer', Record<string, string>>;
}

/**
 * The staff API for a test file (`useStaffApi`) with a caller, one signed-in member of staff of
 * each role (their ids and headers) and a signed-in customer, signed in before the file's tests.
 */
export function useStaffApiAsEveryone(options: StaffApiOptions = {}) {
  const h = useStaffApi(options);
  const callers = { ids: {}, as: {} } as Callers;
  beforeAll(async () => {
    for (const role of staffRoles) {
      callers.ids[role] = randomUUID();
      callers.as[role] = await signedIn(h, role, callers.ids[role]);
    }
    callers.as.customer = await signedIn(h, 'customer');
  });
  return { h, call: staffCaller(h), ...callers };
}

/** A customer's timeline as an admin reads it. */
export const timelineOf = async (call: StaffCall, as: Callers['as'], customerId: string) =>
  (await call('GET', `/customers/${customerId}/timeline`, undefined, as.admin)).json<{
    data: AuditEvent[];
    meta: { total: number };
  }>();

/** Staff routes by contract name, each with a call: method, url and body. */
export type RouteCalls = Record<string, [method: 'GET' | 'POST', url: string, body?: unknown]>;

/**
 * Each role on each route: allowed where its permissions say (a GET answers 200, a write with a
 * body the contract refuses 400: past the permission, nothing done), else 403 naming the permission.
 */
export async function expectPermissionMatrix(
  call: StaffCall,
  as: Callers['as'],
  routes: RouteCalls,
): Promise<void> {
  for (const [name, [method, url, body]] of Object.entries(routes)) {
    const endpoint = staffContract.endpoints[name as keyof typeof staffContract.endpoints] as {
      permission?: Permission;
    };
    const wanted = endpoint.permission!;
    for (const role of staffRoles) {
      const res = await call(method, url, body, as[role]);
      if (hasPermission(role, wanted)) {
        expect(res.statusCode, `${role} ${name}: ${res.body}`).toBe(method === 'GET' ? 200 : 400);
      } else {
        expect(res.statusCode, `${role} ${name}`).toBe(403);
        expect(res.json()).toEqual({
          message: missingPermissionMessage(role, wanted),
          error: 'Forbidden',
          statusCode: 403,
          type: 'forbidden',
          details: { permission: wanted },
        });
      }
    }
  }
}

/** A customer's token (403) and no token (401) on each route. */
export async function expectOnlyStaff(
  call: StaffCall,
  as: Callers['as'],
  routes: RouteCalls,
): Promise<void> {
  for (const [name, [method, url, body]] of Object.entries(routes)) {
    const customerCall = await call(method, url, body, as.customer);
    expect(customerCall.statusCode, name).toBe(403);
    expect(messagesOf(customerCall)).toEqual(['Only staff can use the staff API']);
    expect((await call(method, url, body, {})).statusCode, name).toBe(401);
  }
}

/** The customer's box with its payment moved through these statuses, as billing would move it. */
export async function movePayment(h: StaffHarness, c: Customer, statuses: readonly string[]) {
  let version = c.order.version;
  for (const paymentStatus of statuses) {
    const moved = await callJson(
      h.apps.order!,
      'PATCH',
      `/api/v1/orders/${c.order.id}/payment-status`,
      { paymentStatus, version, updatedBy: 'test' },
      serviceAuth,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    version = moved.json<Order>().version;
  }
}

/** The box as the order service has it now. */
export const orderNow = async (h: StaffHarness, id: string) =>
  (await callJson(h.apps.order!, 'GET', `/api/v1/orders/${id}`)).json<Order>();

/** A day and slot the courier delivers the box on, other than its own, that a move is accepted to. */
export async function anotherDay(call: StaffCall, as: Callers['as'], c: Customer) {
  const options = (
    await call(
      'GET',
      `/customers/${c.user.id}/orders/${c.order.id}/delivery-options`,
      undefined,
      as.support,
    )
  ).json<DeliveryOptions>();
  const to = options.options.find(
    (o) => o.accepted && o.deliveryDate !== options.deliveryDate && o.slot === 'PM',
  );
  expect(to, JSON.stringify(options)).toBeDefined();
  return to!;
}

/** An audit row as the audit service stored it (for writes with no customer timeline). */
export async function storedAuditOf(h: StaffHarness, id: string) {
  const found = await h.database
    .forSchema({})
    .execute(
      sql`select actor_user_id, actor_role, action, permission, target_type, target_id, customer_id, reason, before, after from audit.audit_events where id = ${id}`,
    );
  return (found as unknown as { rows: Record<string, unknown>[] }).rows[0];
}

const REASON_REQUIRED =
  "reason is required: say why (what the customer asked, or what went wrong); it is kept in the customer's timeline";

/**
 * Each staff write with a good body spoilt one way at a time (no reason, a blank or wrong-typed
 * one, 100k characters, a NUL byte, an actor field the server writes, not an object): a 400 in
 * the envelope with words a person can act on.
 */
export async function expectSpoiltBodiesRefused(
  call: StaffCall,
  as: Callers['as'],
  good: Record<string, [url: string, body: Record<string, unknown>]>,
  reasonRequired = REASON_REQUIRED,
): Promise<void> {
  for (const [name, [url, body]] of Object.entries(good)) {
    const spoilt: [body: unknown, message: string][] = [
      [{ ...body, reason: undefined }, reasonRequired],
      [{ ...body, reason: '   ' }, reasonRequired],
      [{ ...body, reason: 42 }, reasonRequired],
      [{ ...body, reason: 'x'.repeat(100_000) }, 'reason must be 500 characters or less'],
      [{ ...body, reason: 'box\u0000gone' }, unstorableTextMessage(['reason'])],
      [{ ...body, updatedBy: 'someone else' }, 'Unknown field: updatedBy'],
      [[body], 'Request must be a JSON object'],
    ];
    for (const [sent, message] of spoilt) {
      const res = await call('POST', url, sent, as.admin);
      expect(res.statusCode, `${name} ${JSON.stringify(sent).slice(0, 80)}`).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Bad Request', statusCode: 400 });
      expect(messagesOf(res), name).toContain(message);
    }
  }
}
