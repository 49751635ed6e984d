import {
  badRequest,
  conflict,
  HttpError,
  isCallStatus,
  notFound,
  ServiceCallError,
  upstream,
} from '@pawfresh/kit';
import type { LineItemInput, Order } from '@pawfresh/contracts/order';
import {
  orderPriceRequest,
  sameLineItems,
  withPrices,
  type CatalogueVariant,
  type SubscriptionDiscountSpan,
} from '../rules/order-lines.js';
import { dayInWords, refusalInWords } from '../rules/delivery-changes.js';
import type { WorkflowContext } from './context.js';

/**
 * Steps the order-level change workflows share (docs/order-changes.md): read the customer's own
 * order, read the catalogue, price line items with the subscription's discount at the order's
 * position, and write line items once (a write done before a crash is seen and not done again).
 */

export const orderNotFound = (orderId: string) => notFound(`Order ${orderId} not found`);

/** A refusal of another service, in that service's words, with its status (400, 404, 409). */
export async function refusalsOf<T>(
  what: string,
  call: () => Promise<T>,
  notFoundMessage?: string,
): Promise<T> {
  return upstream(what, async () => {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof ServiceCallError)) throw err;
      const words = ServiceCallError.describe(err.body) ?? `${what} was refused`;
      if (err.status === 404) throw notFound(notFoundMessage ?? words);
      if (err.status === 409) throw conflict(words);
      if (err.status === 400 || err.status === 422) throw badRequest(words);
      if (err.status === 402) throw new HttpError(402, words, { type: 'payment_required' });
      throw err;
    }
  });
}

/** The order, if it is the customer's (`userId` given) or anyone's (staff). */
export async function readOwnedOrder(
  { services, step }: WorkflowContext,
  orderId: string,
  userId: string | undefined,
  name = 'read-order',
): Promise<Order> {
  return step(name, async () => {
    const order = await refusalsOf(
      'Reading the order',
      () => services.order.getOrder({ params: { orderId } }),
      `Order ${orderId} not found`,
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
        const found = await refusalsOf(
          'Reading the subscription',
          () => services.subscription.getSubscription({ params: { id: order.subscriptionId! } }),
          `Subscription ${order.subscriptionId} not found`,
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
        if (isCallStatus(err, 400) || isCallStatus(err, 404)) {
          throw badRequest(
            `The order cannot be priced: ${ServiceCallError.describe(err.body) ?? 'pricing refused it'}`,
          );
        }
        throw err;
      }
    }),
  );
  return withPrices(items, result);
}

const VERSION_CONFLICT = /has changed since version/;

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
    const now = await refusalsOf('Reading the order', () =>
      services.order.getOrder({ params: { orderId: order.id } }),
    );
    if (now.version !== order.version && sameLineItems(now, items)) return now;
    try {
      return await refusalsOf('Changing the order', () =>
        services.order.replaceLineItems({
          params: { orderId: order.id },
          body: { orderLineItems: [...items], version: order.version, updatedBy: actor },
        }),
      );
    } catch (err) {
      if (
        err instanceof HttpError &&
        err.statusCode === 409 &&
        VERSION_CONFLICT.test(err.message)
      ) {
        throw conflict(
          `Order ${order.id} changed while this change was being made: read it again and retry`,
        );
      }
      // The order service's other 409s are for staff (fulfilment statuses, cut-off instants).
      if (err instanceof HttpError && err.statusCode === 409) throw boxRefusal(order, err.message);
      throw err;
    }
  });
}

/**
 * The order service's refusal of a change to a box (a 409 in staff words: "changes closed at
 * 2026-11-16T06:00:00.000Z …", "(fulfilment in_progress)"), as a 409 in the customer's words:
 * "Your box of Friday 20 November can no longer change: changes for it have closed".
 */
export const boxRefusal = (order: Pick<Order, 'deliveryDate'>, serviceMessage: string) =>
  conflict(
    `Your box of ${dayInWords(order.deliveryDate)} can no longer change: ${refusalInWords(serviceMessage)}`,
  );

/** Who made a change, recorded on the order's events. */
export const actorOf = (userId: string | undefined) =>
  userId ? `customer:${userId}` : 'orchestration';
