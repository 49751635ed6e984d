import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { messagesOf } from '@pawfresh/testing';
import type { LinePrices, PriceResult } from '@pawfresh/contracts/pricing';
import { DEMO_PRICING_IDS } from '../src/index.js';
import { seedDemoPricing } from '../src/seed/seed-demo-pricing.js';
import { usePricing } from './harness.js';

/** POST /pricing/get-prices: many orders priced at once, each as get-price prices it. */
const h = usePricing();
beforeAll(async () => {
  await seedDemoPricing(h.database, h.clock);
});

const jerky = { sku: 'TREAT-ROO-JERKY', quantity: 2, basePrice: 1495, productType: 'treat' };
const atPosition = (orderPosition: number) => ({
  discountId: DEMO_PRICING_IDS.discounts.firstBox50,
  orderPosition,
  extras: { items: [jerky] },
});

describe('POST /pricing/get-prices', () => {
  it('answers, in order, what get-price answers for each request', async () => {
    const requests = [atPosition(0), atPosition(1), { extras: { items: [jerky] } }];
    const res = await h.call('POST', '/pricing/get-prices', { requests });
    expect(res.statusCode, res.body).toBe(200);
    const { results } = res.json<{ results: PriceResult[] }>();
    expect(results).toHaveLength(3);
    for (const [i, request] of requests.entries()) {
      const one = await h.call('POST', '/pricing/get-price', request);
      expect(results[i]).toEqual(one.json());
    }
  });

  it('refuses all when one request is refused, naming it; and bad bodies', async () => {
    const missing = randomUUID();
    for (const path of ['/pricing/get-prices', '/pricing/get-line-prices']) {
      const res = await h.call('POST', path, {
        requests: [atPosition(0), { ...atPosition(1), discountId: missing }],
      });
      expect(res.statusCode, path).toBe(404);
      expect(messagesOf(res)[0]).toMatch(new RegExp(`^requests\\.1: .*${missing}`));
      expect((await h.call('POST', path, { requests: [] })).statusCode).toBe(400);
    }
    expect((await h.call('POST', '/pricing/get-prices', {})).statusCode).toBe(400);
    const many = Array.from({ length: 2001 }, () => ({ extras: { items: [jerky] } }));
    expect((await h.call('POST', '/pricing/get-prices', { requests: many })).statusCode).toBe(400);
  });
});

/** POST /pricing/get-line-prices: get-prices' answers cut to each line's discounted price. */
describe('POST /pricing/get-line-prices', () => {
  it("answers, in order, each line's discounted price per item as get-prices prices it", async () => {
    const plan = {
      baseCadenceInWeeks: 2,
      items: [
        { sku: 'MEAL-BEEF', quantity: 7, basePrice: 899, productType: 'meal' },
        { sku: 'MEAL-CHICKEN', quantity: 7, basePrice: 799, productType: 'meal' },
      ],
    };
    const requests = [
      { ...atPosition(0), plans: [plan] },
      { ...atPosition(1), plans: [plan] },
      { extras: { items: [jerky] } },
    ];
    const res = await h.call('POST', '/pricing/get-line-prices', { requests });
    expect(res.statusCode, res.body).toBe(200);
    const full = await h.call('POST', '/pricing/get-prices', { requests });
    const perLine = ({ price }: { price: { discountedPerItem: number } }) => ({
      price: { discountedPerItem: price.discountedPerItem },
    });
    const expected = full.json<{ results: PriceResult[] }>().results.map((r) => ({
      plans: r.plans.map((p) => ({ items: p.items.map(perLine) })),
      extras: { items: r.extras.items.map(perLine) },
    }));
    const { results } = res.json<{ results: LinePrices[] }>();
    expect(results).toEqual(expected);
    // The first box's discount is in the answer: the lines at position 0 cost less than at 1.
    expect(results[0]!.plans[0]!.items[0]!.price.discountedPerItem).toBeLessThan(
      results[1]!.plans[0]!.items[0]!.price.discountedPerItem,
    );
  });
});
