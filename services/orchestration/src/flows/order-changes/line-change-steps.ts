import { notFound, type InputProblem } from '@pawfresh/kit';
import type { LineItemInput, Order } from '@pawfresh/contracts/order';
import type { SkippedOrder } from '@pawfresh/contracts/orchestration-order-changes';
import { lineItemInputs, oneOffExtraLine, type CatalogueVariant } from '../../rules/order-lines.js';
import type { WorkflowContext } from '../context.js';
import {
  actorOf,
  priceLines,
  readOwnedOrder,
  readVariants,
  writeLines,
} from './order-change-steps.js';

/** What an order change answers (the contract adds the workflowId). */
export interface OrderChangeAnswer {
  orderId: string;
  orders: Order[];
  skippedOrders: SkippedOrder[];
}

export interface OneOffExtraAnswer {
  order: Order;
  orderLineItemId: string | null;
}

/** Extras on order screens are treats and supplements (customer-app.md §9). */
const EXTRA_TYPES = new Set(['treat', 'supplement']);

export function extraProblems(
  ids: readonly string[],
  variants: ReadonlyMap<string, CatalogueVariant>,
): InputProblem[] {
  return ids.flatMap((id, n): InputProblem[] => {
    const v = variants.get(id);
    const path = ['extras', n, 'productVariantId'];
    if (!v)
      return [{ path, code: 'unknown', message: `Product variant ${id} is not in the catalogue` }];
    if (!EXTRA_TYPES.has(v.productType)) {
      return [
        {
          path,
          code: 'type',
          message: `Product variant ${id} is a ${v.productType}: only treats and supplements can be extras`,
        },
      ];
    }
    if (!v.sellable)
      return [{ path, code: 'unavailable', message: `Product variant ${id} is not for sale` }];
    return [];
  });
}

/** The order must belong to the subscription named (when one is). */
export function assertSubscription(order: Order, subscriptionId: string | undefined) {
  if (subscriptionId !== undefined && order.subscriptionId !== subscriptionId) {
    throw notFound(`Order ${order.id} is not an order of subscription ${subscriptionId}`);
  }
}

const extraNotOnOrder = (orderId: string, lineItemId: string) =>
  notFound(`Extra ${lineItemId} is not a one-off extra of order ${orderId}`);

/** Who asks for a change of one box's lines: the customer (userId) or staff, maybe by subscription. */
export interface LineChangeInput {
  orderId: string;
  userId?: string | undefined;
  actedBy?: string | undefined;
  subscriptionId?: string | undefined;
}

/** The order, if it is the asker's and of the subscription named (when one is). */
export async function readOrderToChange(ctx: WorkflowContext, input: LineChangeInput) {
  const order = await readOwnedOrder(ctx, input.orderId, input.userId);
  assertSubscription(order, input.subscriptionId);
  return order;
}

/** The order and its line items, if `orderLineItemId` is one of its one-off extras (else 404). */
export async function readOneOffLine(
  ctx: WorkflowContext,
  input: LineChangeInput & { orderLineItemId: string },
) {
  const order = await readOrderToChange(ctx, input);
  const lines = lineItemInputs(order);
  if (!oneOffExtraLine(lines, input.orderLineItemId)) {
    throw extraNotOnOrder(order.id, input.orderLineItemId);
  }
  return { order, lines };
}

/**
 * The box's new lines priced at its place in the subscription and written against the version
 * read, as the asker. `variants` holds the catalogue variants the lines name (read when not given).
 */
export async function repriceLines(
  ctx: WorkflowContext,
  order: Order,
  items: readonly LineItemInput[],
  /** Who asks: the customer (userId), or whoever acts for them (actedBy: staff:<userId>). */
  asker: { userId?: string | undefined; actedBy?: string | undefined },
  variants?: ReadonlyMap<string, CatalogueVariant>,
): Promise<Order> {
  const known =
    variants ??
    (await readVariants(
      ctx,
      items.flatMap((i) => (i.productVariantId ? [i.productVariantId] : [])),
    ));
  const priced = await priceLines(ctx, order, items, known);
  return writeLines(ctx, order, priced, actorOf(asker.userId, asker.actedBy));
}
