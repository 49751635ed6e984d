import { describe, expect, it } from 'vitest';
import type { Order } from '@pawfresh/contracts/order';
import type { Product } from '@pawfresh/contracts/product';
import { harnessForFile, serviceApp, serviceAuth } from '@pawfresh/testing';
import {
  DEMO_CUSTOMER_ID as IDENTITY_DEMO_CUSTOMER_ID,
  SECOND_CUSTOMER_ID as IDENTITY_SECOND_CUSTOMER_ID,
} from '@pawfresh/identity';
import { productService } from '@pawfresh/product';
import {
  DEMO_EXTRA as SUBSCRIPTION_EXTRA,
  DEMO_FEEDING_PLANS,
  DEMO_SUBSCRIPTION_ID as SUBSCRIPTION_ID,
} from '@pawfresh/subscription';
import {
  DEMO_ADDRESS,
  DEMO_CUSTOMER_ID,
  DEMO_EXTRA,
  DEMO_MEALS,
  DEMO_PLACE,
  DEMO_SUBSCRIPTION_ID,
  SECOND_ADDRESS,
  SECOND_CUSTOMER_ID,
  SECOND_PLACE,
} from '../src/seed/demo-orders.js';
import { seedDemoOrders } from '../src/seed/seed-demo-orders.js';
import { harness } from './harness.js';

const h = harnessForFile(harness);

type Deliveries = Record<'pastOrders' | 'currentOrders' | 'futureOrders' | 'failedOrders', Order[]>;
const deliveries = async (customerId: string) =>
  (await h.call('GET', `/api/v1/orders/customers/${customerId}/deliveries`)).json<Deliveries>();

describe('demo data', () => {
  it('uses the ids, plans and extra of the identity and subscription services', () => {
    expect(DEMO_CUSTOMER_ID).toBe(IDENTITY_DEMO_CUSTOMER_ID);
    expect(SECOND_CUSTOMER_ID).toBe(IDENTITY_SECOND_CUSTOMER_ID);
    expect(DEMO_SUBSCRIPTION_ID).toBe(SUBSCRIPTION_ID);
    expect(DEMO_MEALS).toEqual(
      DEMO_FEEDING_PLANS.flatMap((plan) =>
        plan.skus.map((s) => ({
          animalId: plan.animalId,
          productId: s.productId,
          productVariantId: s.productVariantId,
          quantity: s.pouches,
          price: s.price,
        })),
      ),
    );
    expect(DEMO_EXTRA).toMatchObject({
      extraId: SUBSCRIPTION_EXTRA.id,
      productVariantId: SUBSCRIPTION_EXTRA.productVariantId,
      quantity: SUBSCRIPTION_EXTRA.quantity,
      price: SUBSCRIPTION_EXTRA.price,
      startOrderIndex: SUBSCRIPTION_EXTRA.startOrderIndex,
      nthOrder: SUBSCRIPTION_EXTRA.nthOrder,
    });
  });

  it("places the addresses at the courier's depots, and the extra in the catalogue", async () => {
    for (const [address, place] of [
      [DEMO_ADDRESS, DEMO_PLACE],
      [SECOND_ADDRESS, SECOND_PLACE],
    ] as const) {
      const res = await h.courier.inject({
        method: 'GET',
        url: `/api/v1/couriers/becool/postcodes/${address.postcode}/facility`,
        headers: serviceAuth,
      });
      expect(res.json()).toEqual(place);
    }
    const product = await serviceApp(productService, { database: h.database, clock: h.clock });
    try {
      await product.inject({
        method: 'POST',
        url: '/api/v1/products/reset-by-seed-script',
        headers: serviceAuth,
      });
      const all = (
        await product.inject({ method: 'GET', url: '/api/v1/products', headers: serviceAuth })
      ).json<Product[]>();
      const jerky = all.find((p) => p.id === DEMO_EXTRA.productId);
      expect(jerky?.variants.map((v) => v.id)).toContain(DEMO_EXTRA.productVariantId);
    } finally {
      await product.close();
    }
  });

  it('gives the demo household six months of boxes, one being prepared and twelve weeks ahead, once', async () => {
    expect(await seedDemoOrders(h.database, h.clock)).toMatchObject({ seeded: true });
    expect(await seedDemoOrders(h.database, h.clock)).toMatchObject({ seeded: false });
    const sam = await deliveries(DEMO_CUSTOMER_ID);
    expect(sam.pastOrders).toHaveLength(13);
    expect(sam.currentOrders.map((o) => o.displayType)).toEqual(['PREPARING']);
    expect(sam.futureOrders).toHaveLength(6);
    expect(sam.failedOrders).toEqual([]);
    const all = [...sam.pastOrders, ...sam.currentOrders, ...sam.futureOrders];
    const dates = all.map((o) => o.deliveryDate);
    for (let i = 1; i < dates.length; i++) {
      expect(Date.parse(dates[i]!) - Date.parse(dates[i - 1]!)).toBe(14 * 86_400_000);
    }
    expect(all.map((o) => o.subscriptionOrderIndex)).toEqual([...Array(20).keys()]);
    const withJerky = all.map((o) =>
      o.orderLineItems.some((i) => i.extraId === DEMO_EXTRA.extraId),
    );
    expect(withJerky).toEqual(all.map((_, i) => i % 2 === 0));
    expect(all[0]!.totalPrice).toBe(7 * 875 + 7 * 1000 + 14 * 1018 + 14 * 1155 + 1495);

    const alex = await deliveries(SECOND_CUSTOMER_ID);
    expect(alex.failedOrders).toHaveLength(1);
    expect(alex.failedOrders[0]).toMatchObject({
      paymentStatus: 'attempt_failed',
      depotCode: 'SYD',
    });
  });
});
