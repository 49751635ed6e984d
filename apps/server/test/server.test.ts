import { randomUUID } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DatabaseConnection } from '@pawfresh/db';
import { TestClock } from '@pawfresh/kit';
import { caller, expectServiceError, testDatabase } from '@pawfresh/testing';
import { buildServer, readConfig, DEV_SERVICE_TOKEN } from '../src/index.js';

/** The server's own (development) service credentials, not the test kit's. */
const auth = { authorization: `Bearer ${DEV_SERVICE_TOKEN}` };
const nobody = {};
let database: DatabaseConnection;
let app: FastifyInstance;
let appDir: string;

beforeAll(async () => {
  database = await testDatabase();
  appDir = await mkdtemp(path.join(tmpdir(), 'customer-app-'));
  await mkdir(path.join(appDir, 'assets'));
  await writeFile(path.join(appDir, 'index.html'), '<!doctype html><title>My account</title>');
  await writeFile(path.join(appDir, 'assets', 'main-abc123.js'), 'console.log(1)');
  app = await buildServer({
    config: readConfig({ CUSTOMER_APP_DIR: appDir }),
    database,
    clock: new TestClock(),
  });
  await call('POST', '/svc/product/api/v1/products/reset-by-seed-script', undefined, auth);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await rm(appDir, { recursive: true, force: true });
});

const call = caller(() => app);

