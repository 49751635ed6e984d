import type { StaffContext } from '../flows/context.js';
import { catalogue, changeVariantStatus, variantStatusPreview } from '../flows/catalogue.js';
import { actingStaff, type StaffHandlers } from './signed-in.js';

/** The catalogue (docs/staff.md "Catalogue"). */
export function catalogueRoutes(
  ctx: StaffContext,
): StaffHandlers<'catalogue' | 'variantStatusPreview' | 'changeVariantStatus'> {
  return {
    catalogue: async ({ query }) => catalogue(ctx, query),
    variantStatusPreview: async ({ params, body }) =>
      variantStatusPreview(ctx, params.variantId, body.status),
    changeVariantStatus: async ({ params, body, auth }, request) =>
      changeVariantStatus(ctx, actingStaff(auth, request), params.variantId, body),
  };
}
