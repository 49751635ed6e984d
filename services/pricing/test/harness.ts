import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DatabaseConnection } from '@pawfresh/db';
import { TestClock } from '@pawfresh/kit';
import { serviceApp, serviceAuth, testDatabase } from '@pawfresh/testing';
import type { CreateDiscountInput, DiscountCategory } from '@pawfresh/contracts/pricing';
import { pricingService } from '../src/index.js';

export interface Harness {
  database: DatabaseConnection;
  app: FastifyInstance;
  clock: TestClock;
}

/** A fresh database and the pricing service on it, at its native paths. */
export async function startPricing(): Promise<Harness> {
  const database = await testDatabase();
  // 10:00 on Monday 5 January 2026 in Sydney (AEDT, UTC+11).
  const clock = new TestClock('2026-01-04T23:00:00.000Z');
  const app = await serviceApp(pricingService, { database, clock });
  return { database, app, clock };
}

export async function stopPricing(h: Harness | undefined): Promise<void> {
  await h?.app.close();
  await h?.database.close();
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export function call(app: FastifyInstance, method: Method, url: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers:
      payload === undefined ? serviceAuth : { ...serviceAuth, 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

export const messages = (res: { json(): unknown }) =>
  (res.json() as { message: string | string[] }).message;

export const STAFF = 'staff@pawfresh.com.au';

let n = 0;
export const unique = (label: string) =>
  `${label} ${++n}-${Math.random().toString(36).slice(2, 7)}`;

export async function createCategory(app: FastifyInstance, name = unique('Category')) {
  const res = await call(app, 'POST', '/discounts/categories', { name, createdBy: STAFF });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<DiscountCategory>();
}

export const allItems = [{ type: 'all-items' }] as const;

/** A valid discount body: 50% off everything in the first box, unless told otherwise. */
export function discountBody(
  categoryId: string,
  over: Partial<CreateDiscountInput> = {},
): CreateDiscountInput {
  return {
    categoryId,
    name: unique('Discount'),
    description: 'Half price on the first box',
    interval: 'once-off',
    createdBy: STAFF,
    schedules: [
      {
        orderPosition: 0,
        applications: [{ type: 'percentage', value: 50, filters: [{ type: 'all-items' }] }],
      },
    ],
    ...over,
  };
}

export async function createDiscount(
  app: FastifyInstance,
  categoryId: string,
  over: Partial<CreateDiscountInput> = {},
): Promise<string> {
  const res = await call(app, 'POST', '/discounts', discountBody(categoryId, over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}
