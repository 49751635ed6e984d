import { z } from 'zod';
import { auditEventSchema, reasonSaying } from './audit.js';
import { uuid } from './fields.js';
import {
  createDiscountInput,
  createPromotionInput,
  discountCategorySchema,
  discountSchema,
  pricingContract,
  promotionSchema,
  updatePromotionInput,
} from './pricing.js';

/**
 * The staff API's discounts, discount categories and promotions (back office part 2, item 1;
 * docs/staff.md "Discounts and promotions"). The pricing service owns them and their rules: the
 * bodies here are its own (less the actor fields, which the server writes from the session) with
 * a reason, and its 400s come back as it words them, each with its field's path. Kept apart from
 * staff.ts, whose contract spreads these in.
 */

/** Why marketing changes a discount or promotion: required, kept in the audit log. */
export const marketingReason = reasonSaying(
  'reason is required: say why (the campaign, what was wrong); it is kept in the audit log',
);

const recorded = { audit: auditEventSchema.nullable() };
const idParams = z.object({ id: uuid('id') });
const pricing = pricingContract.endpoints;

/** A discount as the builder sends it: pricing's createDiscount body, with a reason. */
export const staffDiscountBody = createDiscountInput
  .omit({ createdBy: true })
  .extend({ reason: marketingReason })
  .strict();
export type StaffDiscountBody = z.input<typeof staffDiscountBody>;

/** A draft to preview: the builder's interval and schedules (name and category not needed yet). */
export const staffDiscountPreviewBody = createDiscountInput
  .pick({ interval: true, currencyCode: true, schedules: true })
  .strict();
export type StaffDiscountPreviewBody = z.input<typeof staffDiscountPreviewBody>;

/** One line of the sample box the builder prices. */
const sampleLine = z.object({
  name: z.string(),
  sku: z.string(),
  productType: z.string(),
  quantity: z.number().int(),
  basePrice: z.number().int().describe('Cents per item'),
  extra: z.boolean().describe('A one-off extra (treat), not part of the plan'),
});

export const discountPreviewSchema = z
  .object({
    sampleBox: z.array(sampleLine),
    prices: z.array(
      z.object({
        orderPosition: z.number().int().describe('Zero-indexed: 0 is the first box'),
        priceBeforeDiscount: z.number().int(),
        discountTotal: z.number().int(),
        totalPrice: z.number().int().describe('What the sample box would be charged (cents)'),
      }),
    ),
  })
  .meta({ id: 'StaffDiscountPreview' });
export type StaffDiscountPreview = z.infer<typeof discountPreviewSchema>;

/** One use of a promotion: who, when, and what their boxes under its discount were given. */
export const promotionUseSchema = z
  .object({
    id: z.uuid(),
    customer: z
      .object({ id: z.uuid(), name: z.string(), email: z.string() })
      .nullable()
      .describe('null when the user is no longer known to identity'),
    userId: z.uuid(),
    type: z.string(),
    context: z.string().nullable(),
    appliedAt: z.string(),
    boxes: z.number().int().describe("The customer's boxes that carry the promotion's discount"),
    discountGiven: z
      .number()
      .int()
      .describe(
        'Cents: those boxes’ price less what they charge (not stored per use: read from the boxes)',
      ),
  })
  .meta({ id: 'StaffPromotionUse' });
export type StaffPromotionUse = z.infer<typeof promotionUseSchema>;

export const staffPromotionSchema = promotionSchema
  .omit({ users: true })
  .extend({ usage: z.array(promotionUseSchema) })
  .meta({ id: 'StaffPromotion' });
export type StaffPromotion = z.infer<typeof staffPromotionSchema>;

/** A product a discount's filter may name, with its variants. */
export const discountProductSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    type: z.string(),
    variants: z.array(z.object({ id: z.uuid(), name: z.string(), sku: z.string() })),
  })
  .meta({ id: 'StaffDiscountProduct' });
export type StaffDiscountProduct = z.infer<typeof discountProductSchema>;

const discountChanged = z.object({ discount: discountSchema, ...recorded });
const promotionChanged = z.object({
  promotion: promotionSchema.omit({ users: true }),
  ...recorded,
});
const categoryChanged = z.object({ category: discountCategorySchema, ...recorded });
const reasonOnly = z.object({ reason: marketingReason }).strict();

/** One of pricing's lists as the staff API answers it: pricing's query and page, as they are. */
const pricingList = <P extends string, Q, R>(
  path: P,
  list: { query: Q; response: R },
  permission: 'discounts:read' | 'promotions:read',
  summary: string,
) =>
  ({
    method: 'GET',
    path,
    summary,
    query: list.query,
    response: list.response,
    errors: [400, 502],
    access: 'staff',
    permission,
  }) as const;

/** A change to one discount with a reason only (disable, enable, delete), answering it. */
const discountChange = <P extends string>(path: P, summary: string) =>
  ({
    method: 'POST',
    path,
    summary,
    params: idParams,
    body: reasonOnly,
    response: discountChanged,
    errors: [400, 404, 502],
    access: 'staff',
    permission: 'discounts:write',
  }) as const;

