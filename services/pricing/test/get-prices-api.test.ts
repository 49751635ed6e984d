import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { messagesOf } from '@pawfresh/testing';
import type { PriceResult } from '@pawfresh/contracts/pricing';
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
    const res = await h.call('POST', '/pricing/get-prices', {
      requests: [atPosition(0), { ...atPosition(1), discountId: missing }],
    });
    expect(res.statusCode).toBe(404);
    expect(messagesOf(res)[0]).toMatch(new RegExp(`^requests\\.1: .*${missing}`));
    expect((await h.call('POST', '/pricing/get-prices', { requests: [] })).statusCode).toBe(400);
    expect((await h.call('POST', '/pricing/get-prices', {})).statusCode).toBe(400);
    const many = Array.from({ length: 2001 }, () => ({ extras: { items: [jerky] } }));
    expect((await h.call('POST', '/pricing/get-prices', { requests: many })).statusCode).toBe(400);
  });
});
