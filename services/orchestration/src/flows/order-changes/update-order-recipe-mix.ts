import { notFound, refuseIfAny, type InputProblem } from '@pawfresh/kit';
import { boxChangeRefusalType, orderTotals } from '@pawfresh/contracts/order';
import type { OrderRecipeMixPrice } from '@pawfresh/contracts/orchestration-order-changes';
import { lineItemInputs, mixRecipes } from '../../rules/order-lines.js';
import type { WorkflowContext } from '../context.js';
import {
  boxRefusal,
  priceLines,
  readOwnedOrder,
  readProductVariants,
} from './order-change-steps.js';
import { type OrderChangeAnswer, repriceLines } from './line-change-steps.js';

interface RecipeMixInput {
  orderId: string;
  userId?: string | undefined;
  animalId: string;
  skus: { productVariantId: string; ratio: number }[];
}

/**
 * The order and its lines with one dog's pouches shared among the meals by ratio (same count and
 * pouch size): what update-order-recipe-mix writes and price-order-recipe-mix prices.
 */
async function mixedLines(ctx: WorkflowContext, input: RecipeMixInput) {
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
  return { order, items: mixRecipes(lineItemInputs(order), input.animalId, shares), byId };
}

/**
 * update-order-recipe-mix: one dog's pouches in the order shared among other meals by ratio,
 * same count and pouch size, repriced.
 */
export const updateOrderRecipeMix =
  (ctx: WorkflowContext) =>
  async (input: RecipeMixInput & { actedBy?: string | undefined }): Promise<OrderChangeAnswer> => {
    const { order, items, byId } = await mixedLines(ctx, input);
    const written = await repriceLines(ctx, order, items, input, byId);
    return { orderId: order.id, orders: [written], skippedOrders: [] };
  };

type BoxPrice = OrderRecipeMixPrice['before'];

const boxPriceOf = (
  lines: readonly {
    productId: string;
    productVariantId?: string | null | undefined;
    animalId?: string | null | undefined;
    quantity: number;
    price: number;
    discountedPrice?: number | null | undefined;
  }[],
): BoxPrice => ({
  ...orderTotals(lines),
  lines: lines.map((l) => ({
    productId: l.productId,
    productVariantId: l.productVariantId ?? null,
    animalId: l.animalId ?? null,
    quantity: l.quantity,
    price: l.price,
    discountedPrice: l.discountedPrice ?? null,
  })),
});

/**
 * price-order-recipe-mix: the lines update-order-recipe-mix would write, priced by the same steps
 * (the order's place in its subscription, its discount there), and nothing written. Reads only.
 * A box that can no longer change is refused, as the change would be.
 */
export const priceOrderRecipeMix =
  (ctx: WorkflowContext) =>
  async (input: RecipeMixInput): Promise<Omit<OrderRecipeMixPrice, 'workflowId'>> => {
    const { order, items, byId } = await mixedLines(ctx, input);
    const priced = await priceLines(ctx, order, items, byId);
    // The change would be refused (the order service's rule); so is its preview, in the same
    // words. Checked last, so the steps of a run in flight before this check keep their places.
    const closed = await ctx.step(
      'check-box-open',
      async () => boxChangeRefusalType(order, ctx.clock.now()) ?? null,
    );
    if (closed) throw boxRefusal(order, closed);
    return {
      orderId: order.id,
      version: order.version,
      before: boxPriceOf(order.orderLineItems),
      after: boxPriceOf(priced),
    };
  };
