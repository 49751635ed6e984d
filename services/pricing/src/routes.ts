import type { Handlers } from '@pawfresh/kit';
import type { pricingContract } from '@pawfresh/contracts/pricing';
import { recordAttribution, revokeAttribution } from './flows/attributions.js';
import type { PricingContext } from './flows/context.js';
import {
  categoryPage,
  createCategory,
  deleteCategory,
  renameCategory,
} from './flows/discount-categories.js';
import {
  createDiscount,
  deleteDiscount,
  discountPage,
  getDiscount,
  updateDiscount,
} from './flows/discounts.js';
import { getLinePrices, getPrice, getPrices } from './flows/get-price.js';
import { previewDiscount } from './flows/preview-discount.js';
import {
  createPromotion,
  deletePromotion,
  getPromotion,
  promotionPage,
  updatePromotion,
} from './flows/promotions.js';

export function pricingHandlers(ctx: PricingContext): Handlers<typeof pricingContract> {
  const { db } = ctx;
  /**
   * A write of discounts or their categories: once it has answered (committed or not), this
   * process's next price looks at the discount revision again (ADR 008). Prices themselves
   * (POST get-price) change nothing and keep the cache.
   */
  const changingDiscounts =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await write(...args);
      } finally {
        ctx.discounts.changed();
      }
    };
  return {
    listDiscountCategories: async ({ query }) => categoryPage(ctx, query),
    createDiscountCategory: changingDiscounts(async ({ body }) => createCategory(ctx, body)),
    updateDiscountCategory: changingDiscounts(async ({ params, body }) =>
      renameCategory(ctx, params.id, body),
    ),
    deleteDiscountCategory: changingDiscounts(async ({ params, body }) =>
      deleteCategory(ctx, params.id, body),
    ),

    listDiscounts: async ({ query }) => discountPage(db, query),
    getDiscount: async ({ params }) => getDiscount(db, params.id),
    createDiscount: changingDiscounts(async ({ body }) => createDiscount(ctx, body)),
    updateDiscount: changingDiscounts(async ({ params, body }) =>
      updateDiscount(ctx, params.id, body),
    ),
    deleteDiscount: changingDiscounts(async ({ params, body }) =>
      deleteDiscount(ctx, params.id, body),
    ),

    getPrice: async ({ body }) => getPrice(ctx, body),
    getPrices: async ({ body }) => getPrices(ctx, body.requests),
    getLinePrices: async ({ body }) => getLinePrices(ctx, body.requests),
    previewDiscount: async ({ body }) => previewDiscount(body),

    listPromotions: async ({ query }) => promotionPage(db, query),
    getPromotion: async ({ params }) => getPromotion(db, params.id),
    createPromotion: async ({ body }) => createPromotion(ctx, body),
    updatePromotion: async ({ params, body }) => updatePromotion(ctx, params.id, body),
    deletePromotion: async ({ params, body }) => deletePromotion(ctx, params.id, body),
    createAttribution: async ({ body }) => recordAttribution(ctx, body),
    revokeAttribution: async ({ params, body }) =>
      revokeAttribution(ctx, params.promotionUserId, body),
  };
}
