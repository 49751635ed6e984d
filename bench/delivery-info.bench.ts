/**
 * Delivery-info benchmark (docs/order-changes.md "Performance"): the customer's
 * `POST /api/v1/orders/{orderId}/delivery-info` with `applyToFutureOrders` for a household with
 * 12 future orders — the update-order-delivery-info workflow through the real server (customer
 * API → orchestration → order service, each step checkpointed) — against the same order-service
 * calls made directly over HTTP (read the order, list the customer's orders, replace each
 * order's address), one after the other in the same run. Requests are sequential (one customer
 * changing an address), alternating between two addresses so every run changes every order.
 *
 * Options: BENCH_ITERATIONS per target (default 30). DATABASE_URL: PostgreSQL instead of PGlite.
 */
import { randomUUID } from 'node:crypto';
import { fridayFromNow, household } from '../packages/testing/src/order-household.js';
import { originOf, positiveInt, sideBySide, startRealServer, signedInToken } from './lib.js';

const ITERATIONS = positiveInt('BENCH_ITERATIONS', 30);
const FUTURE_ORDERS = 12;

async function main() {
  const server = await startRealServer();
  try {
    const origin = originOf(server.app);
    const target = (service: string) => ({
      baseUrl: `${origin}/svc/${service}`,
      headers: server.serviceHeaders,
    });
    // A customer of identity: "all future orders" also makes the address their default one.
    const user = await fetch(`${origin}/svc/identity/identity/users`, {
      method: 'POST',
      headers: server.serviceHeaders,
      body: JSON.stringify({
        email: `bench-${randomUUID()}@example.com.au`,
        password: 'woofwoof9',
        firstName: 'Sam',
        lastName: 'Citizen',
        role: 'customer',
      }),
    });
    if (!user.ok) throw new Error(`Creating the customer: ${user.status} ${await user.text()}`);
    const home = await household(
      {
        pricing: target('pricing'),
        subscription: target('subscription'),
        order: target('order'),
        product: target('product'),
      },
      FUTURE_ORDERS,
      ((await user.json()) as { id: string }).id,
      fridayFromNow(),
    );
    const first = home.orders[0]!;
    const token = await signedInToken(server, home.userId, 'customer');
    const streets = ['7 Swan Street', '12 Example Street'];
    const send = async (
      url: string,
      method: string,
      body?: unknown,
      headers = server.serviceHeaders,
    ) => {
      const res = await fetch(`${origin}${url}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
      return JSON.parse(text) as unknown;
    };
    const address = (n: number) => ({
      address1: streets[n % 2]!,
      city: 'Melbourne',
      countryCode: 'AU',
      state: 'VIC',
    });

    /** The workflow, end to end over HTTP, as the customer app calls it. */
    const viaWorkflow = async (n: number) => {
      const answer = (await send(
        `/api/v1/orders/${first.id}/delivery-info`,
        'POST',
        {
          applyToFutureOrders: true,
          postcode: '3121',
          suburb: 'Richmond',
          address: { addressId: first.address.addressId, ...address(n) },
        },
        { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      )) as { updatedOrderIds: string[] };
      if (answer.updatedOrderIds.length !== FUTURE_ORDERS)
        throw new Error('Not every order changed');
    };
    /** The same order-service and identity calls, made directly. */
    const direct = async (n: number) => {
      const api = '/svc/order/api/v1/orders';
      const identity = `/svc/identity/identity/users/${home.userId}/addresses/default`;
      await send(`${api}/${first.id}`, 'GET');
      await fetch(`${origin}${identity}`, { headers: server.serviceHeaders });
      const page = (await send(
        `${api}?userId=${home.userId}&orderBy=deliveryDate&limit=100`,
        'GET',
      )) as { data: { id: string; address: { addressId: string } }[] };
      for (const o of page.data) {
        await send(`${api}/${o.id}/addresses/${o.address.addressId}`, 'PUT', {
          firstName: 'Sam',
          lastName: 'Citizen',
          suburb: 'Richmond',
          postcode: '3121',
          ...address(n),
        });
      }
      const { countryCode: _c, ...lines } = address(n);
      await send(identity, 'PUT', { ...lines, suburb: 'Richmond', postCode: '3121' });
    };

    await sideBySide(
      () =>
        `delivery-info, all ${FUTURE_ORDERS} future orders (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
      {
        workflow: 'workflow (customer API → orchestration → order)',
        direct: 'same order-service calls made directly',
      },
      { workflow: viaWorkflow, direct },
      ITERATIONS,
    );
  } finally {
    await server.close();
  }
}

await main();
