import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dog } from '@pawfresh/contracts/dogs';
import type { Product } from '@pawfresh/contracts/product';
import type { GeneratedFeedingPlan, Subscription } from '@pawfresh/contracts/subscription';
import { DEMO_DOG_IDS as DOGS_SERVICE_DEMO_DOG_IDS, dogsService } from '@pawfresh/dogs';
import type { ServiceRuntime } from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import { isExtraInOrder } from '../src/index.js';
import { seedDemoSubscription } from '../src/seed/seed-demo-subscription.js';
import {
  DEMO_CUSTOMER_ID,
  DEMO_DOG_IDS,
  DEMO_EXTRA,
  DEMO_FEEDING_PLANS,
  DEMO_SUBSCRIPTION_ID,
} from '../src/seed/demo-subscription.js';
import { callJson } from '@pawfresh/testing';
import { harness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await harness();
  // The dogs service's own demo dogs, so their energy needs come from its rule.
  await dogsService.seedDemoData!({
    database: h.database,
    clock: h.clock,
  } as unknown as ServiceRuntime<DatabaseConnection>);
});
afterAll(async () => h?.close());

const get = async <T>(app: Harness['app'], url: string) => {
  const res = await callJson(app, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

describe('demo data', () => {
  it('gives the demo customer an active fortnightly subscription for both dogs, once', async () => {
    expect(DEMO_DOG_IDS).toEqual(DOGS_SERVICE_DEMO_DOG_IDS);
    expect(await seedDemoSubscription(h.database, h.clock)).toMatchObject({ seeded: true });
    expect(await seedDemoSubscription(h.database, h.clock)).toMatchObject({ seeded: false });
    const {
      data: [sub],
    } = await get<{ data: Subscription[] }>(h.app, `/subscriptions?userId=${DEMO_CUSTOMER_ID}`);
    expect(sub).toMatchObject({
      id: DEMO_SUBSCRIPTION_ID,
      status: 'active',
      cadenceInWeeks: 2,
      feedingPlanTotalPouches: 42,
    });
    expect(sub!.feedingPlans.map((p) => p.animalId)).toEqual([
      DEMO_DOG_IDS.biscuit,
      DEMO_DOG_IDS.ranger,
    ]);
    expect(sub!.feedingPlanTotalPrice).toBe(
      sub!.feedingPlans[0]!.totalPrice + sub!.feedingPlans[1]!.totalPrice,
    );
    // A treat every second box: the first, third, fifth…
    const [extra] = sub!.extras;
    expect(extra!.type).toBe('treat');
    expect([0, 1, 2, 3, 4, 5].filter((i) => isExtraInOrder(extra!, i))).toEqual([0, 2, 4]);
  });

  it('holds the plans, pouches and prices the real services give for the demo dogs today', async () => {
    const products = await get<Product[]>(h.product, '/api/v1/products');
    const variant = products
      .flatMap((p) => p.variants)
      .find((v) => v.id === DEMO_EXTRA.productVariantId);
    expect(variant).toMatchObject({ sku: 'TREAT-ROO-JERKY', basePrice: DEMO_EXTRA.price });
    for (const seeded of DEMO_FEEDING_PLANS) {
      const dog = await get<Dog>(h.dogs, `/dogs/${seeded.animalId}`);
      const res = await callJson(h.app, 'POST', '/plans/generate', {
        cadenceInWeeks: 2,
        dogs: [
          {
            animalId: seeded.animalId,
            energy: dog.dailyEnergyKilocalories,
            planType: 'full_bowl',
            meals: seeded.skus.map((s) => ({ productId: s.productId, weight: 1 })),
          },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      const [generated] = res.json<{ feedingPlans: GeneratedFeedingPlan[] }>().feedingPlans;
      expect(generated).toMatchObject({
        servingSize: seeded.servingSize,
        currentDailyServingSizeInGrams: seeded.dailyServingSizeGrams,
        currentPouchSizeInGrams: seeded.pouchSizeGrams,
        pouchesPerDay: seeded.pouchesPerDay,
        totalPouches: seeded.totalPouches,
        totalPrice: seeded.totalPrice,
        dailyPrice: seeded.dailyPrice,
      });
      expect(generated!.skus.map((s) => [s.productVariantId, s.sku, s.pouches, s.price])).toEqual(
        seeded.skus.map((s) => [s.productVariantId, s.sku, s.pouches, s.price]),
      );
    }
  });
});
