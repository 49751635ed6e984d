import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DatabaseConnection } from '@pawfresh/db';
import { TestClock } from '@pawfresh/kit';
import {
  callJson,
  caller,
  messagesOf,
  routeFetch,
  serviceApp,
  svcUrl,
  testDatabase,
} from '@pawfresh/testing';
import type { Cart } from '@pawfresh/contracts/cart';
import { pricingService } from '@pawfresh/pricing';
import { cartService } from '../src/index.js';

/** The cart with the real pricing service it checks codes with, on one test database. */
let database: DatabaseConnection;
let pricing: FastifyInstance;
let app: FastifyInstance;
// 10:00 on Monday 2 November 2026 in Sydney.
const clock = new TestClock('2026-11-01T23:00:00.000Z');
const USER = '6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const MISSING = '3f0b8a57-2c7e-4d5b-9a41-6f1e2d3c4b5a';
const STAFF = 'staff@pawfresh.com.au';
let discountId: string;

beforeAll(async () => {
  database = await testDatabase();
  pricing = await serviceApp(pricingService, { database, clock });
  app = await serviceApp(cartService, {
    database,
    clock,
    serviceUrl: svcUrl,
    fetch: routeFetch({ pricing }),
  });
  const category = await callJson(pricing, 'POST', '/discounts/categories', {
    name: 'Welcome offers',
    createdBy: STAFF,
  });
  const discount = await callJson(pricing, 'POST', '/discounts', {
    categoryId: category.json<{ id: string }>().id,
    name: 'Half off the first box',
    description: 'Welcome',
    interval: 'once-off',
    createdBy: STAFF,
    schedules: [
      {
        orderPosition: 0,
        applications: [{ type: 'percentage', value: 50, filters: [{ type: 'all-items' }] }],
      },
    ],
  });
  expect(discount.statusCode, discount.body).toBe(201);
  discountId = discount.json<{ id: string }>().id;
});
afterAll(async () => {
  await app?.close();
  await pricing?.close();
  await database?.close();
});

const call = caller(() => app);

async function promotion(value: string, over: Record<string, unknown> = {}) {
  const res = await callJson(pricing, 'POST', '/promotions', {
    type: 'coupon',
    value,
    discountId,
    createdBy: STAFF,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>();
}

async function newCart(): Promise<Cart> {
  const res = await call('POST', '/carts', { userId: USER });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Cart>();
}

const setCode = (cartId: string, promotionCode: unknown) =>
  call('PUT', `/carts/${cartId}/promotion-code`, { promotionCode });
const readCart = async (cartId: string) => (await call('GET', `/carts/${cartId}`)).json<Cart>();

describe('a promotion code on the cart', () => {
  it('is held by the cart once pricing can apply it, replaced by another, and taken off', async () => {
    await promotion('WELCOME50');
    await promotion('FRIENDS50');
    const cart = await newCart();
    expect(cart.promotionCode).toBeNull();

    const set = await setCode(cart.id, 'welcome50');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<Cart>()).toMatchObject({ id: cart.id, promotionCode: 'welcome50' });
    expect((await readCart(cart.id)).promotionCode).toBe('welcome50');

    expect((await setCode(cart.id, 'FRIENDS50')).statusCode).toBe(200);
    expect((await readCart(cart.id)).promotionCode).toBe('FRIENDS50');

    expect((await call('DELETE', `/carts/${cart.id}/promotion-code`)).statusCode).toBe(204);
    expect((await readCart(cart.id)).promotionCode).toBeNull();
    // None there: the same answer.
    expect((await call('DELETE', `/carts/${cart.id}/promotion-code`)).statusCode).toBe(204);
  });

  it('refuses a code pricing cannot apply, in words a person can act on, and keeps the old one', async () => {
    await promotion('GOODCODE');
    await promotion('SWITCHEDOFF', { disable: true });
    await promotion('LASTWEEK', { activeAt: '2026-10-01', expireAt: '2026-10-31' });
    await promotion('NEXTYEAR', { activeAt: '2027-01-01' });
    const once = await promotion('ONCEONLY', { maxUses: 1 });
    const used = await callJson(pricing, 'POST', '/promotions/attributions', {
      userId: MISSING,
      promotionId: once.id,
      type: 'discount',
    });
    expect(used.statusCode, used.body).toBe(201);

    const cart = await newCart();
    expect((await setCode(cart.id, 'GOODCODE')).statusCode).toBe(200);
    const cases: [string, number, string][] = [
      ['NOSUCHCODE', 404, 'Promotion code NOSUCHCODE not found'],
      ['SWITCHEDOFF', 400, 'Promotion code SWITCHEDOFF is disabled'],
      [
        'LASTWEEK',
        400,
        'Promotion code LASTWEEK expired on 31 Oct 2026, 12:00 am (Australia/Sydney)',
      ],
      [
        'NEXTYEAR',
        400,
        'Promotion code NEXTYEAR can be used from 1 Jan 2027, 12:00 am (Australia/Sydney)',
      ],
      ['ONCEONLY', 400, 'Promotion code ONCEONLY has been used the most times it can be (1)'],
    ];
    for (const [code, status, message] of cases) {
      const res = await setCode(cart.id, code);
      expect(res.statusCode, `${code}: ${res.body}`).toBe(status);
      expect(messagesOf(res)).toEqual([message]);
    }
    expect((await readCart(cart.id)).promotionCode).toBe('GOODCODE');
  });

  it('refuses a malformed body as a 400, and an unknown cart as a 404', async () => {
    const cart = await newCart();
    const bad: [unknown, string][] = [
      [undefined, 'promotionCode is required: the code as the customer entered it'],
      ['', 'promotionCode is required: the code as the customer entered it'],
      [42, 'promotionCode is required: the code as the customer entered it'],
      ['SAVE 10', 'promotionCode must contain only letters, digits, hyphens and underscores'],
      ['A\u0000B', 'promotionCode contains a character that cannot be saved'],
      ['\ud800', 'promotionCode contains a character that cannot be saved'],
      ['X'.repeat(251), 'promotionCode must be 250 characters or less'],
    ];
    for (const [promotionCode, message] of bad) {
      const res = await setCode(cart.id, promotionCode);
      expect(res.statusCode, res.body).toBe(400);
      expect(messagesOf(res).join('; '), JSON.stringify(promotionCode)).toContain(message);
    }
    const extra = await call('PUT', `/carts/${cart.id}/promotion-code`, {
      promotionCode: 'GOODCODE',
      discount: 100,
    });
    expect(extra.statusCode).toBe(400);
    expect((await readCart(cart.id)).promotionCode).toBeNull();

    const missing = await setCode(MISSING, 'GOODCODE');
    expect(missing.statusCode).toBe(404);
    expect(messagesOf(missing)).toEqual([`Cart ${MISSING} not found`]);
    expect((await call('DELETE', `/carts/${MISSING}/promotion-code`)).statusCode).toBe(404);
    expect((await call('PUT', '/carts/not-a-cart/promotion-code', {})).statusCode).toBe(400);
  });
});
