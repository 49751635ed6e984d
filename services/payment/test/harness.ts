import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DatabaseConnection } from '@pawfresh/db';
import { TestClock, type ServiceModule } from '@pawfresh/kit';
import { callJson, caller, serviceApp, serviceAuth, testDatabase } from '@pawfresh/testing';
import type { Payment, PaymentMethod, Refund } from '@pawfresh/contracts/payment';
import { createPaymentService } from '../src/index.js';
import { schema } from '../src/db/schema.js';

export interface Harness {
  database: DatabaseConnection;
  app: FastifyInstance;
  clock: TestClock;
}

/** A fresh database and the payment service on it (the sandbox provider unless told). */
async function startPayment(
  service: ServiceModule<DatabaseConnection> = createPaymentService(),
): Promise<Harness> {
  const database = await testDatabase();
  const clock = new TestClock('2026-01-04T23:00:00.000Z');
  const app = await serviceApp(service, { database, clock });
  return { database, app, clock };
}

async function stopPayment(h: Harness | undefined): Promise<void> {
  await h?.app.close();
  await h?.database.close();
}

/** The payment service of one test file, with a caller that sends the service credentials. */
export interface PaymentTest extends Harness {
  call: ReturnType<typeof caller>;
}

/**
 * Starts the payment service on a fresh database before the file's tests and stops it after
 * them. `service` makes the module (the sandbox provider unless told), once, before the start.
 */
export function usePayment(
  service: () =>
    | ServiceModule<DatabaseConnection>
    | Promise<ServiceModule<DatabaseConnection>> = createPaymentService,
): PaymentTest {
  let started: Harness | undefined;
  const current = () => {
    if (!started) throw new Error('The payment service starts in beforeAll: use it in a test');
    return started;
  };
  beforeAll(async () => {
    started = await startPayment(await service());
  });
  afterAll(() => stopPayment(started));
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get clock() {
      return current().clock;
    },
    call: caller(() => current().app),
  };
}

/** The service credentials with an Idempotency-Key. */
export const keyed = (key: string) => ({ ...serviceAuth, 'idempotency-key': key });

export const STAFF = 'staff@pawfresh.com.au';
export const newKey = () => `key-${randomUUID()}`;
export const orderRef = () => ({ referenceId: randomUUID(), referenceType: 'order' as const });

export const CARDS = {
  visa: '4242424242424242',
  mastercard: '5555555555554444',
  amex: '378282246310005',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  authentication: '4000002500003155',
  expired: '4000000000000069',
} as const;

export async function saveCard(
  app: FastifyInstance,
  userId: string,
  number: string,
  over: Record<string, unknown> = {},
): Promise<PaymentMethod> {
  const res = await callJson(app, 'POST', '/customers/create-payment-method', {
    userId,
    card: { number, expMonth: 12, expYear: 2030, cvc: number.startsWith('3') ? '1234' : '123' },
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PaymentMethod>();
}

export function chargeBody(over: Record<string, unknown> = {}) {
  return {
    amount: 5990,
    description: 'Box 3 of subscription',
    reference: orderRef(),
    createdBy: STAFF,
    ...over,
  };
}

export const charge = (
  app: FastifyInstance,
  userId: string,
  body: Record<string, unknown>,
  key: string = newKey(),
) => callJson(app, 'POST', `/customers/${userId}/payments`, body, keyed(key));

/** A customer with a card of that number, charged `amount` successfully. */
export async function processedPayment(
  app: FastifyInstance,
  amount = 10_000,
  number: string = CARDS.visa,
): Promise<Payment> {
  const userId = randomUUID();
  await saveCard(app, userId, number);
  const res = await charge(app, userId, chargeBody({ amount }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Payment>();
}

export const refund = (
  app: FastifyInstance,
  paymentId: string,
  body: Record<string, unknown>,
  key: string = newKey(),
) => callJson(app, 'POST', `/payments/${paymentId}/refunds`, body, keyed(key));

export const refundBody = (amount: number, over: Record<string, unknown> = {}) => ({
  amount,
  description: 'Two pouches arrived damaged',
  createdBy: STAFF,
  ...over,
});

export type { Refund };

/** The service's own tables, for checks no route shows (e.g. how many charges reached the card). */
export const tables = (h: Harness) => h.database.forSchema(schema);
