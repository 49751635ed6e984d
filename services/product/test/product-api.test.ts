import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DatabaseConnection } from '@pawfresh/db';
import { TestClock } from '@pawfresh/kit';
import {
  caller,
  callJson,
  expectServiceError,
  fuzzContract,
  routeFetch,
  serviceApp,
  serviceAuth,
  svcUrl,
  testDatabase,
} from '@pawfresh/testing';
import { dogsService } from '@pawfresh/dogs';
import { productContract } from '@pawfresh/contracts/product';
import type { Product, RecommendedMeal, Variant } from '@pawfresh/contracts/product';
import { productService } from '../src/index.js';

let database: DatabaseConnection;
let app: FastifyInstance;
let dogs: FastifyInstance;
const clock = new TestClock('2026-11-02T09:00:00.000Z');

beforeAll(async () => {
  database = await testDatabase();
  dogs = await serviceApp(dogsService, { database, clock });
  app = await serviceApp(productService, {
    database,
    clock,
    serviceUrl: svcUrl,
    fetch: routeFetch({ dogs }),
  });
});
afterAll(async () => {
  await app?.close();
  await dogs?.close();
  await database?.close();
});
beforeEach(async () => {
  const res = await call('POST', '/api/v1/products/reset-by-seed-script');
  expect(res.statusCode).toBe(200);
});

const call = caller(() => app);
const get = (url: string) => call('GET', url);
const products = async (query = '') => (await get(`/api/v1/products${query}`)).json<Product[]>();
const variantOf = async (sku: string) => {
  const all = await products();
  const v = all.flatMap((p) => p.variants).find((x) => x.sku === sku);
  if (!v) throw new Error(`no ${sku}`);
  return v;
};
const patchStatus = (variantId: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'PATCH',
    url: `/api/v1/variants/${variantId}/status`,
    headers: { ...serviceAuth, ...headers },
    payload: payload as object,
  });

describe('GET /api/v1/products', () => {
  it('lists the seed catalogue: seven meals with pouch variants, energy and allergens', async () => {
    const meals = await products('?type=meal');
    expect(meals.map((m) => m.productCode).sort()).toEqual([
      'MEAL-BEEF',
      'MEAL-CHICKEN',
      'MEAL-FISH',
      'MEAL-GOAT',
      'MEAL-KANGAROO',
      'MEAL-LAMB',
      'MEAL-TURKEY',
    ]);
    for (const meal of meals) {
      const meta = Object.fromEntries(meal.metadata.map((m) => [m.metaKey, m.metaValue]));
      expect(meta.kcalPer100g).toEqual(expect.any(Number));
      expect(meta.allergens).toEqual(expect.arrayContaining([meta.meal]));
      expect(meal.variants.length).toBeGreaterThanOrEqual(5);
      for (const v of meal.variants) {
        expect(Number.isInteger(v.basePrice)).toBe(true);
        expect(v.dimension.pouchLetter).toBe('f');
        expect(v.barcode?.barcodeValue).toMatch(/^93\d{11}$/);
      }
      expect(meal.images.map((i) => i.imageType)).toContain('icon');
    }
  });

  it('filters by every product type', async () => {
    for (const type of ['treat', 'collateral', 'supplement', 'toy', 'bundle'] as const) {
      const list = await products(`?type=${type}`);
      expect(list.length).toBeGreaterThan(0);
      expect(new Set(list.map((p) => p.type))).toEqual(new Set([type]));
    }
    const collateral = await products('?type=collateral');
    expect(collateral.flatMap((p) => p.images.map((i) => i.imageType))).toEqual(
      expect.arrayContaining(['ice_pack_top', 'ice_pack_bottom']),
    );
  });

  it('answers an unknown type with a 400 naming the allowed types', async () => {
    const res = await get('/api/v1/products?type=food');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: ['type must be one of: meal, treat, collateral, supplement, toy, bundle'],
      error: 'Bad Request',
      statusCode: 400,
      type: 'validation',
      details: [{ in: 'query', path: ['type'], code: 'invalid_value' }],
    });
  });

  it('refuses a caller without service credentials', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/v1/products' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    const wrong = await app.inject({
      method: 'GET',
      url: '/api/v1/products',
      headers: { authorization: 'Bearer not-the-token' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('The service credentials are not valid');
  });
});

