import { describe, expect, it } from 'vitest';
import type { Discount, DiscountCategory, Promotion } from '@pawfresh/contracts/pricing';
import { DEMO_PRICING_IDS } from '../src/index.js';
import { seedDemoPricing } from '../src/seed/seed-demo-pricing.js';
import { usePricing } from './harness.js';

const h = usePricing();

describe('demo data', () => {
  it('adds categories, the three discount shapes and two codes on a first start, and only then', async () => {
    expect(await seedDemoPricing(h.database, h.clock)).toEqual({
      seeded: true,
      summary: '3 discount categories, 3 discounts, 2 promotion codes (WELCOME50, BISCUIT-MATE)',
    });
    expect(await seedDemoPricing(h.database, h.clock)).toMatchObject({ seeded: false });

    const categories = (await h.call('GET', '/discounts/categories')).json<{
      data: DiscountCategory[];
    }>();
    expect(categories.data.map((c) => c.name)).toEqual(['Acquisition', 'Referrals', 'Retention']);

    const discounts = (await h.call('GET', '/discounts?orderBy=createdAt')).json<{
      data: Discount[];
    }>();
    expect(
      discounts.data.map((d) => [
        d.name,
        d.interval,
        d.schedules.map((s) => [s.orderPosition, s.recurring, s.applications[0]!.value]),
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['First box 50% off', 'once-off', [[0, false, 50]]],
        ['10% off every box', 'recurring', [[0, true, 10]]],
        [
          '50% off the first box, then 10% off every box',
          'hybrid',
          [
            [0, false, 50],
            [1, true, 10],
          ],
        ],
      ]),
    );

    const welcome = (await h.call('GET', '/promotions/WELCOME50')).json<Promotion>();
    expect(welcome).toMatchObject({
      type: 'coupon',
      discountId: DEMO_PRICING_IDS.discounts.firstBox50,
    });
    const referral = (
      await h.call('GET', `/promotions/${DEMO_PRICING_IDS.promotions.biscuitReferral}`)
    ).json<Promotion>();
    expect(referral).toMatchObject({ type: 'referral-coupon', value: 'BISCUIT-MATE', maxUses: 20 });
  });
});
