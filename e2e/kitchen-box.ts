import { vi } from 'vitest';
import { DEV_SERVICE_TOKEN } from '../apps/server/src/config.js';
import { JOURNEY_TIMEOUT } from './browser.js';
import { scenarioAccount } from './workflows.js';

/** A call to a service behind the server (`/svc/<service>/…`) with the service credentials. */
export function serviceCaller(baseUrl: string) {
  const auth = { Authorization: `Bearer ${process.env.SERVICE_TOKEN ?? DEV_SERVICE_TOKEN}` };
  return async function service<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${baseUrl}/svc${path}`, {
      method,
      headers: body === undefined ? auth : { ...auth, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}

export type KitchenOrder = {
  id: string;
  version: number;
  makeDate: string;
  facilityId: number;
  orderLineItems: { productVariantId: string | null; planType: string | null }[];
};

/**
 * A new customer's next box, paid, once its topics are delivered: the box the kitchen packs and
 * may make earlier, which nothing else changes while a journey works on it.
 */
export async function paidKitchenBox(baseUrl: string): Promise<KitchenOrder> {
  const service = serviceCaller(baseUrl);
  const account = await scenarioAccount(baseUrl, 'payment-soon');
  let order = await service<KitchenOrder>(
    'GET',
    `/order/api/v1/orders/${account.orders[0]!.orderId}`,
  );
  for (const paymentStatus of ['processing', 'processed']) {
    order = await service<KitchenOrder>(
      'PATCH',
      `/order/api/v1/orders/${order.id}/payment-status`,
      {
        paymentStatus,
        version: order.version,
        updatedBy: 'e2e',
      },
    );
  }
  // Paying the box announces order_paid, whose workflow packs it in its kitchen and books its
  // delivery; a change to the order meanwhile announces order_updated, whose workflow packs it
  // again (a new box). A topic is delivered once the workflow it starts has ended, and a
  // workflow's own changes write their topics before it ends: once none of the order's is
  // waiting, the box on the floor is the one that stays.
  await vi.waitFor(
    async () => {
      const pending = await service<{ data: { orderId: string; topic: string }[] }>(
        'GET',
        '/order/api/v1/outbox?status=pending&limit=100',
      );
      const waiting = pending.data.filter((m) => m.orderId === order.id).map((m) => m.topic);
      if (waiting.length > 0)
        throw new Error(`The order's ${waiting.join(', ')} not yet delivered`);
    },
    { timeout: JOURNEY_TIMEOUT / 2, interval: 250 },
  );
  return service<KitchenOrder>('GET', `/order/api/v1/orders/${order.id}`);
}
