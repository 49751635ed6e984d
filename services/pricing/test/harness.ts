import { afterAll, beforeAll, expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DatabaseConnection } from '@pawfresh/db';
import { TestClock } from '@pawfresh/kit';
import { callJson, caller, serviceApp, testDatabase } from '@pawfresh/testing';
import type { CreateDiscountInput, DiscountCategory } from '@pawfresh/contracts/pricing';
import { pricingService } from '../src/index.js';

export interface Harness {
  database: DatabaseConnection;
  app: FastifyInstance;
  clock: TestClock;
  /** One request to `app`, with the service credentials unless told otherwise. */
  call: ReturnType<typeof caller>;
}

/**
 * A fresh database and the pricing service on it, at its native paths, for the tests of one
 * file: started before them and stopped after. Read its fields inside tests (they are set once
 * the file's tests begin).
 */
export function usePricing(): Harness {
  const h = {} as Harness;
  h.call = caller(() => h.app);
  beforeAll(async () => {
    h.database = await testDatabase();
    // 10:00 on Monday 5 January 2026 in Sydney (AEDT, UTC+11).
    h.clock = new TestClock('2026-01-04T23:00:00.000Z');
    h.app = await serviceApp(pricingService, { database: h.database, clock: h.clock });
  });
  afterAll(async () => {
    await h.app?.close();
    await h.database?.close();
  });
  return h;
}

export const STAFF = 'staff@pawfresh.com.au';

let n = 0;
export const unique = (label: string) =>
  `${label} ${++n}-${Math.random().toString(36).slice(2, 7)}`;

export async function createCategory(app: FastifyInstance, name = unique('Category')) {
  const res = await callJson(app, 'POST', '/discounts/categories', { name, createdBy: STAFF });
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
  const res = await callJson(app, 'POST', '/discounts', discountBody(categoryId, over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}
