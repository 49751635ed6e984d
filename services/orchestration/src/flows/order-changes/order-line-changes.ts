import { badRequest, notFound, refuseIfAny, type InputProblem } from '@pawfresh/kit';
import type { Order } from '@pawfresh/contracts/order';
import type {
  OrderExtraInput,
  SkippedOrder,
} from '@pawfresh/contracts/orchestration-order-changes';
import {
  addOneOff,
  lineItemInputs,
  mixRecipes,
  oneOffExtraLine,
  withOneOffExtras,
  type CatalogueVariant,
} from '../../rules/order-lines.js';
import type { WorkflowContext } from '../context.js';
import {
  actorOf,
  priceLines,
  readOwnedOrder,
  readProductVariants,
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

function extraProblems(
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
function assertSubscription(order: Order, subscriptionId: string | undefined) {
  if (subscriptionId !== undefined && order.subscriptionId !== subscriptionId) {
    throw notFound(`Order ${order.id} is not an order of subscription ${subscriptionId}`);
  }
}

/** update-order-extras: the order's one-off extras become the list sent, repriced. */
export const updateOrderExtras =
  (ctx: WorkflowContext) =>
  async (input: {
    orderId: string;
    userId?: string | undefined;
    extras: OrderExtraInput[];
  }): Promise<OrderChangeAnswer> => {
    const order = await readOwnedOrder(ctx, input.orderId, input.userId);
    const elsewhere = input.extras.findIndex(
      (e) => e.startOrderId !== undefined && e.startOrderId !== order.id,
    );
    if (elsewhere >= 0) {
      throw badRequest(`extras[${elsewhere}].startOrderId must be this order (${order.id})`);
    }
    const ids = input.extras.map((e) => e.productVariantId);
    const current = order.orderLineItems.flatMap((i) =>
      i.productVariantId ? [i.productVariantId] : [],
    );
    const variants = await readVariants(ctx, [...ids, ...current]);
    const kept = new Set(
      order.orderLineItems.filter((i) => i.oneOff && !i.planType).map((i) => i.productVariantId),
    );
    refuseIfAny(
      extraProblems(
        ids.filter((id) => !kept.has(id)),
        variants,
      ),
    );
    const items = withOneOffExtras(lineItemInputs(order), input.extras, variants);
    const priced = await priceLines(ctx, order, items, variants);
    const written = await writeLines(ctx, order, priced, actorOf(input.userId));
    return { orderId: order.id, orders: [written], skippedOrders: [] };
  };

/** add-one-off-extra: one more extra on an order (or more of one it has), repriced. */
export const addOneOffExtra =
  (ctx: WorkflowContext) =>
  async (input: {
    orderId: string;
    userId?: string | undefined;
    subscriptionId?: string | undefined;
    productVariantId: string;
    quantity: number;
  }): Promise<OneOffExtraAnswer> => {
    const order = await readOwnedOrder(ctx, input.orderId, input.userId);
    assertSubscription(order, input.subscriptionId);
    const current = order.orderLineItems.flatMap((i) =>
      i.productVariantId ? [i.productVariantId] : [],
    );
    const variants = await readVariants(ctx, [input.productVariantId, ...current]);
    refuseIfAny(
      extraProblems([input.productVariantId], variants).map((p) => ({
        ...p,
        path: ['productVariantId'],
      })),
    );
    const variant = variants.get(input.productVariantId)!;
    const items = addOneOff(lineItemInputs(order), variant, input.quantity);
    const priced = await priceLines(ctx, order, items, variants);
    const written = await writeLines(ctx, order, priced, actorOf(input.userId));
    const line = written.orderLineItems.find(
      (i) => i.oneOff && !i.planType && !i.extraId && i.productVariantId === variant.id,
    );
    return { order: written, orderLineItemId: line?.id ?? null };
  };

const extraNotOnOrder = (orderId: string, lineItemId: string) =>
  notFound(`Extra ${lineItemId} is not a one-off extra of order ${orderId}`);

/** update-one-off-extra: a one-off extra's quantity, repriced. */
export const updateOneOffExtra =
  (ctx: WorkflowContext) =>
  async (input: {
    orderId: string;
    userId?: string | undefined;
    subscriptionId?: string | undefined;
    orderLineItemId: string;
    quantity: number;
  }): Promise<OneOffExtraAnswer> => {
    const order = await readOwnedOrder(ctx, input.orderId, input.userId);
    assertSubscription(order, input.subscriptionId);
    const lines = lineItemInputs(order);
    if (!oneOffExtraLine(lines, input.orderLineItemId)) {
      throw extraNotOnOrder(order.id, input.orderLineItemId);
    }
    const items = lines.map((i) =>
      i.id === input.orderLineItemId ? { ...i, quantity: input.quantity } : i,
    );
    const variants = await readVariants(
      ctx,
      items.flatMap((i) => (i.productVariantId ? [i.productVariantId] : [])),
    );
    const priced = await priceLines(ctx, order, items, variants);
    const written = await writeLines(ctx, order, priced, actorOf(input.userId));
    return { order: written, orderLineItemId: input.orderLineItemId };
  };

/** delete-one-off-extra: a one-off extra off the order, repriced. */
export const deleteOneOffExtra =
  (ctx: WorkflowContext) =>
  async (input: {
    orderId: string;
    userId?: string | undefined;
    subscriptionId?: string | undefined;
    orderLineItemId: string;
  }): Promise<OneOffExtraAnswer> => {
    const order = await readOwnedOrder(ctx, input.orderId, input.userId);
    assertSubscription(order, input.subscriptionId);
    const lines = lineItemInputs(order);
    if (!oneOffExtraLine(lines, input.orderLineItemId)) {
      throw extraNotOnOrder(order.id, input.orderLineItemId);
    }
    const items = lines.filter((i) => i.id !== input.orderLineItemId);
    const variants = await readVariants(
      ctx,
      items.flatMap((i) => (i.productVariantId ? [i.productVariantId] : [])),
    );
    const priced = await priceLines(ctx, order, items, variants);
    const written = await writeLines(ctx, order, priced, actorOf(input.userId));
    return { order: written, orderLineItemId: null };
  };

/**
 * update-order-recipe-mix: one dog's pouches in the order shared among other meals by ratio,
 * same count and pouch size, repriced.
 */
export const updateOrderRecipeMix =
  (ctx: WorkflowContext) =>
  async (input: {
    orderId: string;
    userId?: string | undefined;
    animalId: string;
    skus: { productVariantId: string; ratio: number }[];
  }): Promise<OrderChangeAnswer> => {
    const order = await readOwnedOrder(ctx, input.orderId, input.userId);
    const meals = order.orderLineItems.filter((i) => i.planType && i.animalId === input.animalId);
    if (meals.length === 0) {
      throw notFound(`Order ${order.id} has no meals for dog ${input.animalId}`);
    }
    const catalogue = await readProductVariants(ctx, [
      ...input.skus.map((s) => s.productVariantId),
      ...order.orderLineItems.flatMap((i) => (i.productVariantId ? [i.productVariantId] : [])),
    ]);
    const byId = new Map(catalogue.map((v) => [v.id, v]));
    const pouchGrams = byId.get(meals[0]!.productVariantId ?? '')?.weightGrams;
    const problems: InputProblem[] = [];
    const shares = input.skus.flatMap((s, n) => {
      const given = byId.get(s.productVariantId);
      const path = ['skus', n, 'productVariantId'];
      if (!given || given.productType !== 'meal') {
        problems.push({
          path,
          code: 'unknown',
          message: `Product variant ${s.productVariantId} is not a meal of the catalogue`,
        });
        return [];
      }
      const sized = catalogue
        .filter((v) => v.productId === given.productId && v.sellable)
        .sort(
          (a, b) =>
            Math.abs(a.weightGrams - (pouchGrams ?? given.weightGrams)) -
            Math.abs(b.weightGrams - (pouchGrams ?? given.weightGrams)),
        )[0];
      if (!sized) {
        problems.push({
          path,
          code: 'unavailable',
          message: `The meal of product variant ${s.productVariantId} is not for sale`,
        });
        return [];
      }
      return [{ variant: sized, ratio: s.ratio }];
    });
    refuseIfAny(problems);
    const items = mixRecipes(lineItemInputs(order), input.animalId, shares);
    const priced = await priceLines(ctx, order, items, byId);
    const written = await writeLines(ctx, order, priced, actorOf(input.userId));
    return { orderId: order.id, orders: [written], skippedOrders: [] };
  };
