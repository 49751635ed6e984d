import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DatabaseConnection } from '@pawfresh/db';
import { TestClock, signAccessToken } from '@pawfresh/kit';
import type { Order } from '@pawfresh/contracts/order';
import type { User } from '@pawfresh/contracts/identity';
import type { Product } from '@pawfresh/contracts/product';
import type { Payment, PaymentPage } from '@pawfresh/contracts/payment';
import {
  callJson,
  routeFetch,
  serviceApp,
  svcUrl,
  testDatabase,
  TEST_ACCESS_TOKEN_SECRET,
} from '@pawfresh/testing';
import { accountService } from '@pawfresh/account';
import { courierService } from '@pawfresh/courier';
import { dogsService } from '@pawfresh/dogs';
import { identityService, startTestSession } from '@pawfresh/identity';
import { orderService } from '@pawfresh/order';
import { paymentService } from '@pawfresh/payment';
import { pricingService } from '@pawfresh/pricing';
import { productService } from '@pawfresh/product';
import { subscriptionService } from '@pawfresh/subscription';
import { orchestrationService } from '../src/index.js';
import { boxBody } from './server-box.js';

/**
 * The orchestration service with every service billing, invoices and test accounts call, real,
 * on one test database, in-process through their HTTP pipelines; and the customer API calling
 * orchestration. `calls[service]` counts requests by path; `down.payment = true` makes one
 * answer 503.
 */
export interface BillingHarness {
  database: DatabaseConnection;
  clock: TestClock;
  app: FastifyInstance;
  services: Record<string, FastifyInstance>;
  account: FastifyInstance;
  down: Record<string, boolean>;
  /** `down.charges`: the payment service answers 503 to charges only. */
  /** Requests each service got, by `METHOD path`. */
  requests: string[];
  close(): Promise<void>;
}

/** The orchestration endpoints that need this harness's services (fuzzed with it). */
export const BILLING_ENDPOINTS = [
  'chargeDueOrders',
  'manualChargeOrder',
  'reconcilePayments',
  'generateInvoice',
  'resetTemporalSchedules',
  'createTestAccount',
  'createAccountScenario',
];

/** Monday 2 November 2026, 8pm in Melbourne. */
export const START = '2026-11-02T09:00:00.000Z';

export async function billingHarness(): Promise<BillingHarness> {
  const database = await testDatabase();
  const clock = new TestClock(START);
  const services: Record<string, FastifyInstance> = {};
  const down: Record<string, boolean> = {};
  const requests: string[] = [];
  const routed = routeFetch(services);
  const fetch = async (url: string, init: RequestInit) => {
    const u = new URL(url);
    const name = u.hostname.replace(/\.svc$/, '');
    requests.push(`${name} ${init.method ?? 'GET'} ${u.pathname}`);
    const charge = name === 'payment' && /\/customers\/[^/]+\/payments$/.test(u.pathname);
    if (down[name] || (charge && down.charges)) {
      return new Response('{"message":"down"}', { status: 503 });
    }
    return routed(url, init);
  };
  const options = { database, clock, serviceUrl: svcUrl, fetch };
  services.product = await serviceApp(productService, { database, clock });
  services.pricing = await serviceApp(pricingService, { database, clock });
  services.dogs = await serviceApp(dogsService, { database, clock });
  services.courier = await serviceApp(courierService, { database, clock });
  services.identity = await serviceApp(identityService, { database, clock });
  services.payment = await serviceApp(paymentService, { database, clock });
  services.order = await serviceApp(orderService, options);
  services.subscription = await serviceApp(subscriptionService, options);
  services.orchestration = await serviceApp(orchestrationService, options);
  const account = await serviceApp(accountService, options);
  const seeded = await callJson(
    services.product,
    'POST',
    '/api/v1/products/reset-by-seed-script',
    {},
  );
  if (seeded.statusCode !== 200) throw new Error(`catalogue seed failed: ${seeded.body}`);
  return {
    database,
    clock,
    app: services.orchestration,
    services,
    account,
    down,
    requests,
    async close() {
      await account.close();
      await services.orchestration!.close();
      for (const [name, app] of Object.entries(services)) {
        if (name !== 'orchestration') await app.close();
      }
      await database.close();
    },
  };
}

export const TEST_CARDS = {
  visa: '4242424242424242',
  declined: '4000000000000002',
  insufficient: '4000000000009995',
} as const;