describe('GET /api/v1/variants/{variantId}', () => {
  it('returns the variant with dimension, barcode, images and metadata', async () => {
    const known = await variantOf('KANGAROO-F0400');
    const res = await get(`/api/v1/variants/${known.id}`);
    expect(res.statusCode).toBe(200);
    const v = res.json<Variant>();
    expect(v).toMatchObject({
      id: known.id,
      sku: 'KANGAROO-F0400',
      basePrice: 800,
      status: 'active',
      dimension: { weightGrams: 400, pouchLetter: 'f' },
      barcode: { barcodeType: 'EAN13', isActive: true, removedAt: null },
    });
    expect(v.images[0]?.imageType).toBe('pouch');
  });

  it('answers 404 for a variant that does not exist and 400 for a malformed id', async () => {
    const missing = await get('/api/v1/variants/3f0b8a57-2c7e-4d5b-9a41-6f1e2d3c4b5a');
    expectServiceError(
      missing,
      404,
      'Variant 3f0b8a57-2c7e-4d5b-9a41-6f1e2d3c4b5a not found',
      'not_found',
    );
    const malformed = await get('/api/v1/variants/not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toEqual(['variantId must be a valid UUID']);
  });
});

describe('PATCH /api/v1/variants/{variantId}/status', () => {
  it('changes the status and records when', async () => {
    const v = await variantOf('TREAT-ROO-JERKY');
    clock.set('2026-11-03T10:00:00.000Z');
    const res = await patchStatus(v.id, { status: 'out_of_stock' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Variant>().status).toBe('out_of_stock');
    expect((await get(`/api/v1/variants/${v.id}`)).json<Variant>().status).toBe('out_of_stock');
  });

  it('setting the status a variant already has changes nothing', async () => {
    const v = await variantOf('TREAT-ROO-JERKY');
    const res = await patchStatus(v.id, { status: 'active' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Variant>().status).toBe('active');
  });

  it('refuses to bring back an archived variant with a 409, and changes nothing', async () => {
    const v = await variantOf('SUPP-MULTI-OLD');
    const res = await patchStatus(v.id, { status: 'active' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'An archived variant cannot change status',
      error: 'Conflict',
      statusCode: 409,
    });
    expect((await get(`/api/v1/variants/${v.id}`)).json<Variant>().status).toBe('archived');
  });

  it('answers bad input with a 400 and changes nothing', async () => {
    const v = await variantOf('BEEF-F0200');
    const cases: {
      payload: unknown;
      headers?: Record<string, string>;
      message: string | string[];
      status?: number;
    }[] = [
      {
        payload: { status: 'sold_out' },
        message: [
          'status must be one of: active, out_of_stock, discontinuing, discontinued, archived',
        ],
      },
      { payload: {}, message: ['status is required'] },
      { payload: { status: 'active', colour: 'red' }, message: ['Unknown field: colour'] },
      {
        payload: '["active"]',
        headers: { 'content-type': 'application/json' },
        message: ['Request must be a JSON object'],
      },
      {
        payload: '{"status":',
        headers: { 'content-type': 'application/json' },
        message: 'Request body is not valid JSON',
      },
      {
        payload: 'status=active',
        headers: { 'content-type': 'text/plain' },
        message: 'Content-Type must be application/json',
      },
      {
        payload: 'status=active',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        message: 'Content-Type must be application/json',
      },
      {
        payload: JSON.stringify({ status: 'active', pad: 'x'.repeat(200_000) }),
        headers: { 'content-type': 'application/json' },
        message: 'Request body is too large: send at most 100 KB',
        status: 413,
      },
    ];
    for (const c of cases) {
      const res = await patchStatus(v.id, c.payload, c.headers);
      expect(res.statusCode, JSON.stringify(c.payload).slice(0, 60)).toBe(c.status ?? 400);
      expect(res.json()).toMatchObject({
        statusCode: c.status ?? 400,
        error: c.status === 413 ? 'Payload Too Large' : 'Bad Request',
        message: c.message,
      });
    }
    expect((await get(`/api/v1/variants/${v.id}`)).json<Variant>().status).toBe('active');
  });

  it('answers 404 for an unknown variant', async () => {
    const res = await patchStatus('0d6f2f4e-8a3b-4c1d-9e7f-1a2b3c4d5e6f', { status: 'active' });
    expect(res.statusCode).toBe(404);
  });
});

describe('the cached catalogue', () => {
  it('tags list answers and answers 304 while the catalogue is unchanged', async () => {
    const first = await get('/api/v1/products?type=treat');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"products-.+-treat"$/);
    const again = await call('GET', '/api/v1/products?type=treat', undefined, {
      ...serviceAuth,
      'if-none-match': etag,
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const v = await variantOf('TREAT-SARDINE');
    await patchStatus(v.id, { status: 'out_of_stock' });
    const changed = await call('GET', '/api/v1/products?type=treat', undefined, {
      ...serviceAuth,
      'if-none-match': etag,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(
      changed.json<Product[]>().find((p) => p.productCode === 'TREAT-SARDINE')?.variants[0]?.status,
    ).toBe('out_of_stock');
  });

  it('sees a change made by another process on the same database at once', async () => {
    const replica = await serviceApp(productService, { database, clock });
    try {
      const v = await variantOf('GOAT-F0150');
      expect((await get(`/api/v1/variants/${v.id}`)).json<Variant>().status).toBe('active');
      const res = await callJson(replica, 'PATCH', `/api/v1/variants/${v.id}/status`, {
        status: 'discontinuing',
      });
      expect(res.statusCode).toBe(200);
      expect((await get(`/api/v1/variants/${v.id}`)).json<Variant>().status).toBe('discontinuing');
    } finally {
      await replica.close();
    }
  });
});

describe('POST /api/v1/products/reset-by-seed-script', () => {
  it('restores the seed catalogue with the same ids', async () => {
    const before = await products();
    const v = await variantOf('CHICKEN-F0300');
    await patchStatus(v.id, { status: 'discontinued' });
    const res = await call('POST', '/api/v1/products/reset-by-seed-script');
    expect(res.json()).toEqual({
      products: before.length,
      variants: before.flatMap((p) => p.variants).length,
    });
    const after = await products();
    expect(after.map((p) => p.id)).toEqual(before.map((p) => p.id));
    expect((await variantOf('CHICKEN-F0300')).status).toBe('active');
  });
});

describe('the order of the menu', () => {
  const sortIndexOf = (p: Product) =>
    p.metadata.find((m) => m.metaKey === 'sortIndex')?.metaValue as number;

  it('lists meals by sortIndex, not by name, in the list and in recommendations', async () => {
    const meals = await products('?type=meal');
    expect(meals.map((p) => p.productCode)).toEqual([
      'MEAL-BEEF',
      'MEAL-CHICKEN',
      'MEAL-TURKEY',
      'MEAL-LAMB',
      'MEAL-KANGAROO',
      'MEAL-GOAT',
      'MEAL-FISH',
    ]);
    const recommended = await call('POST', '/api/v1/products/recommend-meals', {});
    expect(recommended.json<RecommendedMeal[]>().map((p) => p.productCode)).toEqual(
      meals.map((p) => p.productCode),
    );
    for (const type of ['treat', 'supplement'] as const) {
      const list = (await products(`?type=${type}`)).map(sortIndexOf);
      expect(list).toEqual([...list].sort((a, b) => a - b));
    }
  });
});

describe('POST /api/v1/products/recommend-meals', () => {
  const recommend = (payload: unknown) => call('POST', '/api/v1/products/recommend-meals', payload);
  const byMeal = (list: RecommendedMeal[]) =>
    Object.fromEntries(list.map((m) => [m.productCode, m.recommendation]));

  it('blocks meals with the dog’s allergens and explains every decision', async () => {
    const res = await recommend({ allergens: ['chicken'], healthIssues: ['pancreatitis'] });
    expect(res.statusCode).toBe(200);
    const rec = byMeal(res.json());
    expect(Object.keys(rec)).toHaveLength(7);
    expect(rec['MEAL-CHICKEN']).toEqual({
      recommendationType: 'blocked',
      allergens: ['chicken'],
      illnesses: [],
    });
    expect(rec['MEAL-BEEF']).toEqual({
      recommendationType: 'not_recommended',
      allergens: [],
      illnesses: ['pancreatitis'],
    });
    expect(rec['MEAL-TURKEY']).toEqual({
      recommendationType: 'recommended',
      allergens: [],
      illnesses: ['pancreatitis'],
    });
    expect(rec['MEAL-GOAT']).toEqual({
      recommendationType: 'neutral',
      allergens: [],
      illnesses: [],
    });
  });

  it('is neutral for a dog with no allergies or health issues', async () => {
    const rec = byMeal((await recommend({})).json());
    expect(new Set(Object.values(rec).map((r) => r.recommendationType))).toEqual(
      new Set(['neutral']),
    );
  });

  it('answers bad input with a 400', async () => {
    const notList = await recommend({ allergens: 'chicken' });
    expect(notList.statusCode).toBe(400);
    expect(notList.json().message).toEqual(['allergens must be an array']);
    const badSlug = await recommend({ healthIssues: ['Kidney Disease'] });
    expect(badSlug.statusCode).toBe(400);
    expect(badSlug.json().message).toEqual([
      'Use lower-case slugs such as "chicken" or "kidney-disease"',
    ]);
  });
});

describe('GET /api/v1/meal-recommendations/{animalId}', () => {
  const owner = '6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
  const stranger = '7b2a1d3f-4c5e-4f6a-9b0c-1d2e3f4a5b6c';

  it("uses the dog's allergies and health issues, for its owner only", async () => {
    const created = await callJson(dogs, 'POST', '/dogs', {
      userId: owner,
      dog: {
        name: 'Pepper',
        weight: '12',
        foodAllergies: ['beef'],
        healthIssues: ['skin-and-coat'],
      },
    });
    expect(created.statusCode).toBe(201);
    const dogId = created.json().identifier as string;
    const res = await get(`/api/v1/meal-recommendations/${dogId}?userId=${owner}`);
    expect(res.statusCode).toBe(200);
    const rec = Object.fromEntries(
      res
        .json<RecommendedMeal[]>()
        .map((m) => [m.productCode, m.recommendation.recommendationType]),
    );
    expect(rec).toMatchObject({
      'MEAL-BEEF': 'blocked',
      'MEAL-FISH': 'recommended',
      'MEAL-KANGAROO': 'recommended',
      'MEAL-CHICKEN': 'neutral',
    });
    const notTheirs = await get(`/api/v1/meal-recommendations/${dogId}?userId=${stranger}`);
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().message).toBe('Dog not found');
    expect(
      (await get('/api/v1/meal-recommendations/1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f')).statusCode,
    ).toBe(404);
    expect((await get('/api/v1/meal-recommendations/not-a-uuid')).json().message).toEqual([
      'animalId must be a valid UUID',
    ]);
  });
});

describe('odd input generated from the contract', () => {
  it('is always a 4xx in the service envelope, never a 500', async () => {
    expect(await fuzzContract(app, productContract, serviceAuth)).toEqual([]);
  });
});

describe('health and documentation', () => {
  it('answers health at the root and under /api/v1 without credentials', async () => {
    for (const url of ['/health', '/api/v1/health']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.json()).toEqual({ status: 'ok' });
    }
  });

  it('serves an OpenAPI document naming every route of the contract', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/products',
        '/api/v1/variants/{variantId}',
        '/api/v1/variants/{variantId}/status',
        '/api/v1/products/reset-by-seed-script',
        '/api/v1/products/recommend-meals',
      ]),
    );
    const page = await app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});
