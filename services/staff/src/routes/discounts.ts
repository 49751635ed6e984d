import type { StaffContext } from '../flows/context.js';
import {
  createDiscountCategory,
  createStaffDiscount,
  deleteStaffDiscount,
  discountProducts,
  getStaffDiscount,
  listDiscountCategories,
  listDiscounts,
  previewDiscount,
  renameDiscountCategory,
  setDiscountDisabled,
  updateStaffDiscount,
} from '../flows/discounts.js';
import {
  createStaffPromotion,
  deleteStaffPromotion,
  getStaffPromotion,
  listPromotions,
  updateStaffPromotion,
} from '../flows/promotions.js';
import { actingStaff, type StaffHandlers } from './signed-in.js';

/** Discounts, their categories and promotions (docs/staff.md "Discounts and promotions"). */
export function discountRoutes(
  ctx: StaffContext,
): StaffHandlers<
  | 'listDiscountCategories'
  | 'createDiscountCategory'
  | 'renameDiscountCategory'
  | 'listDiscounts'
  | 'getStaffDiscount'
  | 'discountProducts'
  | 'previewDiscount'
  | 'createStaffDiscount'
  | 'updateStaffDiscount'
  | 'disableDiscount'
  | 'enableDiscount'
  | 'deleteStaffDiscount'
  | 'listStaffPromotions'
  | 'getStaffPromotion'
  | 'createStaffPromotion'
  | 'updateStaffPromotion'
  | 'deleteStaffPromotion'
> {
  return {
    listDiscountCategories: async ({ query }) => listDiscountCategories(ctx, query),
    createDiscountCategory: async ({ body, auth }, request) =>
      createDiscountCategory(ctx, actingStaff(auth, request), body),
    renameDiscountCategory: async ({ params, body, auth }, request) =>
      renameDiscountCategory(ctx, actingStaff(auth, request), params.id, body),
    listDiscounts: async ({ query }) => listDiscounts(ctx, query),
    getStaffDiscount: async ({ params }) => getStaffDiscount(ctx, params.id),
    discountProducts: async () => discountProducts(ctx),
    previewDiscount: async ({ body }) => previewDiscount(ctx, body),
    createStaffDiscount: async ({ body, auth }, request) =>
      createStaffDiscount(ctx, actingStaff(auth, request), body),
    updateStaffDiscount: async ({ params, body, auth }, request) =>
      updateStaffDiscount(ctx, actingStaff(auth, request), params.id, body),
    disableDiscount: async ({ params, body, auth }, request) =>
      setDiscountDisabled(ctx, actingStaff(auth, request), params.id, true, body.reason),
    enableDiscount: async ({ params, body, auth }, request) =>
      setDiscountDisabled(ctx, actingStaff(auth, request), params.id, false, body.reason),
    deleteStaffDiscount: async ({ params, body, auth }, request) =>
      deleteStaffDiscount(ctx, actingStaff(auth, request), params.id, body.reason),
    listStaffPromotions: async ({ query }) => listPromotions(ctx, query),
    getStaffPromotion: async ({ params }) => getStaffPromotion(ctx, params.id),
    createStaffPromotion: async ({ body, auth }, request) =>
      createStaffPromotion(ctx, actingStaff(auth, request), body),
    updateStaffPromotion: async ({ params, body, auth }, request) =>
      updateStaffPromotion(ctx, actingStaff(auth, request), params.id, body),
    deleteStaffPromotion: async ({ params, body, auth }, request) =>
      deleteStaffPromotion(ctx, actingStaff(auth, request), params.id, body.reason),
  };
}
