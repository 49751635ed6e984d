import { describe, expect, it } from 'vitest';
import { fuzzContract, messagesOf, serviceAuth } from '@pawfresh/testing';
import { pricingContract, type Discount, type DiscountCategory } from '@pawfresh/contracts/pricing';
import {
  createCategory,
  createDiscount,
  discountBody,
  STAFF,
  unique,
  usePricing,
} from './harness.js';

const h = usePricing();

const MISSING = '3f0b8a57-2c7e-4d5b-9a41-6f1e2d3c4b5a';

describe('discount categories', () => {
  it('creates, renames and soft-deletes a category, recording who did each', async () => {
    const created = await createCategory(h.app, 'Win-back');
    expect(created).toMatchObject({
      name: 'Win-back',
      createdBy: STAFF,
      deletedAt: null,
      deletedBy: null,
    });
    h.clock.advance(60_000);
    const renamed = await h.call('PATCH', `/discounts/categories/${created.id}`, {
      name: 'Win-back (lapsed)',
      updatedBy: 'ops@pawfresh.com.au',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Win-back (lapsed)',
      updatedBy: 'ops@pawfresh.com.au',
      updatedAt: '2026-01-04T23:01:00.000Z',
    });
    const deleted = await h.call('DELETE', `/discounts/categories/${created.id}`, {
      deletedBy: 'ops@pawfresh.com.au',
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({
      deletedBy: 'ops@pawfresh.com.au',
      deletedAt: '2026-01-04T23:01:00.000Z',
    });
    const list = await h.call('GET', '/discounts/categories?name=win-back');
    expect(list.json<{ data: DiscountCategory[] }>().data).toEqual([]);
    // A deleted category frees its name; a deleted one cannot be renamed.
    await createCategory(h.app, 'Win-back (lapsed)');
    const again = await h.call('PATCH', `/discounts/categories/${created.id}`, {
      name: 'x',
      updatedBy: STAFF,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: `Discount category ${created.id} not found` });
  });

  it('refuses a duplicate name in any case with 409', async () => {
    await createCategory(h.app, 'Seasonal');
    const res = await h.call('POST', '/discounts/categories', {
      name: 'SEASONAL',
      createdBy: STAFF,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'A discount category named "SEASONAL" already exists: choose another name',
    });
  });

  it('refuses a name over 250 characters and a missing actor', async () => {
    const res = await h.call('POST', '/discounts/categories', { name: 'x'.repeat(251) });
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)).toEqual([
      'name must be 250 characters or less',
      'createdBy is required: say who made the change',
    ]);
  });

  it('lists a page at a time, 100 by default, filtered by name and sorted', async () => {
    const prefix = unique('Paged');
    for (const suffix of ['b', 'a', 'c']) await createCategory(h.app, `${prefix} ${suffix}`);
    const first = await h.call(
      'GET',
      `/discounts/categories?name=${encodeURIComponent(prefix.toUpperCase())}&perPage=2&direction=desc`,
    );
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json<{ data: DiscountCategory[]; meta: unknown }>();
    expect(body.data.map((c) => c.name)).toEqual([`${prefix} c`, `${prefix} b`]);
    expect(body.meta).toEqual({ total: 3, offset: 0, limit: 2 });
    const second = await h.call(
      'GET',
      `/discounts/categories?name=${encodeURIComponent(prefix)}&perPage=2&page=2&direction=desc`,
    );
    expect(second.json<{ data: DiscountCategory[] }>().data.map((c) => c.name)).toEqual([
      `${prefix} a`,
    ]);
    const defaults = await h.call('GET', '/discounts/categories');
    expect(defaults.json<{ meta: { offset: number; limit: number } }>().meta).toMatchObject({
      offset: 0,
      limit: 100,
    });
    const tooMany = await h.call('GET', '/discounts/categories?perPage=101');
    expect(tooMany.statusCode).toBe(400);
    expect(messagesOf(tooMany)).toEqual(['perPage must be at most 100']);
  });

  it('takes % and _ in a name filter literally', async () => {
    const prefix = unique('Literal');
    await createCategory(h.app, `${prefix} 100% off`);
    await createCategory(h.app, `${prefix} 1000 off`);
    const res = await h.call(
      'GET',
      `/discounts/categories?name=${encodeURIComponent(`${prefix} 100%`)}`,
    );
    expect(res.json<{ data: DiscountCategory[] }>().data.map((c) => c.name)).toEqual([
      `${prefix} 100% off`,
    ]);
  });

  it('will not delete a category its discounts still use', async () => {
    const category = await createCategory(h.app);
    await createDiscount(h.app, category.id);
    const res = await h.call('DELETE', `/discounts/categories/${category.id}`, {
      deletedBy: STAFF,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: `Discount category "${category.name}" still has 1 discount: move or delete it first`,
    });
  });
});

