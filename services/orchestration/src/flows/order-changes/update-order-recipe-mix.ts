import { notFound, refuseIfAny, type InputProblem } from '@pawfresh/kit';
import { lineItemInputs, mixRecipes } from '../../rules/order-lines.js';
import type { WorkflowContext } from '../context.js';
import { readOwnedOrder, readProductVariants } from './order-change-steps.js';
import { type OrderChangeAnswer, repriceLines } from './line-change-steps.js';

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
    const written = await repriceLines(ctx, order, items, input, byId);
    return { orderId: order.id, orders: [written], skippedOrders: [] };
  };
