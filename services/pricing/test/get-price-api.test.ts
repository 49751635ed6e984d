import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@pawfresh/db/orm';
import { callJson, messagesOf, serviceApp } from '@pawfresh/testing';
import type { PriceResult } from '@pawfresh/contracts/pricing';
import { DEMO_PRICING_IDS, pricingService } from '../src/index.js';
import { seedDemoPricing } from '../src/seed/seed-demo-pricing.js';
import { createCategory, createDiscount, STAFF, usePricing } from './harness.js';

const h = usePricing();
beforeAll(async () => {
  await seedDemoPricing(h.database, h.clock);
});

const chickenPlan = {
  animalId: randomUUID(),
  planType: 'full_bowl',
  baseCadenceInWeeks: 2,
  dailyServingSize: 'f0200',
  items: [
    { sku: 'CHICKEN-F0200', quantity: 14, basePrice: 780, weightInGrams: 200, productType: 'meal' },
  ],
};
const jerky = { sku: 'TREAT-ROO-JERKY', quantity: 2, basePrice: 1495, productType: 'treat' };
const shipping = { type: 'shipping', postCode: '2000', price: 995 };

const getPrice = (body: Record<string, unknown>) => h.call('POST', '/pricing/get-price', body);

describe('POST /pricing/get-price', () => {
  it('prices a plan, extras and shipping with no discount', async () => {
    const res = await getPrice({
      calculationType: 'weight_based',
      plans: [chickenPlan],
      extras: { items: [jerky] },
      fees: [shipping],
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<PriceResult>();
    expect(r.plans[0]!.items[0]!.price).toEqual({
      priceTotal: 21_840,
      discountTotal: 0,
      discountedPriceTotal: 21_840,
      pricePerItem: 1560,
      discountPerItem: 0,
      discountedPerItem: 1560,
      discountScheduleApplicationId: null,
      discountedQuantity: 0,
    });
    expect(r).toMatchObject({
      planTotal: 21_840,
      extraTotal: 2990,
      feeTotal: 995,
      totalPrice: 21_840 + 2990 + 995,
      dailyPrice: 1560,
      pricePerPouch: 1560,
      discountId: null,
    });
  });

  it('applies WELCOME50 (any case) to the first box only', async () => {
    const first = await getPrice({
      promotionCode: 'welcome50',
      extras: { items: [jerky] },
      fees: [shipping],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      discountId: DEMO_PRICING_IDS.discounts.firstBox50,
      promotionCode: 'welcome50',
      extraDiscountTotal: 1494,
      totalPrice: 1496 + 995,
    });
    const second = await getPrice({
      promotionCode: 'WELCOME50',
      orderPosition: 1,
      extras: { items: [jerky] },
    });
    expect(second.json()).toMatchObject({ extraDiscountTotal: 0, totalPrice: 2990 });
  });

  it('applies the hybrid discount by id: 50% at position 0, 10% from then on', async () => {
    const prices = [];
    for (const orderPosition of [0, 1, 5]) {
      const res = await getPrice({
        discountId: DEMO_PRICING_IDS.discounts.firstBox50ThenEvery10,
        orderPosition,
        extras: { items: [{ ...jerky, quantity: 1 }] },
      });
      prices.push(res.json<PriceResult>().totalPrice);
    }
    expect(prices).toEqual([748, 1346, 1346]);
  });

  it('keeps the discounts it read only while no process has changed them', async () => {
    // A second pricing process on the same database: the change is made there, the price here.
    const other = await serviceApp(pricingService, { database: h.database, clock: h.clock });
    try {
      const category = await createCategory(h.app);
      const id = await createDiscount(h.app, category.id, { name: 'Spring deal' });
      const body = { discountId: id, extras: { items: [jerky] } };
      const before = await getPrice(body);
      expect(before.statusCode, before.body).toBe(200);
      expect((await getPrice(body)).json()).toEqual(before.json());

      const disabled = await callJson(other, 'PATCH', `/discounts/${id}`, {
        disable: true,
        updatedBy: STAFF,
      });
      expect(disabled.statusCode, disabled.body).toBe(200);
      const after = await getPrice(body);
      expect(after.statusCode).toBe(400);
      expect(messagesOf(after)).toEqual([
        `Discount "Spring deal" (${id}) is disabled and cannot be applied`,
      ]);

      await callJson(other, 'PATCH', `/discounts/${id}`, { disable: false, updatedBy: STAFF });
      expect((await getPrice(body)).json()).toEqual(before.json());
    } finally {
      await other.close();
    }
  });

  it('trusts the discounts it keeps while no change is notified: a price is not a change', async () => {
    const raw = (query: string) => h.database.forSchema({}).execute(sql.raw(query));
    const category = await createCategory(h.app);
    const id = await createDiscount(h.app, category.id, { name: 'Quiet deal' });
    const body = { discountId: id, extras: { items: [jerky] } };
    // On PostgreSQL the creation's notification travels: once it is in, a price keeps the discount.
    if (h.database.kind === 'postgres') await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await getPrice(body)).statusCode).toBe(200);
    expect((await getPrice(body)).statusCode).toBe(200);

    // Disabled and the revision bumped behind the service's back, with no notification: the
    // prices keep the discount they read (each price re-reading the revision would see it).
    await raw(`update pricing.discounts set disabled_at = now() where id = '${id}'`);
    await raw('update pricing.discount_revision set revision = revision + 1');
    for (let i = 0; i < 3; i++) expect((await getPrice(body)).statusCode).toBe(200);

    // Once the change is notified, the next prices read it.
    await raw(`select pg_notify('pawfresh_revision', 'pricing.discounts')`);
    const until = Date.now() + 2_000;
    let after = await getPrice(body);
    while (after.statusCode === 200 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = await getPrice(body);
    }
    expect(messagesOf(after)).toEqual([
      `Discount "Quiet deal" (${id}) is disabled and cannot be applied`,
    ]);
  });

  it('refuses a disabled, deleted or unknown discount, and a code that cannot be used', async () => {
    const category = await createCategory(h.app);
    const disabledId = await createDiscount(h.app, category.id, { name: 'Paused deal' });
    await h.call('PATCH', `/discounts/${disabledId}`, { disable: true, updatedBy: STAFF });
    const disabled = await getPrice({ discountId: disabledId, extras: { items: [jerky] } });
    expect(disabled.statusCode).toBe(400);
    expect(disabled.json()).toMatchObject({
      message: `Discount "Paused deal" (${disabledId}) is disabled and cannot be applied`,
    });

    const deletedId = await createDiscount(h.app, category.id);
    await h.call('DELETE', `/discounts/${deletedId}`);
    const deleted = await getPrice({ discountId: deletedId, extras: { items: [jerky] } });
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toMatchObject({ message: `Discount ${deletedId} not found` });
    // An item's own discount is checked the same way.
    const itemDeleted = await getPrice({
      extras: { items: [{ ...jerky, discountId: deletedId }] },
    });
    expect(itemDeleted.statusCode).toBe(404);

    const unknown = await getPrice({ promotionCode: 'NOSUCHCODE', extras: { items: [jerky] } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'Promotion code NOSUCHCODE not found' });

    const used = await h.call('POST', '/promotions', {
      type: 'coupon',
      value: 'ONEOFF',
      discountId: DEMO_PRICING_IDS.discounts.everyBox10,
      maxUses: 1,
      createdBy: STAFF,
    });
    await h.call('POST', '/promotions/attributions', {
      userId: randomUUID(),
      promotionId: used.json<{ id: string }>().id,
      type: 'discount',
    });
    const usedUp = await getPrice({ promotionCode: 'ONEOFF', extras: { items: [jerky] } });
    expect(usedUp.statusCode).toBe(400);
    expect(usedUp.json()).toMatchObject({
      message: 'Promotion code ONEOFF has been used the most times it can be (1)',
    });

    // A promotion whose discount was deleted gives nothing.
    const orphanDiscount = await createDiscount(h.app, category.id);
    await h.call('POST', '/promotions', {
      type: 'coupon',
      value: 'ORPHAN',
      discountId: orphanDiscount,
      createdBy: STAFF,
    });
    await h.call('DELETE', `/discounts/${orphanDiscount}`);
    expect(
      (await getPrice({ promotionCode: 'ORPHAN', extras: { items: [jerky] } })).statusCode,
    ).toBe(404);
  });

  it('refuses input it cannot price, saying what to fix', async () => {
    const both = await getPrice({
      discountId: DEMO_PRICING_IDS.discounts.everyBox10,
      promotionCode: 'WELCOME50',
    });
    expect(both.statusCode).toBe(400);
    expect(messagesOf(both)).toEqual(['Send either discountId or promotionCode, not both']);

    const noWeight = await getPrice({
      calculationType: 'weight_based',
      plans: [{ ...chickenPlan, items: [{ sku: 'X', quantity: 1, basePrice: 100 }] }],
    });
    expect(noWeight.statusCode).toBe(400);
    expect(messagesOf(noWeight)).toEqual([
      'plans[0].items[0].weightInGrams is required for weight_based pricing',
    ]);

    const dearFee = await getPrice({ fees: [{ ...shipping, discountedPrice: 1200 }] });
    expect(messagesOf(dearFee)).toEqual([
      'fees[0].discountedPrice must not be more than its price',
    ]);

    const negative = await getPrice({ extras: { items: [{ ...jerky, basePrice: -1 }] } });
    expect(negative.statusCode).toBe(400);
    expect(messagesOf(negative)).toEqual(['extras.items[0].basePrice must be at least 0']);

    const tooDear = await getPrice({
      extras: { items: [{ ...jerky, basePrice: 2147483647, quantity: 2 }] },
    });
    expect(tooDear.statusCode).toBe(400);
    expect(tooDear.json()).toMatchObject({
      message:
        'The order would cost more than the most that can be charged (2147483647 cents): split it',
    });
  });
});

