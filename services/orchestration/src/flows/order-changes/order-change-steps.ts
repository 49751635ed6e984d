import {
  badRequest,
  conflict,
  isRefused,
  notFound,
  passRefusals,
  refusalOf,
  upstream,
  isPassedRefusal,
} from '@pawfresh/kit';
import {
  customerActor,
  orderRefusalTypes,
  type LineItemInput,
  type Order,
} from '@pawfresh/contracts/order';
import {
  orderPriceRequest,
  sameLineItems,
  withPrices,
  type CatalogueVariant,
  type SubscriptionDiscountSpan,
} from '../../rules/order-lines.js';
import { dayInWords, refusalInWords } from '../../rules/delivery-changes.js';
import type { WorkflowContext } from '../context.js';

/**
 * Steps the order-level change workflows share (docs/order-changes.md): read the customer's own
 * order, read the catalogue, price line items with the subscription's discount at the order's
 * position, and write line items once (a write done before a crash is seen and not done again).
 */

export const orderNotFound = (orderId: string) => notFound(`Order ${orderId} not found`);

/** The order, if it is the customer's (`userId` given) or anyone's (staff). */
export async function readOwnedOrder(
  { services, step }: WorkflowContext,
  orderId: string,
  userId: string | undefined,
  name = 'read-order',
): Promise<Order> {
  return step(name, async () => {
    const order = await passRefusals(
      'Reading the order',
      () => services.order.getOrder({ params: { orderId } }),
      { 404: `Order ${orderId} not found` },
    );
    if (userId !== undefined && order.userId !== userId) throw orderNotFound(orderId);
    return order;
  });
}

/** The sellable catalogue variants among `ids` (one read of the catalogue). */
export async function readVariants(
  { services, step }: WorkflowContext,
  ids: readonly string[],
): Promise<Map<string, CatalogueVariant>> {
  const wanted = new Set(ids);
  const found = await step('read-catalogue', async () => {
    const products = await upstream('Reading the catalogue', () =>
      services.product.listProducts({ query: {} }),
    );
    return products.flatMap((p) =>
      p.variants
        .filter((v) => wanted.has(v.id))
        .map((v): CatalogueVariant => ({
          id: v.id,
          productId: p.id,
          productType: p.type,
          sku: v.sku,
          basePrice: v.basePrice,
          weightGrams: v.dimension.weightGrams,
          sellable: (p.status === 'active' || p.status === 'out_of_stock') && v.status === 'active',
        })),
    );
  });
  return new Map(found.map((v) => [v.id, v]));
}

/** The catalogue's variants of the products of `productIds` (for meal pouches of a size). */
export async function readProductVariants(
  { services, step }: WorkflowContext,
  productIds: readonly string[],
): Promise<CatalogueVariant[]> {
  const wanted = new Set(productIds);
  return step('read-catalogue', async () => {
    const products = await upstream('Reading the catalogue', () =>
      services.product.listProducts({ query: {} }),
    );
    return products
      .filter((p) => wanted.has(p.id) || p.variants.some((v) => wanted.has(v.id)))
      .flatMap((p) =>
        p.variants.map((v): CatalogueVariant => ({
          id: v.id,
          productId: p.id,
          productType: p.type,
          sku: v.sku,
          basePrice: v.basePrice,
          weightGrams: v.dimension.weightGrams,
          sellable: p.status === 'active' && v.status === 'active',
        })),
      );
  });
}

/**
 * The line items priced by the pricing service: sku-based at each line's unit price, at the
 * order's position in its subscription with the subscription's discount there.
 */
export async function priceLines(
  { services, step }: WorkflowContext,
  order: Order,
  items: readonly LineItemInput[],
  variants: ReadonlyMap<string, CatalogueVariant>,
): Promise<LineItemInput[]> {
  const subscription = order.subscriptionId
    ? await step('read-subscription', async () => {
        const found = await passRefusals(
          'Reading the subscription',
          () => services.subscription.getSubscription({ params: { id: order.subscriptionId! } }),
          { 404: `Subscription ${order.subscriptionId} not found` },
        );
        const discounts: SubscriptionDiscountSpan[] = found.discounts.map((d) => ({
          discountId: d.discountId,
          orderStartIndex: d.orderStartIndex,
          orderQuantity: d.orderQuantity,
        }));
        return { cadenceInWeeks: found.cadenceInWeeks, discounts };
      })
    : null;
  const request = orderPriceRequest(items, variants, order, subscription);
  const result = await step('price-order', () =>
    upstream('Pricing the order', async () => {
      try {
        return await services.pricing.getPrice({ body: request });
      } catch (err) {
        if (isRefused(err, 400) || isRefused(err, 404)) {
          throw badRequest(
            `The order cannot be priced: ${refusalOf(err)?.message ?? 'pricing refused it'}`,
          );
        }
        throw err;
      }
    }),
  );
  return withPrices(items, result);
}

/**
 * Writes the order's line items, against the version read. Seen already written (the step ran
 * before a crash, its answer lost): done, without writing again. Changed by someone else since:
 * 409, nothing written.
 */
export async function writeLines(
  { services, step }: WorkflowContext,
  order: Order,
  items: readonly LineItemInput[],
  actor: string,
  name = 'write-line-items',
): Promise<Order> {
  return step(name, async () => {
    const now = await passRefusals('Reading the order', () =>
      services.order.getOrder({ params: { orderId: order.id } }),
    );
    if (now.version !== order.version && sameLineItems(now, items)) return now;
    try {
      return await passRefusals('Changing the order', () =>
        services.order.replaceLineItems({
          params: { orderId: order.id },
          body: { orderLineItems: [...items], version: order.version, updatedBy: actor },
        }),
      );
    } catch (err) {
      if (!isPassedRefusal(err, 409)) throw err;
      if (err.options.type === orderRefusalTypes.versionMoved) {
        throw conflict(
          `Order ${order.id} changed while this change was being made: read it again and retry`,
        );
      }
      // The order service's other 409s are for staff (fulfilment statuses, cut-off instants).
      throw boxRefusal(order, err.options.type);
    }
  });
}

/**
 * The order service's refusal of a change to a box (a 409 in staff words: "changes closed at
 * 2026-11-16T06:00:00.000Z …", "(fulfilment in_progress)"), told by its `type`, as a 409 in the
 * customer's words: "Your box of Friday 20 November can no longer change: changes for it have
 * closed".
 */
export const boxRefusal = (order: Pick<Order, 'deliveryDate'>, type: string | undefined) =>
  conflict(
    `Your box of ${dayInWords(order.deliveryDate)} can no longer change: ${refusalInWords(type)}`,
  );

/**
 * Who made a change, recorded on the order's events: whoever acts for the customer (the staff
 * API's `staff:<userId>`, from the session), else the customer, else this service.
 */
export const actorOf = (userId: string | undefined, actedBy?: string) =>
  actedBy ?? (userId ? customerActor(userId) : 'orchestration');
