import { randomUUID } from 'node:crypto';
import { conflict, HttpError, isRefused, notFound } from '@pawfresh/kit';
import { isUniqueViolation } from '@pawfresh/db';
import type { FulfilInput } from '@pawfresh/contracts/fulfilment';
import type { KitchenOrder } from '@pawfresh/contracts/order';
import {
  fulfilmentIdsByOrder,
  insertPlans,
  jobsOfFulfilments,
  refreshStatistics,
  type FulfilmentPlan,
} from '../db/fulfilment-store.js';
import { dispatch, icePackItems, icePacks, transitDays } from '../rules/cold-chain.js';
import { PackingError, packOrder } from '../rules/packing.js';
import { catalogueOf, packLinesOf, type Catalogue, type PackedLineItem } from './catalogue.js';
import type { FulfilmentContext } from './context.js';

/** From this many orders a call is a bulk load, after which the tables' statistics are refreshed. */
const BULK_LOAD = 1_000;
/** Orders read from the order service per call (its kitchen lookup's limit). */
const LOOKUP_BATCH = 2_000;

const few = (ids: readonly string[]) =>
  ids.length <= 3 ? ids.join(', ') : `${ids.slice(0, 3).join(', ')} and ${ids.length - 3} more`;

async function readOrders(ctx: FulfilmentContext, ids: readonly string[]): Promise<KitchenOrder[]> {
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += LOOKUP_BATCH) batches.push(ids.slice(i, i + LOOKUP_BATCH));
  // All at once: the order service's database reads overlap with its answers' serialisation.
  const answers = await Promise.all(
    batches.map((orderIds) => ctx.orderLookup.lookupKitchenOrders({ body: { orderIds } })),
  );
  const missing = answers.flatMap((a) => a.missingIds);
  if (missing.length) throw notFound(`No order has id ${few(missing)}`);
  return answers.flatMap((a) => a.items);
}

/** The courier must assign the postcode to this kitchen (services.md §5 "Facility assignment"). */
async function checkAssignment(ctx: FulfilmentContext, facilityId: number, postcode: string) {
  try {
    const place = await ctx.courier.getPostcodeFacility({ params: { postcode } });
    if (place.facilityId !== facilityId) {
      throw conflict(
        `Postcode ${postcode} is assigned to facility ${place.facilityId} (depot ${place.depotCode}), not facility ${facilityId}`,
      );
    }
  } catch (err) {
    if (isRefused(err, 404) || isRefused(err, 400)) {
      throw conflict(`The courier assigns postcode ${postcode} to no facility`);
    }
    throw err;
  }
}

/** Why an order cannot be fulfilled in this kitchen now, or undefined. */
function refusal(order: KitchenOrder, facilityId: number): string | undefined {
  if (order.facilityId !== facilityId) {
    return `Order ${order.id} is made in facility ${order.facilityId}, not ${facilityId}: an order is never split across kitchens`;
  }
  if (order.isCancelled) return `Order ${order.id} is cancelled`;
  if (order.paymentStatus !== 'processed') {
    return `Order ${order.id} is not paid (payment status ${order.paymentStatus}): only paid orders are packed`;
  }
  return undefined;
}

/** What planning a fulfilment reads of an order. */
export type PlannedOrder = Pick<
  KitchenOrder,
  | 'id'
  | 'userId'
  | 'makeDate'
  | 'deliveryDate'
  | 'expectedDeliverySlotId'
  | 'depotCode'
  | 'facilityId'
  | 'shipmentId'
> & {
  address: KitchenOrder['address'];
  orderLineItems: readonly PackedLineItem[];
};

