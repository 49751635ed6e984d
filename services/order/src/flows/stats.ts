import type { VariantUsage } from '@pawfresh/contracts/order';
import { boxesByFacility, soonestVariantBoxes, variantUsageTotals } from '../db/stats-store.js';
import type { OrderContext } from './context.js';

/** GET /api/v1/orders/stats/boxes-by-facility: the staff home dashboard's boxes of a week. */
export const boxesDeliveredByFacility = async (ctx: OrderContext, from: string, to: string) => ({
  items: await boxesByFacility(ctx.db, from, to),
});

/**
 * GET /api/v1/orders/stats/variant-usage: the boxes to come (cut-off still ahead by the service's
 * clock) that carry a variant, for the staff catalogue's preview of a status change.
 */
export async function variantUsage(
  ctx: OrderContext,
  productVariantId: string,
  limit: number,
): Promise<VariantUsage> {
  const after = ctx.clock.now();
  const [totals, soonest] = await Promise.all([
    variantUsageTotals(ctx.db, productVariantId, after),
    soonestVariantBoxes(ctx.db, productVariantId, after, limit),
  ]);
  return {
    productVariantId,
    after: after.toISOString(),
    boxes: totals.boxes,
    customers: totals.customers,
    subscriptions: totals.subscriptions,
    units: totals.units,
    byKind: { plan: totals.plan, extra: totals.extra, one_off: totals.oneOff },
    firstDeliveryDate: totals.firstDeliveryDate,
    lastDeliveryDate: totals.lastDeliveryDate,
    items: soonest.map((b) => ({
      orderId: b.orderId,
      orderNumber: b.orderNumber,
      userId: b.userId,
      subscriptionId: b.subscriptionId,
      deliveryDate: b.deliveryDate,
      cutoffAt: b.cutoffAt.toISOString(),
      units: b.units,
      kinds: (
        [
          ['plan', b.plan],
          ['extra', b.extra],
          ['one_off', b.oneOff],
        ] as const
      )
        .filter(([, has]) => has)
        .map(([kind]) => kind),
    })),
  };
}
