import { describe, expect, it } from 'vitest';
import { harnessForFile } from '@pawfresh/testing';
import {
  DEMO_PREPARING_ORDER_ID as ORDER_SERVICE_PREPARING_ID,
  orderService,
} from '@pawfresh/order';
import type { Fulfilment } from '@pawfresh/contracts/fulfilment';
import type { Order } from '@pawfresh/contracts/order';
import { fulfilmentService } from '../src/index.js';
import {
  DEMO_CUSTOMER_ID,
  DEMO_MEALS,
  DEMO_PREPARING_ORDER_ID,
} from '../src/seed/demo-fulfilment.js';
import { harness } from './harness.js';

const h = harnessForFile(harness);

/** Demo seeding reads only the database and the clock of its runtime. */
const seed = (module: typeof orderService) =>
  module.seedDemoData!({ database: h.database, clock: h.clock } as unknown as Parameters<
    NonNullable<typeof module.seedDemoData>
  >[0]);

describe('demo data', () => {
  it("packs the demo household's box being prepared, as the order and product services have it, once", async () => {
    expect(DEMO_PREPARING_ORDER_ID).toBe(ORDER_SERVICE_PREPARING_ID);
    expect(await seed(orderService)).toMatchObject({ seeded: true });
    expect(await seed(fulfilmentService)).toMatchObject({ seeded: true });
    expect(await seed(fulfilmentService)).toMatchObject({ seeded: false });

    const order = (
      await h.callOrder('GET', `/api/v1/orders/${DEMO_PREPARING_ORDER_ID}`)
    ).json<Order>();
    expect(order).toMatchObject({ userId: DEMO_CUSTOMER_ID, fulfilmentStatus: 'in_progress' });

    const boxes = (await h.call('GET', `/api/v1/boxes/by-Order/${order.id}`)).json<
      Fulfilment['boxes']
    >();
    expect(boxes.length).toBeGreaterThan(1);
    const fulfilment = (
      await h.call('GET', `/api/v1/fulfilments/${boxes[0]!.fulfilmentId}`)
    ).json<Fulfilment>();
    expect(fulfilment).toMatchObject({
      orderId: order.id,
      customerId: order.userId,
      makeDate: order.makeDate,
      deliveryDate: order.deliveryDate,
      depotCode: order.depotCode,
      facilityId: order.facilityId,
      status: 'in_progress',
    });
    expect(fulfilment.jobs.every((j) => j.status === 'in_progress')).toBe(true);
    expect(boxes[0]!.customerName).toBe(`${order.address.firstName} ${order.address.lastName}`);

    // Every pouch of the order is in a box, with the catalogue's weight.
    const packed = new Map<string, number>();
    for (const item of boxes.flatMap((b) => b.contents).filter((c) => c.type === 'meal')) {
      packed.set(item.productVariantId!, (packed.get(item.productVariantId!) ?? 0) + item.quantity);
    }
    const ordered = new Map(order.orderLineItems.map((i) => [i.productVariantId!, i.quantity]));
    expect(packed).toEqual(ordered);
    for (const meal of DEMO_MEALS) {
      const variant = h.meals
        .find((p) => p.id === meal.productId)
        ?.variants.find((v) => v.id === meal.productVariantId);
      expect(variant?.dimension.weightGrams).toBe(meal.grams);
      expect(variant?.sku).toBe(meal.sku);
    }
  });
});