export const discountEndpoints = <B extends string>(BASE: B) =>
  ({
    listDiscountCategories: pricingList(
      `${BASE}/discount-categories`,
      pricing.listDiscountCategories,
      'discounts:read',
      'Discount categories, by name, paged (the pricing service’s list)',
    ),
    createDiscountCategory: {
      method: 'POST',
      path: `${BASE}/discount-categories`,
      summary: 'Create a discount category, with a reason',
      body: z
        .object({ name: pricing.createDiscountCategory.body.shape.name, reason: marketingReason })
        .strict(),
      status: 201,
      response: categoryChanged,
      errors: [400, 409, 502],
      access: 'staff',
      permission: 'discounts:write',
    },
    renameDiscountCategory: {
      method: 'POST',
      path: `${BASE}/discount-categories/:id/rename`,
      summary: 'Rename a discount category, with a reason',
      params: idParams,
      body: z
        .object({ name: pricing.createDiscountCategory.body.shape.name, reason: marketingReason })
        .strict(),
      response: categoryChanged,
      errors: [400, 404, 409, 502],
      access: 'staff',
      permission: 'discounts:write',
    },
    listDiscounts: pricingList(
      `${BASE}/discounts`,
      pricing.listDiscounts,
      'discounts:read',
      'Discounts with the spec’s filters and sort keys (name, description, category, interval, multipleOrder, includeDeleted; orderBy name, category, interval, createdAt, updatedAt), paged',
    ),
    getStaffDiscount: {
      method: 'GET',
      path: `${BASE}/discounts/:id`,
      summary: 'One discount with its schedules, applications and filters (a deleted one too)',
      params: idParams,
      response: discountSchema,
      errors: [400, 404, 502],
      access: 'staff',
      permission: 'discounts:read',
    },
    discountProducts: {
      method: 'GET',
      path: `${BASE}/discounts/products`,
      summary: 'The active products and variants a discount’s filters may name (the builder)',
      response: z.array(discountProductSchema),
      errors: [502],
      access: 'staff',
      permission: 'discounts:read',
    },
    previewDiscount: {
      method: 'POST',
      path: `${BASE}/discounts/preview`,
      summary: 'Price a sample box with a discount not saved yet (the builder)',
      description:
        'The pricing service checks the draft as it checks a new discount (its 400s, each with its path) and prices the sample box (two meals and a treat from the catalogue) at each order position the schedules name and the one after. Nothing is stored or recorded.',
      body: staffDiscountPreviewBody,
      response: discountPreviewSchema,
      errors: [400, 502],
      access: 'staff',
      permission: 'discounts:read',
    },
    createStaffDiscount: {
      method: 'POST',
      path: `${BASE}/discounts`,
      summary: 'Create a discount (schedules, applications, filters), with a reason',
      body: staffDiscountBody,
      status: 201,
      response: discountChanged,
      errors: [400, 404, 502],
      access: 'staff',
      permission: 'discounts:write',
    },
    updateStaffDiscount: {
      method: 'POST',
      path: `${BASE}/discounts/:id`,
      summary: 'Change a discount’s category, name or description, with a reason',
      description: 'Schedules cannot change once orders may use them: create a new discount.',
      params: idParams,
      body: pricing.updateDiscount.body
        .omit({ updatedBy: true, disable: true })
        .extend({ reason: marketingReason })
        .strict(),
      response: discountChanged,
      errors: [400, 404, 502],
      access: 'staff',
      permission: 'discounts:write',
    },
    disableDiscount: discountChange(
      `${BASE}/discounts/:id/disable`,
      'Disable a discount, with a reason: prices refuse it until it is enabled',
    ),
    enableDiscount: discountChange(
      `${BASE}/discounts/:id/enable`,
      'Enable a disabled discount, with a reason',
    ),
    deleteStaffDiscount: discountChange(
      `${BASE}/discounts/:id/delete`,
      'Delete a discount (soft), with a reason: it stays readable and can no longer be used',
    ),
    listStaffPromotions: pricingList(
      `${BASE}/promotions`,
      pricing.listPromotions,
      'promotions:read',
      'Promotions with the spec’s filters and sort keys, paged',
    ),
    getStaffPromotion: {
      method: 'GET',
      path: `${BASE}/promotions/:id`,
      summary: 'One promotion with its usage: who used it, when, and the discount their boxes got',
      params: idParams,
      response: staffPromotionSchema,
      errors: [400, 404, 502],
      access: 'staff',
      permission: 'promotions:read',
    },
    createStaffPromotion: {
      method: 'POST',
      path: `${BASE}/promotions`,
      summary: 'Create a promotion code (coupon, referral-coupon, referral), with a reason',
      body: createPromotionInput
        .omit({ createdBy: true })
        .extend({ reason: marketingReason })
        .strict(),
      status: 201,
      response: promotionChanged,
      errors: [400, 404, 409, 502],
      access: 'staff',
      permission: 'promotions:write',
    },
    updateStaffPromotion: {
      method: 'POST',
      path: `${BASE}/promotions/:id`,
      summary:
        'Change a promotion (code, maxUses, window, discount), disable or enable it, with a reason',
      params: idParams,
      body: updatePromotionInput
        .omit({ updatedBy: true })
        .extend({ reason: marketingReason })
        .strict(),
      response: promotionChanged,
      errors: [400, 404, 409, 502],
      access: 'staff',
      permission: 'promotions:write',
    },
    deleteStaffPromotion: {
      method: 'POST',
      path: `${BASE}/promotions/:id/delete`,
      summary: 'Delete a promotion (soft), with a reason: its code stops working',
      params: idParams,
      body: reasonOnly,
      response: promotionChanged,
      errors: [400, 404, 502],
      access: 'staff',
      permission: 'promotions:write',
    },
  }) as const;