/** One order's fulfilment: its boxes packed, iced and timed, a pending job per box. */
export function planFulfilment(
  order: PlannedOrder,
  catalogue: Catalogue,
  now: Date,
  timings: Map<string, ReturnType<typeof dispatch>> = new Map(),
): FulfilmentPlan {
  const lines = packLinesOf(order, catalogue);
  if (typeof lines === 'string') throw conflict(lines);
  let packed;
  try {
    packed = packOrder(lines);
  } catch (err) {
    if (err instanceof PackingError) throw conflict(`Order ${order.id}: ${err.message}`);
    throw err;
  }
  const days = transitDays(order.makeDate, order.deliveryDate);
  const month = Number(order.makeDate.slice(5, 7));
  // Many orders share a day and a zone: each dispatch time is worked out once.
  const when = `${order.makeDate} ${order.deliveryDate} ${order.address.timezone}`;
  let timing = timings.get(when);
  if (!timing) {
    timing = dispatch(order.makeDate, order.deliveryDate, order.address.timezone);
    timings.set(when, timing);
  }
  const fulfilmentId = randomUUID();
  return {
    fulfilment: {
      id: fulfilmentId,
      orderId: order.id,
      facilityId: order.facilityId,
      makeDate: order.makeDate,
      deliveryDate: order.deliveryDate,
      deliverySlot: order.expectedDeliverySlotId,
      customerId: order.userId,
      customerName: `${order.address.firstName} ${order.address.lastName}`,
      suburb: order.address.suburb,
      postcode: order.address.postcode,
      depotCode: order.depotCode,
      timezone: order.address.timezone,
      shipmentId: order.shipmentId,
      createdAt: now,
      updatedAt: now,
    },
    boxes: packed.map((box, i) => ({
      jobId: randomUUID(),
      items: [...box.items, ...icePackItems(icePacks(box.frozenGrams, days, month))],
      row: {
        id: randomUUID(),
        fulfilmentId,
        boxNumber: i + 1,
        boxCount: packed.length,
        boxSize: box.size,
        has5pmCutoff: timing.has5pmCutoff,
        dispatchAt: timing.dispatchAt,
        updatedAt: now,
      },
    })),
  };
}

/**
 * Fulfilments for a kitchen's orders (services.md §7 "Fulfilment"): orders that already have one
 * keep it (a retry creates nothing twice); every other order must exist, be paid, not cancelled
 * and be made in this kitchen, or nothing is written.
 */
export async function createFulfilments(
  ctx: FulfilmentContext,
  facilityId: number,
  input: FulfilInput,
) {
  const ids = [...new Set(input.orderIds)];
  if (input.facilityAssignment) {
    await checkAssignment(ctx, facilityId, input.facilityAssignment.postcode);
  }
  const existing = await fulfilmentIdsByOrder(ctx.db, ids);
  const fresh = ids.filter((id) => !existing.has(id));
  // The catalogue is read while the orders are.
  const [orders, products] = fresh.length
    ? await Promise.all([readOrders(ctx, fresh), ctx.product.listProducts({})])
    : [[], []];
  const problems = orders.map((o) => refusal(o, facilityId)).filter((p) => p !== undefined);
  if (problems.length) {
    throw new HttpError(409, problems.length === 1 ? problems[0]! : problems.slice(0, 20), {
      type: 'conflict',
    });
  }
  const now = ctx.clock.now();
  const catalogue = orders.length ? catalogueOf(products) : undefined;
  const timings = new Map<string, ReturnType<typeof dispatch>>();
  const plans = orders.map((o) => planFulfilment(o, catalogue!, now, timings));
  try {
    await ctx.db.transaction((tx) => insertPlans(tx, plans, now));
  } catch (err) {
    if (isUniqueViolation(err, 'fulfilments_order')) {
      throw conflict(
        'Some of these orders were fulfilled by another request just now: send them again',
      );
    }
    throw err;
  }
  if (plans.length >= BULK_LOAD) await refreshStatistics(ctx.db);
  const written = new Map(plans.map((p) => [p.fulfilment.orderId, p]));
  const old = ids.filter((id) => existing.has(id));
  const oldDetails = await jobsOfFulfilments(
    ctx.db,
    old.map((id) => existing.get(id)!),
  );
  return {
    created: plans.length,
    existing: old.length,
    fulfilments: ids.map((orderId) => {
      const plan = written.get(orderId);
      if (plan) {
        return {
          fulfilmentId: plan.fulfilment.id,
          orderId,
          boxIds: plan.boxes.map((b) => b.row.id),
          jobIds: plan.boxes.map((b) => b.jobId),
        };
      }
      return oldDetails.get(existing.get(orderId)!)!;
    }),
  };
}