describe('one process', () => {
  it('serves the customer API at /api/v1, calling the product service in-process', async () => {
    // The second and third calls revalidate the product list in-process (a 304 from the service).
    for (let i = 0; i < 3; i++) {
      const res = await call('GET', '/api/v1/products', undefined, nobody);
      expect(res.statusCode).toBe(200);
      expect(res.json().meals).toHaveLength(7);
    }
  });

  it('serves each service under /svc/<service> with its native paths', async () => {
    const res = await call('GET', '/svc/product/api/v1/products?type=toy', undefined, auth);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .map((p: { productCode: string }) => p.productCode)
        .sort(),
    ).toEqual(['TOY-ROPE', 'TOY-SQUEAKY-ROO']);
    expect((await call('GET', '/svc/product/health', undefined, nobody)).json()).toEqual({
      status: 'ok',
    });
    expect(
      (await call('GET', '/svc/product/openapi.json', undefined, nobody)).json().servers,
    ).toEqual([{ url: '/svc/product' }]);
  });

  it('serves the staff API at /api/staff/v1: sign-in, me, its docs and health under its path', async () => {
    const made = await call(
      'POST',
      '/svc/identity/identity/users',
      {
        email: 'ops.one@pawfresh.com.au',
        password: 'staffpass9',
        firstName: 'Ops',
        lastName: 'One',
        role: 'operations',
      },
      auth,
    );
    expect(made.statusCode, made.body).toBe(201);
    const login = await call(
      'POST',
      '/api/staff/v1/login',
      { email: 'ops.one@pawfresh.com.au', password: 'staffpass9' },
      nobody,
    );
    expect(login.statusCode, login.body).toBe(200);
    const staff = { authorization: `Bearer ${login.json().accessToken}` };
    expect((await call('GET', '/api/staff/v1/me', undefined, staff)).json()).toMatchObject({
      role: 'operations',
    });
    // Operations may not read customers (403 naming the permission), nor call a service itself.
    const refused = await call(
      'GET',
      `/api/staff/v1/customers/${made.json().id}`,
      undefined,
      staff,
    );
    expect(refused.json()).toMatchObject({
      statusCode: 403,
      details: { permission: 'customers:read' },
    });
    expect(
      (await call('GET', '/svc/product/api/v1/products?type=toy', undefined, staff)).statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/staff/v1/health', undefined, nobody)).json()).toEqual({
      status: 'ok',
    });
    expect((await call('GET', '/api/staff/v1/openapi.json', undefined, nobody)).statusCode).toBe(
      200,
    );
    const unknown = await call('GET', '/api/staff/v1/nothing', undefined, nobody);
    expect(unknown.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('answers unknown paths in the envelope of the API they are under', async () => {
    const customer = await call('GET', '/api/v1/no-such-thing', undefined, nobody);
    expect(customer.statusCode).toBe(404);
    expect(customer.json()).toEqual({ error: 'Not found' });
    const service = await call('DELETE', '/svc/product/api/v1/nothing?x=1', undefined, nobody);
    expectServiceError(service, 404, 'Cannot DELETE /svc/product/api/v1/nothing', 'not_found');
  });

  it('answers live at once and ready once every service it runs passes its health check', async () => {
    const live = await call('GET', '/health/live', undefined, nobody);
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await call('GET', '/health/ready', undefined, nobody);
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('answers a 2 MiB body with a 413 in the envelope of the API it was sent to', async () => {
    const big = JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) });
    const json = { 'content-type': 'application/json' };
    const service = await app.inject({
      method: 'POST',
      url: '/svc/product/api/v1/products/recommend-meals',
      headers: { ...auth, ...json },
      payload: big,
    });
    expect(service.statusCode).toBe(413);
    expect(service.json()).toMatchObject({
      statusCode: 413,
      error: 'Payload Too Large',
      message: expect.stringMatching(/^Request body is too large: send at most \d+ KB$/),
    });
    const customer = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: json,
      payload: big,
    });
    expect(customer.statusCode).toBe(413);
    expect(Object.keys(customer.json())).toEqual(['error']);
    expect(customer.json().error).toMatch(/^Request body is too large: send at most \d+ KB$/);
  });

  it('gives every answer a request id, keeping a well-formed one the caller sent', async () => {
    const given = await call('GET', '/health', undefined, { 'x-request-id': 'trace-42' });
    expect(given.headers['x-request-id']).toBe('trace-42');
    const made = await call('GET', '/health', undefined, { 'x-request-id': 'bad id with spaces' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves Prometheus metrics to the service credentials: routes by pattern, workflows, queues, outbox lag, the process', async () => {
    const refused = await call('GET', '/metrics', undefined, nobody);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ statusCode: 401, type: 'unauthorized' });
    await call('GET', '/svc/product/api/v1/products?type=toy', undefined, auth);
    await call('GET', '/api/v1/products', undefined, nobody);
    const res = await call('GET', '/metrics', undefined, auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    // The route's pattern and the status class, never the raw URL with its query.
    expect(text).toMatch(
      /pawfresh_http_request_duration_seconds_count\{route="\/svc\/product\/api\/v1\/products",method="GET",status="2xx"\} [1-9]/,
    );
    expect(text).not.toContain('type=toy');
    expect(text).toMatch(/^pawfresh_order_outbox_lag_seconds 0$/m);
    expect(text).toContain('# TYPE pawfresh_workflow_runs gauge');
    expect(text).toContain('# TYPE pawfresh_workflow_queue_depth gauge');
    expect(text).toContain('# TYPE pawfresh_payment_attempts_total counter');
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
  });

  it('counts each charge sent to the card provider by its outcome', async () => {
    const userId = randomUUID();
    const card = await call(
      'POST',
      '/svc/payment/customers/create-payment-method',
      { userId, card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } },
      auth,
    );
    expect(card.statusCode, card.body).toBe(201);
    const series =
      'pawfresh_payment_attempts_total{call="charge",outcome="succeeded",provider="sandbox"}';
    const before = await call('GET', '/metrics', undefined, auth);
    const counted = (text: string) =>
      Number(
        text
          .split('\n')
          .find((l) => l.startsWith(`${series} `))
          ?.split(' ')[1] ?? 0,
      );
    const charged = await call(
      'POST',
      `/svc/payment/customers/${userId}/payments`,
      {
        amount: 5990,
        description: 'Box 1',
        reference: { referenceId: randomUUID(), referenceType: 'order' },
        createdBy: 'staff@pawfresh.com.au',
      },
      { ...auth, 'idempotency-key': `metrics-${randomUUID()}` },
    );
    expect(charged.statusCode, charged.body).toBe(201);
    const after = await call('GET', '/metrics', undefined, auth);
    expect(counted(after.body)).toBe(counted(before.body) + 1);
  });

  it('serves the customer app at /customer/, index.html for its routes, long-cached assets', async () => {
    for (const url of [
      '/customer/',
      '/customer',
      '/customer/deliveries',
      '/customer/dogs/abc/edit/plan',
    ]) {
      const res = await call('GET', url, undefined, nobody);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>My account</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const asset = await call('GET', '/customer/assets/main-abc123.js', undefined, nobody);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const root = await call('GET', '/', undefined, nobody);
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/customer/');
  });

  it('serves product images', async () => {
    const res = await call('GET', '/assets/products/meal-beef-icon.svg', undefined, nobody);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
  });
});

