import { nextCharge } from '@pawfresh/contracts/order-rules';
import {
  accountContract,
  type AccountResponse,
  type CustomerDog as Dog,
  type Profile,
} from '@pawfresh/contracts/account';
import type { DogMetadata } from '@pawfresh/contracts/dogs';
import type { Address } from '@pawfresh/contracts/fields';
import { vi } from 'vitest';
import { z } from 'zod';

import { SESSION_HINT_COOKIE } from '../lib/auth/session-hint';
import * as fixtures from './fixtures';

/**
 * A stand-in for the customer API at the network boundary (the global `fetch`), answering like the
 * contract: the same paths, bodies, `{ error }` envelopes and statuses. It keeps its own state
 * (profile, address, dogs) and a session: an httpOnly refresh "cookie" set by POST /login and
 * rotated by GET /refresh, and JWT-shaped access tokens with an `exp` claim that signed-in calls
 * must present as `Authorization: Bearer …` (else 401).
 *
 * Override any endpoint with `on('METHOD /path', handler)`; `calls` records every request.
 *
 * It is checked against the contract (packages/contracts/src/account.ts): every route is one of
 * the contract's endpoints, and every success it answers must parse with that endpoint's response
 * schema (it answers the parsed value, as the server's serializer would). A broken answer logs a
 * console.error, which fails the test (setup-tests.ts).
 */

export const TEST_EMAIL = 'sam@example.com';
export const TEST_PASSWORD = 'secret1';
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

export type FakeRequest = {
  method: string;
  /** Without /api/v1. */
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
  /** Route parameters, e.g. `id` of `PATCH /dogs/:id`. */
  params: Record<string, string>;
};

export type FakeReply = { status?: number; body?: unknown } | Response;
export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

export type FakeApiOptions = {
  /** Starts with a refresh cookie, as if the person had signed in before reloading the page. */
  signedIn?: boolean;
  profile?: Profile;
  /** null: no default address yet (GET answers 404). */
  address?: Address | null;
  dogs?: Dog[];
  metadata?: DogMetadata;
  products?: AccountResponse<'getProducts'>;
  orders?: AccountResponse<'getOrders'>;
  /** Saved cards, the default marked `default: true`. */
  cards?: AccountResponse<'getPaymentMethods'>;
  /**
   * The plans GET /subscriptions lists (none unless given). The subscription changes have their
   * own fake: testing/fake-subscriptions.ts.
   */
  subscriptions?: AccountResponse<'getSubscriptions'>['subscriptions'];
  /** Lifetime of the access tokens it issues. */
  accessTokenTtlSeconds?: number;
};

function base64url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A JWT-shaped token whose payload carries `exp` (seconds). Not signed: the app never checks. */
export function makeAccessToken(expiresAtMs: number, tokenId = 0): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({ sub: fixtures.USER_ID, jti: tokenId, exp: Math.floor(expiresAtMs / 1000) }),
  );
  return `${header}.${payload}.signature`;
}

/** The contract's endpoints by fake route (`PATCH /dogs/:id`): their paths without /api/v1. */
const contractEndpoints = new Map(
  Object.values(accountContract.endpoints).map((endpoint) => [
    `${endpoint.method} ${endpoint.path.replace(/^\/api\/v1/, '')}`,
    endpoint,
  ]),
);

/** The success body as the contract's response schema reads it; a mismatch fails the test. */
function checkedAnswer(route: string, body: unknown): unknown {
  const parsed = contractEndpoints.get(route)?.response.safeParse(body);
  if (!parsed || parsed.success) return parsed?.data;
  const message = `The fake's answer to ${route} breaks the contract:\n${z.prettifyError(parsed.error)}`;
  console.error(message);
  throw new Error(message);
}

const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const error = (status: number, message: string): FakeReply => ({
  status,
  body: { error: message },
});

