import type { StaffContext } from '../flows/context.js';
import {
  changeBoxMeals,
  changePlan,
  mealsForSale,
  previewBoxMeals,
  reviewPlanChange,
} from '../flows/plan-changes.js';
import { actingStaff, type StaffHandlers } from './signed-in.js';

/** One box's meals and a dog's plan (docs/staff.md "Changing meals and plans"). */
export function planChangeRoutes(
  ctx: StaffContext,
): StaffHandlers<
  'mealsForSale' | 'previewBoxMeals' | 'changeBoxMeals' | 'reviewPlanChange' | 'changePlan'
> {
  return {
    mealsForSale: async () => mealsForSale(ctx),
    previewBoxMeals: async ({ params, body }) => previewBoxMeals(ctx, params, body),
    changeBoxMeals: async ({ params, body, auth }, request) =>
      changeBoxMeals(ctx, actingStaff(auth, request), params, body),
    reviewPlanChange: async ({ params, body }) => reviewPlanChange(ctx, params, body),
    changePlan: async ({ params, body, auth }, request) =>
      changePlan(ctx, actingStaff(auth, request), params, body),
  };
}