/** A customer in identity with a saved card (the default) in the payment service. */
export async function customer(
  h: BillingHarness,
  card: string | null = TEST_CARDS.visa,
): Promise<User> {
  const created = await callJson(h.services.identity!, 'POST', '/identity/users', {
    email: `billing-${randomUUID().slice(0, 8)}@example.com.au`,
    password: 'correct horse',
    firstName: 'Jo',
    lastName: 'Tester',
  });
  if (created.statusCode !== 201) throw new Error(`user: ${created.body}`);
  const user = created.json<User>();
  if (card) await saveCard(h, user.id, card);
  return user;
}

export async function saveCard(h: BillingHarness, userId: string, number: string) {
  const res = await callJson(h.services.payment!, 'POST', '/customers/create-payment-method', {
    userId,
    card: { number, expMonth: 12, expYear: 2030, cvc: '123' },
    setDefault: true,
  });
  if (res.statusCode !== 201) throw new Error(`card: ${res.body}`);
}

/** A Friday 20 November 2026 PM box in Richmond VIC: made Thu 19, billed Tue 17. */
export async function box(
  h: BillingHarness,
  userId: string,
  overrides: Record<string, unknown> = {},
): Promise<Order> {
  const res = await callJson(h.services.order!, 'POST', '/api/v1/orders', {
    ...boxBody(userId, '2026-11-20'),
    ...overrides,
  });
  if (res.statusCode !== 201) throw new Error(`order: ${res.body}`);
  return res.json<Order>();
}

export async function readOrder(h: BillingHarness, orderId: string): Promise<Order> {
  return (await callJson(h.services.order!, 'GET', `/api/v1/orders/${orderId}`)).json<Order>();
}

export async function eventsOf(h: BillingHarness, orderId: string) {
  return (await callJson(h.services.order!, 'GET', `/api/v1/orders/${orderId}/events`)).json<
    {
      action: string;
      previousValue: string | null;
      currentValue: string | null;
      createdBy: string | null;
    }[]
  >();
}

/** Charges that reached the payment service (one line per request), for one customer. */
export const chargeRequests = (h: BillingHarness, userId: string) =>
  h.requests.filter((r) => r === `payment POST /customers/${userId}/payments`).length;

/** The customer's payments, from the payment service's books (refunds list is by reference). */
export async function mailTo(h: BillingHarness, email: string) {
  return (
    await callJson(
      h.services.identity!,
      'GET',
      `/identity/dev/mailbox/messages?to=${encodeURIComponent(email)}`,
      undefined,
      {},
    )
  ).json<{ subject: string; text: string }[]>();
}

export async function customerAuth(h: BillingHarness, userId: string) {
  const { token } = await signAccessToken(
    {
      userId,
      role: 'customer',
      sessionId: await startTestSession(h.database, { userId, role: 'customer' }, h.clock.now()),
    },
    TEST_ACCESS_TOKEN_SECRET,
    { now: h.clock.now(), ttlSeconds: 900 },
  );
  return { authorization: `Bearer ${token}` };
}

/** The payments the payment service keeps for an order (its books), oldest first. */
/** An order's payments at the payment service, oldest first (declined attempts included). */
export async function paymentsFor(h: BillingHarness, orderId: string): Promise<Payment[]> {
  const res = await callJson(
    h.services.payment!,
    'GET',
    `/payments?referenceType=order&referenceId=${orderId}&count=100`,
  );
  if (res.statusCode !== 200) throw new Error(`payments: ${res.body}`);
  return res.json<PaymentPage>().data.reverse();
}

/** An active subscription for the customer: a dog of theirs on a full bowl of one meal. */
export async function subscriptionFor(h: BillingHarness, userId: string): Promise<string> {
  const dog = await callJson(h.services.dogs!, 'POST', '/dogs', {
    userId,
    dog: { name: 'Pepper', weight: '8.5', isNeutered: true },
  });
  if (dog.statusCode !== 201) throw new Error(`dog: ${dog.body}`);
  const meals = (await callJson(h.services.product!, 'GET', '/api/v1/products?type=meal')).json<
    Product[]
  >();
  const pouch = meals[0]!.variants.find((v) => v.dimension.weightGrams === 500)!;
  const res = await callJson(h.services.subscription!, 'POST', '/subscriptions', {
    userId,
    status: 'active',
    feedingPlans: [
      {
        animalId: dog.json<{ identifier: string }>().identifier,
        type: 'full_bowl',
        currentDailyServingSizeInGrams: 500,
        skus: [{ productVariantId: pouch.id, ratio: 1 }],
      },
    ],
  });
  if (res.statusCode !== 201) throw new Error(`subscription: ${res.body}`);
  return res.json<{ id: string }>().id;
}
