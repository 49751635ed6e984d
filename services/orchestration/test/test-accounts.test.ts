import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson } from '@pawfresh/testing';
import { testScenarios, type TestAccount } from '@pawfresh/contracts/orchestration-accounts';
import type { CustomerOrder } from '@pawfresh/contracts/order';
import type { Engine } from '../src/engine/engine.js';
import type { BillingWorkflows } from '../src/flows/billing/index.js';
import { billingHandlers } from '../src/routes/billing.js';
import { billingHarness, type BillingHarness } from './billing-harness.js';

let h: BillingHarness;
beforeAll(async () => {
  h = await billingHarness();
  // Thursday 19 November 2026, 10am in Melbourne.
  h.clock.set('2026-11-19T10:00:00+11:00');
}, 180_000);
afterAll(async () => h?.close());

const LISTS = ['pastOrders', 'currentOrders', 'futureOrders', 'failedOrders'] as const;
const EXPECTED: Record<
  string,
  { displayType: string; list: (typeof LISTS)[number]; subscription: string }
> = {
  'delivery-today': { displayType: 'ON ITS WAY', list: 'currentOrders', subscription: 'active' },
  'delivery-soon': { displayType: 'PREPARING', list: 'currentOrders', subscription: 'active' },
  'delivery-recent': { displayType: 'DELIVERED', list: 'currentOrders', subscription: 'active' },
  'delivery-past': { displayType: 'PAST', list: 'pastOrders', subscription: 'active' },
  'payment-today': { displayType: 'FUTURE', list: 'futureOrders', subscription: 'active' },
  'payment-soon': { displayType: 'FUTURE', list: 'futureOrders', subscription: 'active' },
  'payment-failed': { displayType: 'FAILED', list: 'failedOrders', subscription: 'active' },
  'subscription-cancelled': { displayType: 'PAST', list: 'pastOrders', subscription: 'cancelled' },
  'subscription-paused': { displayType: 'PAST', list: 'pastOrders', subscription: 'paused' },
};

async function signIn(email: string, password: string) {
  const res = await callJson(h.account, 'POST', '/api/v1/login', { email, password }, {});
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json<{ accessToken?: string; token?: string }>();
  return { authorization: `Bearer ${token.accessToken ?? token.token}` };
}

describe('create-account-scenario', () => {
  for (const scenario of testScenarios) {
    it(`${scenario}: the customer signs in and sees the box as the scenario says`, async () => {
      const res = await callJson(h.app, 'POST', '/workflows/create-account-scenario', { scenario });
      expect(res.statusCode, res.body).toBe(200);
      const account = res.json<TestAccount>();
      const expected = EXPECTED[scenario]!;
      expect(account).toMatchObject({
        scenario,
        password: 'PawfreshTest1',
        subscriptionStatus: expected.subscription,
      });
      expect(account.email).toMatch(
        new RegExp(`^test-${scenario}-[0-9a-f]{8}@example\\.com\\.au$`),
      );
      expect(account.orders.map((o) => o.displayType)).toEqual([expected.displayType]);
      if (scenario === 'payment-today') expect(account.orders[0]!.billingDate).toBe('2026-11-19');

      const auth = await signIn(account.email, account.password);
      const page = await callJson(h.account, 'GET', '/api/v1/orders', undefined, auth);
      expect(page.statusCode).toBe(200);
      const lists = page.json<Record<(typeof LISTS)[number], CustomerOrder[]>>();
      expect(lists[expected.list].map((o) => [o.id, o.displayType])).toEqual([
        [account.orders[0]!.orderId, expected.displayType],
      ]);
      for (const other of LISTS.filter((l) => l !== expected.list))
        expect(lists[other]).toEqual([]);
    }, 180_000);
  }

  it('create-test-account: a customer with a card, a dog, a subscription and their next box', async () => {
    const res = await callJson(h.app, 'POST', '/workflows/create-test-account', {
      email: 'browser-test@example.com.au',
      password: 'another secret',
      workflowId: 'browser-test-account',
    });
    expect(res.statusCode, res.body).toBe(200);
    const account = res.json<TestAccount>();
    expect(account).toMatchObject({
      workflowId: 'browser-test-account',
      scenario: null,
      email: 'browser-test@example.com.au',
      password: 'another secret',
      subscriptionStatus: 'active',
    });
    expect(account.orders.map((o) => [o.paymentStatus, o.displayType])).toEqual([
      ['pending', 'FUTURE'],
    ]);
    // The subscription's first box, so an extra can start on it (add-extra with startOrderId).
    const box = await callJson(
      h.services.order!,
      'GET',
      `/api/v1/orders/${account.orders[0]!.orderId}`,
    );
    expect(box.json<{ subscriptionOrderIndex: number | null }>().subscriptionOrderIndex).toBe(0);
    const card = await callJson(h.services.payment!, 'GET', `/customers/${account.userId}`);
    expect(
      card
        .json<{ paymentMethods: { last4Digits: string }[] }>()
        .paymentMethods.map((m) => m.last4Digits),
    ).toEqual(['4242']);
    // The same id again: the same account, nothing made twice.
    const again = await callJson(h.app, 'POST', '/workflows/create-test-account', {
      email: 'browser-test@example.com.au',
      password: 'another secret',
      workflowId: 'browser-test-account',
    });
    expect(again.json()).toEqual(account);
    await signIn(account.email, account.password);
  }, 180_000);

  it('refuses an unknown scenario with a 400 that lists them', async () => {
    const res = await callJson(h.app, 'POST', '/workflows/create-account-scenario', {
      scenario: 'rich',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('scenario must be one of: delivery-today');
  });

  it('is refused in production (403), before anything runs', async () => {
    // One workflow engine per process, so a second, production-mode service cannot launch beside
    // this one: the route's handler is called as the production service would call it.
    const handlers = billingHandlers({} as Engine, {} as BillingWorkflows, h.clock, 'production');
    const call = (body: Record<string, unknown>) =>
      (handlers.createAccountScenario as (i: unknown) => Promise<unknown>)({ body });
    await expect(call({ scenario: 'payment-soon' })).rejects.toMatchObject({
      statusCode: 403,
      message: 'Test accounts are not made in production (NODE_ENV=production)',
    });
  });
});
