import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@pawfresh/contracts/order';
import type { PaymentMethod } from '@pawfresh/contracts/payment';
import type {
  OrderChangeResult,
  PaymentMethodResult,
} from '@pawfresh/contracts/orchestration-order-changes';
import { fridayFromNow, household, type ServiceTarget } from '@pawfresh/testing';
import { auth, CrashServers, stop, waitFor } from './crash-server.js';

/**
 * The orders fan-out (update-order-delivery-info for all future orders) and the payment-method
 * change, each killed with SIGKILL mid-workflow and started again on the same database: the run
 * is recovered and completes once — every order changed once, one card saved once. The tests
 * share one database and the server each leaves running.
 */
let real: CrashServers;
beforeAll(async () => {
  real = await CrashServers.create();
}, 180_000);
afterAll(() => real?.close());

const target = (service: string): ServiceTarget => ({
  baseUrl: `${real.base}/svc/${service}`,
  headers: auth,
});
const readOrder = async (id: string) =>
  (await (await real.request('GET', `/svc/order/api/v1/orders/${id}`)).json()) as Order;
const addressEvents = async (id: string) =>
  (
    (await (await real.request('GET', `/svc/order/api/v1/orders/${id}/events`)).json()) as {
      action: string;
    }[]
  ).filter((e) => e.action === 'address_updated').length;

describe('order changes when their process is killed mid-workflow', () => {
  it('the fan-out to all future orders is recovered and changes each order once', async () => {
    await real.running();
    const user = await real.post<{ id: string }>('/svc/identity/identity/users', {
      email: `crash-${randomUUID()}@example.com.au`,
      password: 'woofwoof9',
      firstName: 'Sam',
      lastName: 'Citizen',
    });
    const home = await household<Order>(
      {
        pricing: target('pricing'),
        subscription: target('subscription'),
        order: target('order'),
        product: target('product'),
      },
      5,
      user.id,
      fridayFromNow(),
    );
    const first = home.orders[0]!;
    const workflowId = `fan-out-${randomUUID()}`;
    const body = {
      orderId: first.id,
      userId: home.userId,
      applyToFutureOrders: true,
      postcode: '3121',
      suburb: 'Richmond',
      address: {
        addressId: first.address.addressId,
        address1: '7 Swan Street',
        city: 'Melbourne',
        countryCode: 'AU',
        state: 'VIC',
      },
      workflowId,
    };
    const answer = real.request(
      'POST',
      '/svc/orchestration/workflows/update-order-delivery-info',
      body,
    );
    answer.catch(() => {});
    // Inside the one step that changes every order's address (the step delay between its
    // orders): two orders changed, the third not yet. Kill, start again.
    const put = (o: Order) => `/svc/order/api/v1/orders/${o.id}/addresses/${o.address.addressId}`;
    await waitFor('two orders readdressed', async () =>
      real.requests(put(home.orders[1]!), 'PUT') > 0 ? true : undefined,
    );
    await stop(real.current!, 'SIGKILL');
    expect(real.requests(put(home.orders[4]!), 'PUT')).toBe(0);
    await real.started();
    const finished = await real.finished(workflowId);
    expect(finished.recoveryAttempts).toBeGreaterThanOrEqual(2);
    expect(finished.steps.filter((s) => s.name === 'change-addresses')).toHaveLength(1);
    for (const o of home.orders) {
      expect((await readOrder(o.id)).address.address1).toBe('7 Swan Street');
      expect(await addressEvents(o.id)).toBe(1);
      // Each order's address was written once, in either life of the server.
      expect(real.requests(put(o), 'PUT')).toBeLessThanOrEqual(2);
    }
    const again = await real.request(
      'POST',
      '/svc/orchestration/workflows/update-order-delivery-info',
      body,
    );
    expect(again.status).toBe(200);
    const result = (await again.json()) as OrderChangeResult;
    expect(result.orders.map((o) => o.id)).toEqual(home.orders.map((o) => o.id));
    expect(result.skippedOrders).toEqual([]);
  }, 300_000);

  it('the payment-method change is recovered and saves the card once, as the default', async () => {
    await real.running();
    const userId = randomUUID();
    await real.post('/svc/orchestration/workflows/update-customer-payment-method', {
      userId,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    });
    const workflowId = `card-${randomUUID()}`;
    const body = {
      userId,
      card: { number: '5555555555554444', expMonth: 11, expYear: 2031, cvc: '321' },
      workflowId,
    };
    const answer = real.request(
      'POST',
      '/svc/orchestration/workflows/update-customer-payment-method',
      body,
    );
    answer.catch(() => {});
    // The card saved, making it the default in its step's delay: kill, start again.
    await real.killAfterStep(workflowId, 'save-card');
    const finished = await real.finished(workflowId);
    expect(finished.recoveryAttempts).toBeGreaterThanOrEqual(2);
    expect(finished.steps.map((s) => s.name)).toEqual(['read-cards', 'save-card', 'make-default']);
    const cards = (await (
      await real.request('GET', `/svc/payment/customers/${userId}/payments-methods`)
    ).json()) as PaymentMethod[];
    expect(cards.map((c) => [c.last4Digits, c.default])).toEqual([
      ['4444', true],
      ['4242', false],
    ]);
    expect(real.requests('/svc/payment/customers/create-payment-method', 'POST')).toBe(2);
    const again = await real.request(
      'POST',
      '/svc/orchestration/workflows/update-customer-payment-method',
      body,
    );
    expect(((await again.json()) as PaymentMethodResult).paymentMethod.id).toBe(cards[0]!.id);
  }, 300_000);
});