describe('discounts', () => {
  it('creates a hybrid discount and gives it back exactly as modelled', async () => {
    const category = await createCategory(h.app);
    const id = await createDiscount(h.app, category.id, {
      name: 'Half price, then 10%',
      interval: 'hybrid',
      schedules: [
        {
          orderPosition: 0,
          recurring: false,
          applications: [
            {
              type: 'percentage',
              value: 50,
              filters: [{ type: 'product-type', productType: 'meal' }],
            },
            {
              type: 'dollar',
              value: 500,
              filters: [{ type: 'product-type', productType: 'treat', quantity: 1 }],
            },
          ],
        },
        {
          orderPosition: 1,
          recurring: true,
          applications: [{ type: 'percentage', value: 10, filters: [{ type: 'all-items' }] }],
        },
      ],
    });
    const res = await h.call('GET', `/discounts/${id}`);
    expect(res.statusCode).toBe(200);
    const discount = res.json<Discount>();
    expect(discount).toMatchObject({
      id,
      category: { id: category.id, name: category.name },
      name: 'Half price, then 10%',
      interval: 'hybrid',
      currencyCode: 'AUD',
      createdBy: STAFF,
      disabledAt: null,
      deletedAt: null,
    });
    expect(
      discount.schedules.map((s) => ({
        orderPosition: s.orderPosition,
        recurring: s.recurring,
        applications: s.applications.map((a) => ({
          type: a.type,
          value: a.value,
          filters: a.filters.map((f) => ({
            type: f.type,
            productType: f.productType,
            quantity: f.quantity,
          })),
        })),
      })),
    ).toEqual([
      {
        orderPosition: 0,
        recurring: false,
        applications: [
          {
            type: 'percentage',
            value: 50,
            filters: [{ type: 'product-type', productType: 'meal', quantity: null }],
          },
          {
            type: 'dollar',
            value: 500,
            filters: [{ type: 'product-type', productType: 'treat', quantity: 1 }],
          },
        ],
      },
      {
        orderPosition: 1,
        recurring: true,
        applications: [
          {
            type: 'percentage',
            value: 10,
            filters: [{ type: 'all-items', productType: null, quantity: null }],
          },
        ],
      },
    ]);
  });

  it('refuses what services.md §5 forbids, with words a person can act on', async () => {
    const category = await createCategory(h.app);
    const cases: [Record<string, unknown>, string[]][] = [
      [{ schedules: [] }, ['schedules must have at least 1 item']],
      [
        { schedules: [{ orderPosition: 0, applications: [] }] },
        ['schedules[0].applications must have at least 1 item'],
      ],
      [
        {
          schedules: [
            { orderPosition: 0, applications: [{ type: 'percentage', value: 5, filters: [] }] },
          ],
        },
        ['schedules[0].applications[0].filters must have at least 1 item'],
      ],
      [
        {
          interval: 'hybrid',
          schedules: [
            {
              orderPosition: 0,
              recurring: true,
              applications: [{ type: 'percentage', value: 5, filters: [{ type: 'all-items' }] }],
            },
            {
              orderPosition: 1,
              recurring: true,
              applications: [{ type: 'percentage', value: 5, filters: [{ type: 'all-items' }] }],
            },
          ],
        },
        ['A hybrid discount must have exactly one schedule marked recurring'],
      ],
      [{ description: 'x'.repeat(801) }, ['description must be 800 characters or less']],
      [
        { currencyCode: 'NZD' },
        ['currencyCode must be AUD: only Australian dollars are supported'],
      ],
      [
        {
          schedules: [
            {
              orderPosition: -1,
              applications: [{ type: 'percentage', value: 5, filters: [{ type: 'all-items' }] }],
            },
          ],
        },
        ['schedules[0].orderPosition must be at least 0'],
      ],
      [
        {
          schedules: [
            {
              orderPosition: 0,
              applications: [{ type: 'percentage', value: 12.5, filters: [{ type: 'all-items' }] }],
            },
          ],
        },
        ['value must be a whole number (percent, or cents for a dollar discount)'],
      ],
      [
        {
          schedules: [
            {
              orderPosition: 0,
              applications: [{ type: 'percentage', value: 150, filters: [{ type: 'all-items' }] }],
            },
          ],
        },
        ['schedules[0].applications[0].value must be a whole percent from 1 to 100 (50 means 50%)'],
      ],
      [
        {
          schedules: [
            {
              orderPosition: 0,
              applications: [
                { type: 'dollar', value: 500, filters: [{ type: 'all-items', quantity: 0 }] },
              ],
            },
          ],
        },
        ['Filter quantity must be a whole number of at least 1, or empty for all'],
      ],
      [
        {
          schedules: [
            {
              orderPosition: 0,
              applications: [{ type: 'dollar', value: 500, filters: [{ type: 'product' }] }],
            },
          ],
        },
        ['schedules[0].applications[0].filters[0].productId is required for a product filter'],
      ],
      [
        {
          schedules: [
            {
              orderPosition: 2,
              applications: [{ type: 'percentage', value: 5, filters: [{ type: 'all-items' }] }],
            },
            {
              orderPosition: 2,
              applications: [{ type: 'percentage', value: 6, filters: [{ type: 'all-items' }] }],
            },
          ],
        },
        ['Order position 2 has more than one schedule: each order position can have only one'],
      ],
    ];
    for (const [over, expected] of cases) {
      const res = await h.call('POST', '/discounts', {
        ...discountBody(category.id),
        ...over,
      });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json()).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        message: expected,
      });
    }
  });

  it('answers 404 for an unknown category, discount, or a deleted discount on change', async () => {
    const res = await h.call('POST', '/discounts', discountBody(MISSING));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: `Discount category ${MISSING} not found` });
    expect((await h.call('GET', `/discounts/${MISSING}`)).statusCode).toBe(404);
    const badId = await h.call('GET', '/discounts/not-a-uuid');
    expect(badId.statusCode).toBe(400);
    expect(messagesOf(badId)).toEqual(['id must be a valid UUID']);
  });

  it('patches name, category and description, disables and enables, and records who', async () => {
    const [from, to] = [await createCategory(h.app), await createCategory(h.app)];
    const id = await createDiscount(h.app, from.id);
    h.clock.advance(1000);
    const disabled = await h.call('PATCH', `/discounts/${id}`, {
      categoryId: to.id,
      name: 'Renamed',
      description: null,
      disable: true,
      updatedBy: 'ops',
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({
      category: { id: to.id, name: to.name },
      name: 'Renamed',
      description: null,
      updatedBy: 'ops',
      disabledAt: h.clock.now().toISOString(),
    });
    const enabled = await h.call('PATCH', `/discounts/${id}`, {
      disable: false,
      updatedBy: 'ops',
    });
    expect(enabled.json()).toMatchObject({ disabledAt: null, name: 'Renamed' });
    const unknown = await h.call('PATCH', `/discounts/${id}`, {
      interval: 'recurring',
      updatedBy: 'ops',
    });
    expect(unknown.statusCode).toBe(400);
    expect(messagesOf(unknown)).toEqual(['Unknown field: interval']);
  });

  it('soft-deletes: gone from the list, still readable, cannot be changed or deleted again', async () => {
    const category = await createCategory(h.app);
    const id = await createDiscount(h.app, category.id);
    const deleted = await h.call('DELETE', `/discounts/${id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ id, deletedAt: h.clock.now().toISOString() });
    const live = await h.call('GET', `/discounts?categoryId=${category.id}`);
    expect(live.json<{ data: Discount[] }>().data).toEqual([]);
    const all = await h.call('GET', `/discounts?categoryId=${category.id}&includeDeleted=true`);
    expect(all.json<{ data: Discount[] }>().data.map((d) => d.id)).toEqual([id]);
    expect((await h.call('GET', `/discounts/${id}`)).statusCode).toBe(200);
    expect(
      (await h.call('PATCH', `/discounts/${id}`, { name: 'x', updatedBy: 'ops' })).statusCode,
    ).toBe(404);
    expect((await h.call('DELETE', `/discounts/${id}`)).statusCode).toBe(404);
  });

  it('filters the list by every field in the spec and sorts by each sort field', async () => {
    const category = await createCategory(h.app, unique('Zeta'));
    const other = await createCategory(h.app, unique('Alpha'));
    const tag = unique('tag').replace(/\s/g, '-');
    const onceOff = await createDiscount(h.app, category.id, {
      name: `${tag} b once`,
      description: 'first box only',
    });
    h.clock.advance(1000);
    const recurring = await createDiscount(h.app, other.id, {
      name: `${tag} a every`,
      description: 'every box',
      interval: 'recurring',
      schedules: [
        {
          orderPosition: 0,
          applications: [{ type: 'dollar', value: 500, filters: [{ type: 'all-items' }] }],
        },
      ],
    });
    const list = async (qs: string) => {
      const res = await h.call('GET', `/discounts?name=${encodeURIComponent(tag)}&${qs}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: Discount[] }>().data.map((d) => d.id);
    };
    expect(await list('')).toEqual([recurring, onceOff]);
    expect(await list('direction=desc')).toEqual([onceOff, recurring]);
    expect(await list('orderBy=category')).toEqual([recurring, onceOff]);
    expect(await list('orderBy=interval')).toEqual([onceOff, recurring]);
    expect(await list('orderBy=createdAt')).toEqual([onceOff, recurring]);
    expect(await list('orderBy=updatedAt&direction=desc')).toEqual([recurring, onceOff]);
    expect(await list(`categoryId=${category.id}`)).toEqual([onceOff]);
    expect(await list('description=EVERY')).toEqual([recurring]);
    expect(await list('interval=recurring')).toEqual([recurring]);
    expect(await list('currencyCode=AUD')).toHaveLength(2);
    expect(await list('multipleOrder=true')).toEqual([recurring]);
    expect(await list('multipleOrder=false')).toEqual([onceOff]);
    const bad = await h.call('GET', '/discounts?multipleOrder=yes&orderBy=price');
    expect(bad.statusCode).toBe(400);
    expect(messagesOf(bad)).toEqual([
      'orderBy must be one of: name, category, interval, createdAt, updatedAt',
      'multipleOrder must be one of: true, false',
    ]);
  });
});

describe('odd input', () => {
  it('answers every operation of the contract with a 4xx envelope, never a 5xx', async () => {
    expect(await fuzzContract(h.app, pricingContract, serviceAuth, 30)).toEqual([]);
  });

  it('refuses callers without the service credentials', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/discounts' });
    expect(res.statusCode).toBe(401);
  });
});

describe('documents', () => {
  it('serves an OpenAPI document with every operation of the contract', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, Record<string, { operationId: string }>> }>();
    const operations = Object.values(doc.paths).flatMap((p) =>
      Object.values(p).map((o) => o.operationId),
    );
    expect(operations).toEqual(expect.arrayContaining(Object.keys(pricingContract.endpoints)));
    expect((await h.app.inject({ method: 'GET', url: '/pricing/health' })).json()).toEqual({
      status: 'ok',
    });
  });
});