export function createFakeApi(options: FakeApiOptions = {}) {
  const state = {
    profile: { ...(options.profile ?? fixtures.profile) },
    address: options.address === undefined ? { ...fixtures.address } : options.address,
    dogs: [...(options.dogs ?? [fixtures.biscuit])],
    metadata: options.metadata ?? fixtures.metadata,
    products: options.products ?? fixtures.products,
    orders: options.orders ?? fixtures.makeOrders(),
    cards: [...(options.cards ?? [fixtures.visaCard, fixtures.mastercard])],
    subscriptions: [...(options.subscriptions ?? [])],
    password: TEST_PASSWORD,
    /** The refresh "cookie": the token the browser would send, or null. */
    refreshCookie: options.signedIn ? 'refresh-0' : (null as string | null),
    refreshCount: 0,
    validTokens: new Set<string>(),
  };
  /** Sets the refresh "cookie" and, as the server does, the readable session hint beside it. */
  function setRefreshCookie(value: string | null): void {
    state.refreshCookie = value;
    document.cookie = value
      ? `${SESSION_HINT_COOKIE}=1; path=/`
      : `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
  }
  setRefreshCookie(state.refreshCookie);
  const ttlMs = (options.accessTokenTtlSeconds ?? 15 * 60) * 1000;
  const calls: FakeRequest[] = [];

  function issueAccessToken(): string {
    // The token id keeps tokens issued in the same second apart.
    const token = makeAccessToken(Date.now() + ttlMs, state.validTokens.size + 1);
    state.validTokens.add(token);
    return token;
  }

  function isSignedIn(request: FakeRequest): boolean {
    const header = request.headers.get('Authorization') ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!state.validTokens.has(token)) return false;
    const exp = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp: number;
    };
    return exp.exp * 1000 > Date.now();
  }

  /** Wraps handlers of signed-in endpoints: 401 without a valid access token. */
  const signedIn =
    (handler: FakeHandler): FakeHandler =>
    (request) =>
      isSignedIn(request) ? handler(request) : error(401, SESSION_EXPIRED);

  const handlers = new Map<string, FakeHandler>();
  const routes: { method: string; pattern: string; handler: () => FakeHandler }[] = [];

  function on(route: string, handler: FakeHandler): void {
    if (!contractEndpoints.has(route)) {
      throw new Error(`${route} is not an endpoint of the customer API's contract`);
    }
    handlers.set(route, handler);
    const [method = '', pattern = ''] = route.split(' ');
    if (!routes.some((r) => r.method === method && r.pattern === pattern)) {
      routes.push({ method, pattern, handler: () => handlers.get(route)! });
    }
  }

  // --- Authentication
  on('POST /login', (request) => {
    const body = request.body as { email?: string; password?: string };
    if (body.email?.toLowerCase() !== state.profile.email || body.password !== state.password) {
      return error(401, 'Incorrect email or password');
    }
    setRefreshCookie(`refresh-${++state.refreshCount}`);
    return { body: { accessToken: issueAccessToken(), refreshToken: state.refreshCookie } };
  });
  on('GET /refresh', () => {
    if (!state.refreshCookie) return error(401, SESSION_EXPIRED);
    setRefreshCookie(`refresh-${++state.refreshCount}`);
    return { body: { accessToken: issueAccessToken() } };
  });
  on('POST /logout', () => {
    setRefreshCookie(null);
    state.validTokens.clear();
    return { body: { success: true } };
  });
  on('POST /forgot-password', () => ({ body: { success: true } }));
  on('POST /confirm-forgot-password', (request) => {
    const body = request.body as { confirmationCode?: string; password?: string };
    if (body.confirmationCode !== '123456') return error(401, 'Invalid or expired code');
    state.password = body.password ?? state.password;
    return { body: { success: true } };
  });
  on(
    'POST /reset-password',
    signedIn((request) => {
      const body = request.body as { previousPassword?: string; password?: string };
      if (body.previousPassword !== state.password) {
        return error(401, 'Your current password is incorrect');
      }
      state.password = body.password ?? state.password;
      return { body: { success: true } };
    }),
  );

  // --- Account
  on(
    'GET /me',
    signedIn(() => ({ body: state.profile })),
  );
  on(
    'PATCH /me',
    signedIn((request) => {
      const body = request.body as Partial<Profile>;
      state.profile = { ...state.profile, ...body };
      return { body: state.profile };
    }),
  );
  on(
    'GET /addresses/default',
    signedIn(() => (state.address ? { body: state.address } : error(404, 'No default address'))),
  );
  on(
    'PUT /addresses/default',
    signedIn((request) => {
      const body = request.body as Omit<Address, 'addressId' | 'cognitoUserId' | 'isDefault'>;
      state.address = {
        addressId: state.address?.addressId ?? '7b0c2f1e-2222-4aaa-8bbb-000000000009',
        cognitoUserId: fixtures.USER_ID,
        isDefault: true,
        ...body,
      };
      return { body: { success: true } };
    }),
  );

  // --- Dogs and products
  on(
    'GET /dogs',
    signedIn(() => ({ body: state.dogs })),
  );
  on(
    'GET /dogs/metadata',
    signedIn(() => ({ body: state.metadata })),
  );
  const breedsOf = (slugs: string[] | undefined) =>
    (slugs ?? []).map((slug) => ({
      slug,
      name: state.metadata.breeds.find((breed) => breed.slug === slug)?.name ?? slug,
    }));
  on(
    'POST /dogs',
    signedIn((request) => {
      const { dog } = request.body as { dog: Partial<Dog> & { breeds?: string[] } };
      const created = fixtures.makeDog({
        ...dog,
        identifier: `7b0c2f1e-7777-4aaa-8bbb-${String(state.dogs.length + 100).padStart(12, '0')}`,
        breeds: breedsOf(dog.breeds),
        dailyEnergyKilocalories: dog.weight ? 900 : null,
      } as Partial<Dog>);
      state.dogs.push(created);
      return { body: created };
    }),
  );
  on(
    'PATCH /dogs/:id',
    signedIn((request) => {
      const index = state.dogs.findIndex((dog) => dog.identifier === request.params.id);
      if (index < 0) return error(404, 'Dog not found');
      const { dog } = request.body as { dog: Partial<Dog> & { breeds?: string[] } };
      const updated = {
        ...state.dogs[index]!,
        ...dog,
        breeds: dog.breeds ? breedsOf(dog.breeds) : state.dogs[index]!.breeds,
      } as Dog;
      state.dogs[index] = updated;
      return { body: { ...updated, portionOffer: null } };
    }),
  );
  on(
    'POST /dog/update-profile',
    signedIn((request) => {
      const { dogId, dogProfileInput } = request.body as {
        dogId: string;
        dogProfileInput: Partial<Dog>;
      };
      const index = state.dogs.findIndex((dog) => dog.identifier === dogId);
      if (index < 0) return error(404, 'Dog not found');
      const updated = { ...state.dogs[index]!, ...dogProfileInput } as Dog;
      state.dogs[index] = updated;
      return { body: { ...updated, portionOffer: null } };
    }),
  );
  on('GET /products', () => ({ body: state.products }));

  // --- Orders and cards
  on(
    'GET /orders',
    signedIn(() => ({ body: state.orders })),
  );
  on(
    'GET /orders/past',
    signedIn((request) => {
      const offset = Number(request.query.get('offset') ?? 0);
      const limit = Number(request.query.get('limit') ?? 10);
      // Newest first, as the server answers.
      const past = [...state.orders.pastOrders].sort((a, b) =>
        b.deliveryDate.localeCompare(a.deliveryDate),
      );
      return {
        body: {
          data: past.slice(offset, offset + limit),
          meta: { total: past.length, offset, limit },
        },
      };
    }),
  );
  on(
    'GET /orders/:orderId',
    signedIn((request) => {
      const { pastOrders, currentOrders, futureOrders, failedOrders } = state.orders;
      const order = [...pastOrders, ...currentOrders, ...futureOrders, ...failedOrders].find(
        (candidate) => candidate.id === request.params.orderId,
      );
      return order ? { body: order } : error(404, 'Order not found');
    }),
  );
  const findOrder = (orderId: string | undefined) => {
    const { pastOrders, currentOrders, futureOrders, failedOrders } = state.orders;
    return [...failedOrders, ...pastOrders, ...currentOrders, ...futureOrders].find(
      (candidate) => candidate.id === orderId,
    );
  };
  on(
    'POST /payment/retry',
    signedIn((request) => {
      const { orderId } = request.body as { orderId: string };
      const order = findOrder(orderId);
      if (!order) return error(404, 'Order not found');
      const alreadyPaid = order.paymentStatus === 'processed';
      if (!alreadyPaid) {
        // Charged with the default card: the order leaves the failed list, paid.
        const paid = {
          ...order,
          paymentStatus: 'processed' as const,
          displayType: 'FUTURE' as const,
        };
        const { failedOrders, futureOrders } = state.orders;
        state.orders = {
          ...state.orders,
          failedOrders: failedOrders.filter((candidate) => candidate.id !== orderId),
          futureOrders: [...futureOrders.filter((candidate) => candidate.id !== orderId), paid],
        };
      }
      return {
        body: {
          orderId: order.id,
          orderNumber: order.orderNumber,
          outcome: alreadyPaid ? 'already_paid' : 'charged',
          paymentStatus: 'processed',
          amount: order.totalCharge,
          attempt: 2,
          paymentId: '5a000000-0000-4000-8000-000000000001',
          failureReason: null,
          nextAttemptDate: null,
        },
      };
    }),
  );
  /** Skip and unskip (docs/skipping.md), as the server does them: the version checked, the box moved. */
  const changeSkip = (skip: boolean) =>
    signedIn((request) => {
      const { version } = request.body as { version: number };
      const { futureOrders, skippedOrders } = state.orders;
      const order = skip
        ? futureOrders.find((o) => o.id === request.params.orderId)
        : skippedOrders.find((o) => o.id === request.params.orderId);
      if (!order) {
        return findOrder(request.params.orderId)
          ? error(409, 'Your box can no longer change')
          : error(404, `Order ${request.params.orderId} not found`);
      }
      if (order.version !== version) {
        return error(409, 'Your box changed since you last looked at it: read it again and retry');
      }
      const moved = {
        ...order,
        version: version + 1,
        paymentStatus: skip ? ('expired' as const) : ('pending' as const),
        displayType: skip ? ('HIDDEN' as const) : ('FUTURE' as const),
      };
      const { canUndoSkip: _, ...box } = { canUndoSkip: true, ...moved };
      state.orders = {
        ...state.orders,
        futureOrders: skip ? futureOrders.filter((o) => o.id !== order.id) : [...futureOrders, box],
        skippedOrders: skip
          ? [...skippedOrders, { ...box, canUndoSkip: true }]
          : skippedOrders.filter((o) => o.id !== order.id),
      };
      const boxes = [
        ...state.orders.failedOrders,
        ...state.orders.currentOrders,
        ...state.orders.futureOrders,
      ];
      return { body: { order: box, nextCharge: nextCharge(boxes) } };
    });
  on('POST /orders/:orderId/skip', changeSkip(true));
  on('POST /orders/:orderId/unskip', changeSkip(false));
  on(
    'GET /orders/:orderId/invoice',
    signedIn((request) => {
      const order = findOrder(request.params.orderId);
      if (!order) return error(404, 'Order not found');
      if (order.paymentStatus !== 'processed') return error(409, 'This order is not paid yet');
      const invoiceNumber = `INV-${order.orderNumber}`;
      return {
        body: {
          orderId: order.id,
          invoiceNumber,
          invoiceDate: order.billingDate,
          fileName: `${invoiceNumber}.pdf`,
          total: order.totalCharge,
          gst: Math.round(order.totalCharge / 11),
          pdfContent: btoa(`%PDF-1.4\n% ${invoiceNumber}\n%%EOF\n`),
        },
      };
    }),
  );
  on(
    'GET /subscriptions',
    signedIn(() => ({ body: { subscriptions: state.subscriptions } })),
  );
  on(
    'GET /payment-methods',
    signedIn(() => ({
      body: [...state.cards].sort((a, b) => Number(b.default) - Number(a.default)),
    })),
  );
  on(
    'GET /payment-methods/default',
    signedIn(() => {
      const card = state.cards.find((candidate) => candidate.default);
      return card ? { body: card } : error(404, 'No saved card');
    }),
  );
  on(
    'PUT /payment-methods/default',
    signedIn((request) => {
      const { paymentMethodId } = request.body as { paymentMethodId: string };
      const card = state.cards.find((candidate) => candidate.id === paymentMethodId);
      if (!card) return error(404, 'paymentMethodId must be one of your saved cards');
      state.cards = state.cards.map((candidate) => ({
        ...candidate,
        default: candidate.id === paymentMethodId,
      }));
      return { body: { ...card, default: true } };
    }),
  );

  function match(method: string, path: string) {
    for (const route of routes) {
      if (route.method !== method) continue;
      const patternParts = route.pattern.split('/');
      const pathParts = path.split('/');
      if (patternParts.length !== pathParts.length) continue;
      const params: Record<string, string> = {};
      const ok = patternParts.every((part, i) => {
        if (part.startsWith(':')) {
          params[part.slice(1)] = decodeURIComponent(pathParts[i]!);
          return true;
        }
        return part === pathParts[i];
      });
      if (ok)
        return { route: `${route.method} ${route.pattern}`, handler: route.handler(), params };
    }
    return null;
  }

  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const request: FakeRequest = {
      method,
      path,
      query: url.searchParams,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: new Headers(init.headers),
      params: {},
    };
    calls.push(request);
    const found = match(method, path);
    if (!found) return json({ error: `No fake for ${method} ${path}` }, 404);
    request.params = found.params;
    const reply = await found.handler(request);
    if (reply instanceof Response) return reply;
    const status = reply.status ?? 200;
    const body = reply.body ?? {};
    return json(status < 300 ? checkedAnswer(found.route, body) : body, status);
  });

  return {
    state,
    calls,
    fetch,
    on,
    /** Requests to one route, e.g. `callsTo('PATCH /me')`. */
    callsTo(route: string): FakeRequest[] {
      const [method, path] = route.split(' ');
      return calls.filter((call) => call.method === method && call.path === path);
    },
    /** Replaces the global fetch with this fake (undone after each test by setup-tests). */
    install() {
      vi.stubGlobal('fetch', fetch);
      return this;
    },
  };
}

export type FakeApi = ReturnType<typeof createFakeApi>;