describe('POST /pricing/preview-discount', () => {
  const draft = {
    interval: 'once-off',
    schedules: [
      {
        orderPosition: 0,
        applications: [
          {
            type: 'percentage',
            value: 25,
            filters: [{ type: 'product-type', productType: 'treat' }],
          },
        ],
      },
    ],
  };
  const preview = (body: Record<string, unknown>) =>
    h.call('POST', '/pricing/preview-discount', body);

  it('prices each request with the draft as its discount, as a saved one would be', async () => {
    const res = await preview({
      ...draft,
      requests: [
        { plans: [chickenPlan], extras: { items: [jerky] }, fees: [shipping] },
        { orderPosition: 1, extras: { items: [jerky] } },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [first, second] = res.json<{ results: PriceResult[] }>().results;
    // A quarter off the treats only (373 of 1495 cents each, rounded down), on the first box only.
    expect(first).toMatchObject({ extraDiscountTotal: 746, planDiscountTotal: 0 });
    expect(second).toMatchObject({ discountTotal: 0, totalPrice: 2990 });
  });

  it("refuses a draft with the discount rules' messages and paths, and a request with its own discount", async () => {
    const res = await preview({
      ...draft,
      interval: 'hybrid',
      requests: [{ discountId: randomUUID(), extras: { items: [jerky] } }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: [
        'A hybrid discount must have exactly one schedule marked recurring',
        'requests[0] must not name a discount of its own (discountId): the draft is the discount priced',
      ],
      details: [{ path: ['schedules'] }, { path: ['requests', '0', 'discountId'] }],
    });
  });
});
