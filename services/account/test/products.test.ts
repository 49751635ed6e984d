import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import type { FastifyInstance } from 'fastify';
import type { DatabaseConnection } from '@pawfresh/db';
import type { CustomerProduct } from '@pawfresh/contracts/account';
import { productStatuses } from '@pawfresh/contracts/enums';
import {
  callJson,
  caller,
  fuzzContract,
  routeFetch,
  serviceApp,
  svcUrl,
  testDatabase,
} from '@pawfresh/testing';
import { accountContract } from '@pawfresh/contracts/account';
import { productService } from '@pawfresh/product';
import { courierService } from '@pawfresh/courier';
import { dogsService } from '@pawfresh/dogs';
import { accountService } from '../src/index.js';
import { compareExtras, isProductVisible } from '../src/rules/product-visibility.js';

let database: DatabaseConnection;
let product: FastifyInstance;
let account: FastifyInstance;
// The public sign-up routes the contract fuzz reaches read breeds and postcodes (docs/sign-up.md).
let dogs: FastifyInstance;
let courier: FastifyInstance;

beforeAll(async () => {
  database = await testDatabase();
  product = await serviceApp(productService, { database });
  await callJson(product, 'POST', '/api/v1/products/reset-by-seed-script');
  dogs = await serviceApp(dogsService, { database });
  courier = await serviceApp(courierService, { database });
  account = await serviceApp(accountService, {
    database,
    serviceUrl: svcUrl,
    fetch: routeFetch({ product, dogs, courier }),
  });
});
afterAll(async () => {
  await account?.close();
  await dogs?.close();
  await courier?.close();
  await product?.close();
  await database?.close();
});

/** The product list is public: a visitor calls it without any credentials. */
const visitor = caller(() => account);
const nobody = {};

describe('GET /api/v1/products (customer API)', () => {
  it('returns meals, treats and supplements in the customer list shape, visible ones only', async () => {
    const res = await visitor('GET', '/api/v1/products', undefined, nobody);
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      meals: CustomerProduct[];
      treats: CustomerProduct[];
      supplements: CustomerProduct[];
    }>();
    expect(body.meals.map((m) => m.name)).toEqual([
      'Beef Bowl',
      'Chicken Bowl',
      'Turkey Bowl',
      'Lamb Bowl',
      'Kangaroo Bowl',
      'Goat Bowl',
      'Fish Bowl',
    ]);
    const beef = body.meals[0]!;
    expect(Object.keys(beef).sort()).toEqual(
      [
        'content',
        'id',
        'images',
        'isNew',
        'isVisible',
        'name',
        'sortIndex',
        'status',
        'thumbnail',
        'variants',
      ].sort(),
    );
    expect(beef.thumbnail).toBe('/assets/products/meal-beef-icon.svg');
    expect(beef.variants[0]).toEqual({
      id: expect.any(String),
      sku: 'BEEF-F0125',
      dimension: { weightGrams: 125 },
      price: expect.any(Number),
    });
    // Treats carry their price per pack, for the product page (customer-app.md §2).
    const jerky = body.treats.find((p: CustomerProduct) => p.name === 'Kangaroo Jerky');
    expect(jerky!.variants[0]!.price).toBe(1495);
    expect(beef.content).toMatchObject({ description: expect.any(String), energyKcalPer100g: 142 });
    // Hidden (Goat Milk Chews), discontinued (Pork Crackle) and archived (old multivitamin) are not shown.
    const names = [...body.treats, ...body.supplements].map((p) => p.name);
    expect(names).not.toContain('Goat Milk Chews');
    expect(names).not.toContain('Pork Crackle');
    expect(names).not.toContain('Multivitamin (old formula)');
  });

  it('sorts treats and supplements in stock first, then new, then by name', async () => {
    const body = (await visitor('GET', '/api/v1/products', undefined, nobody)).json();
    expect(body.treats.map((p: CustomerProduct) => p.name)).toEqual([
      'Sardine Crunch',
      'Chicken Breast Bites',
      'Kangaroo Jerky',
      'Lamb Ear Chews',
      'Beef Liver Crisps',
    ]);
    expect(body.supplements.map((p: CustomerProduct) => p.name)).toEqual([
      'Gut Health Probiotic',
      'Joint Support',
      'Omega-3 Fish Oil',
      'Calming Chews',
    ]);
  });

  it('tags its answer so the app can revalidate it cheaply', async () => {
    const first = await visitor('GET', '/api/v1/products', undefined, nobody);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"products-[\w-]{22}"$/);
    const again = await visitor('GET', '/api/v1/products', undefined, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    const jerky = (await callJson(product, 'GET', '/api/v1/products?type=treat'))
      .json()
      .find((p: { productCode: string }) => p.productCode === 'TREAT-ROO-JERKY').variants[0].id;
    await callJson(product, 'PATCH', `/api/v1/variants/${jerky}/status`, {
      status: 'out_of_stock',
    });
    const changed = await visitor('GET', '/api/v1/products', undefined, {
      'if-none-match': etag,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    // Its only variant is out of stock, so the treat is out of stock to customers and sorts last.
    const treats = changed.json<{ treats: CustomerProduct[] }>().treats;
    expect(treats.map((t) => [t.name, t.status]).slice(-2)).toEqual([
      ['Beef Liver Crisps', 'out_of_stock'],
      ['Kangaroo Jerky', 'out_of_stock'],
    ]);
  });

  it('answers odd input generated from its contract without a 500, in the customer envelope', async () => {
    expect(await fuzzContract(account, accountContract, {})).toEqual([]);
    // Every endpoint of the customer API, 40 inputs each: longer than one call's 20 s on a busy machine.
  }, 180_000);

  it('answers "Unexpected server error" when the product service fails', async () => {
    const failing = await serviceApp(accountService, {
      database,
      serviceUrl: () => 'http://product.test',
      fetch: async () =>
        new Response(JSON.stringify({ message: 'boom', statusCode: 500 }), { status: 500 }),
    });
    const res = await callJson(failing, 'GET', '/api/v1/products', undefined, nobody);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Unexpected server error' });
    await failing.close();
  });
});

const status = fc.constantFrom(...productStatuses);
const item = fc
  .record({
    id: fc.uuid(),
    name: fc.string({ minLength: 1, maxLength: 12 }),
    status,
    isNew: fc.boolean(),
    isVisible: fc.boolean(),
    sortIndex: fc.integer({ min: 0, max: 50 }),
  })
  .map((p): CustomerProduct => ({ ...p, thumbnail: null, images: [], content: {}, variants: [] }));

describe('rules', () => {
  test.prop([status, fc.boolean()])(
    'a product is visible only if active or out of stock, and isVisible',
    (s, v) => {
      expect(isProductVisible({ status: s, isVisible: v })).toBe(
        v && (s === 'active' || s === 'out_of_stock'),
      );
    },
  );

  test.prop([fc.array(item, { maxLength: 20 })])(
    'extras sort: every in-stock item before any out-of-stock one, new before old',
    (items) => {
      const sorted = [...items].sort(compareExtras);
      for (let i = 1; i < sorted.length; i++) {
        const a = sorted[i - 1]!;
        const b = sorted[i]!;
        const aIn = a.status === 'active';
        const bIn = b.status === 'active';
        expect(!aIn && bIn).toBe(false);
        if (aIn === bIn) expect(!a.isNew && b.isNew).toBe(false);
        if (aIn === bIn && a.isNew === b.isNew) {
          expect(
            a.name.localeCompare(b.name, 'en-AU', { sensitivity: 'base' }),
          ).toBeLessThanOrEqual(0);
        }
      }
    },
  );
});