describe('split mode', () => {
  const alone: FastifyInstance[] = [];
  let productUrl: string;
  let accountUrl: string;
  let subscriptionUrl: string;

  /** Starts one service alone on a free port, as `SERVICE=<name> npm run serve` would. */
  async function start(env: Record<string, string>, port = 0) {
    const app = await buildServer({ config: readConfig(env), database });
    alone.push(app);
    return app.listen({ port, host: '127.0.0.1' });
  }

  /** A port nothing listens on yet, for a service another one must know before it starts. */
  async function freePort(): Promise<number> {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    return port;
  }

  beforeAll(async () => {
    const identityUrl = await start({ SERVICE: 'identity' });
    const auditUrl = await start({ SERVICE: 'audit' });
    const dogsUrl = await start({ SERVICE: 'dogs' });
    const paymentUrl = await start({ SERVICE: 'payment' });
    // The courier's topics go to the order service (which calls the courier): its port first.
    const orderPort = await freePort();
    const courierUrl = await start({
      SERVICE: 'courier',
      ORDER_SERVICE_URL: `http://127.0.0.1:${orderPort}`,
    });
    productUrl = await start({ SERVICE: 'product', DOGS_SERVICE_URL: dogsUrl });
    const pricingUrl = await start({ SERVICE: 'pricing' });
    const cartUrl = await start({ SERVICE: 'cart', PRICING_SERVICE_URL: pricingUrl });
    subscriptionUrl = await start({
      SERVICE: 'subscription',
      PRODUCT_SERVICE_URL: productUrl,
      PRICING_SERVICE_URL: pricingUrl,
      DOGS_SERVICE_URL: dogsUrl,
    });
    const orderUrl = await start(
      {
        SERVICE: 'order',
        COURIER_SERVICE_URL: courierUrl,
        SUBSCRIPTION_SERVICE_URL: subscriptionUrl,
      },
      orderPort,
    );
    accountUrl = await start({
      SERVICE: 'account',
      ORDER_SERVICE_URL: orderUrl,
      PRODUCT_SERVICE_URL: productUrl,
      IDENTITY_SERVICE_URL: identityUrl,
      DOGS_SERVICE_URL: dogsUrl,
      PAYMENT_SERVICE_URL: paymentUrl,
      COURIER_SERVICE_URL: courierUrl,
      SUBSCRIPTION_SERVICE_URL: subscriptionUrl,
      AUDIT_SERVICE_URL: auditUrl,
      CART_SERVICE_URL: cartUrl,
      // Not started here (its engine is tested in services/orchestration): no call reaches it.
      ORCHESTRATION_SERVICE_URL: 'http://127.0.0.1:9',
    });
  });
  afterAll(async () => {
    for (const app of alone.reverse()) await app.close();
  });

  it('runs one service at its native base path', async () => {
    const res = await fetch(`${productUrl}/api/v1/products?type=bundle`, { headers: auth });
    expect(res.status).toBe(200);
    expect(((await res.json()) as unknown[]).length).toBe(2);
    expect(
      (await fetch(`${productUrl}/svc/product/api/v1/products`, { headers: auth })).status,
    ).toBe(404);
  });

  it('lets the subscription service size and price plans through product and pricing over HTTP', async () => {
    const meals = (await (
      await fetch(`${productUrl}/api/v1/products?type=meal`, { headers: auth })
    ).json()) as { id: string }[];
    const res = await fetch(`${subscriptionUrl}/plans/generate`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        dogs: [
          {
            animalId: '5d1c9a3e-7b2f-4c6d-8e9a-0b1c2d3e4f51',
            energy: 558,
            meals: [{ productId: meals[0]!.id, weight: 1 }],
          },
        ],
      }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      feedingPlans: { totalPouches: number; totalPrice: number }[];
    };
    expect(body.feedingPlans[0]!.totalPouches).toBe(14);
    expect(body.feedingPlans[0]!.totalPrice).toBeGreaterThan(0);
  });

  it('lets the customer API reach the product service over HTTP', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${accountUrl}/api/v1/products`, {
        headers: { 'x-request-id': 'split-1' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-request-id')).toBe('split-1');
      expect(((await res.json()) as { treats: unknown[] }).treats.length).toBeGreaterThan(0);
    }
  });
});

describe('one service alone', () => {
  it('is live but not ready while its database does not answer', async () => {
    const own = await testDatabase();
    const alone = await buildServer({
      config: readConfig({
        SERVICE: 'product',
        DOGS_SERVICE_URL: 'http://127.0.0.1:9',
        CUSTOMER_APP_DIR: appDir,
      }),
      database: own,
      clock: new TestClock(),
    });
    try {
      const ask = caller(() => alone);
      expect((await ask('GET', '/health/ready', undefined, nobody)).json()).toEqual({
        status: 'ok',
      });
      await own.close();
      const ready = await ask('GET', '/health/ready', undefined, nobody);
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'error', failing: ['product'] });
      expect((await ask('GET', '/health/live', undefined, nobody)).statusCode).toBe(200);
    } finally {
      await alone.close().catch(() => undefined);
    }
  });
});
