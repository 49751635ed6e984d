import { z } from 'zod';
import { auditEventSchema, reasonSaying } from './audit.js';
import { calendarDate, instant, uuid } from './fields.js';
import {
  productImageType,
  productStatuses,
  productType,
  productTypes,
  type ProductStatus,
} from './enums.js';
import { variantLineKinds } from './order.js';

/**
 * The catalogue in the back office (issue 32 item 4; docs/staff.md "Catalogue"): products and
 * variants with their images and statuses, and a variant's status change, previewed first (what
 * it does to the boxes to come and to what customers may choose), then made with a reason and an
 * audit row. The product service owns the catalogue and the rule of which changes are allowed;
 * the order service counts the boxes to come that carry a variant.
 */

const REASON_MESSAGE =
  'reason is required: say why the status changes (the stock that ran out, the range that ends); it is kept in the audit log';
export const catalogueReason = reasonSaying(REASON_MESSAGE);

const STATUS_MESSAGE = `status must be one of ${productStatuses.join(', ')}`;
const TYPE_MESSAGE = `type must be one of ${productTypes.join(', ')}`;
export const catalogueStatus = z.enum(productStatuses, { error: STATUS_MESSAGE });
export const catalogueType = z.enum(productTypes, { error: TYPE_MESSAGE });

/** How each status reads in the back office (the badge and the dialog). */
export const statusLabels: Record<ProductStatus, string> = {
  active: 'Active',
  out_of_stock: 'Out of stock',
  discontinuing: 'Discontinuing',
  discontinued: 'Discontinued',
  archived: 'Archived',
};

const catalogueImage = z.object({
  id: z.uuid(),
  imageUrl: z.string(),
  imageType: productImageType,
});

export const catalogueVariantSchema = z.object({
  id: z.uuid(),
  sku: z.string(),
  variantName: z.string(),
  basePrice: z.number().int().describe('Integer cents AUD'),
  weightGrams: z.number().int(),
  status: catalogueStatus,
  isVisible: z.boolean(),
  images: z.array(catalogueImage).describe('Images not removed'),
  nextStatuses: z
    .array(catalogueStatus)
    .describe('The statuses it may become (docs/product-rules.md, canChangeStatus)'),
});
export type CatalogueVariant = z.infer<typeof catalogueVariantSchema>;

export const catalogueProductSchema = z.object({
  id: z.uuid(),
  productCode: z.string(),
  name: z.string(),
  type: productType,
  status: catalogueStatus,
  isVisible: z.boolean(),
  images: z.array(catalogueImage).describe('Images not removed'),
  variants: z.array(catalogueVariantSchema),
});
export type CatalogueProduct = z.infer<typeof catalogueProductSchema>;

export const catalogueSchema = z
  .object({
    products: z
      .array(catalogueProductSchema)
      .describe(
        'In menu order; with a status filter, the products with a variant of that status and only those variants',
      ),
  })
  .meta({ id: 'StaffCatalogue' });
export type Catalogue = z.infer<typeof catalogueSchema>;

/** Where a status change is felt. */
export const statusEffectAreas = [
  'boxes_to_come',
  'new_boxes',
  'customers',
  'kitchen',
  'recommendations',
] as const;

export const statusEffectSchema = z.object({
  area: z.enum(statusEffectAreas),
  says: z.string(),
});
export type StatusEffect = z.infer<typeof statusEffectSchema>;

const boxesToComeSchema = z.object({
  boxes: z.number().int(),
  customers: z.number().int(),
  subscriptions: z.number().int(),
  units: z.number().int(),
  byKind: z.object({
    plan: z.number().int(),
    extra: z.number().int(),
    one_off: z.number().int(),
  }),
  firstDeliveryDate: calendarDate.nullable(),
  lastDeliveryDate: calendarDate.nullable(),
  soonest: z
    .array(
      z.object({
        orderId: z.uuid(),
        orderNumber: z.number().int(),
        deliveryDate: calendarDate,
        cutoffAt: instant,
        units: z.number().int(),
        kinds: z.array(z.enum(variantLineKinds)),
        customer: z.object({ id: z.uuid(), name: z.string().nullable() }),
      }),
    )
    .describe('The soonest 20 boxes, each with its customer'),
});

const variantNamed = z.object({
  id: z.uuid(),
  sku: z.string(),
  variantName: z.string(),
  productId: z.uuid(),
  productName: z.string(),
  productType: productType,
  status: catalogueStatus,
});

export const statusPreviewSchema = z
  .object({
    variant: variantNamed,
    from: catalogueStatus,
    to: catalogueStatus,
    allowed: z.boolean(),
    refusal: z
      .string()
      .nullable()
      .describe('Why the change is not allowed, in the product service’s words'),
    boxesToCome: boxesToComeSchema.describe(
      'Before their cut-off, as the order service counts them',
    ),
    effects: z.array(statusEffectSchema).describe('What the change does, area by area'),
    warning: z
      .string()
      .nullable()
      .describe('What nothing in the system does for the boxes to come, when there are some'),
  })
  .meta({ id: 'StaffVariantStatusPreview' });
export type StatusPreview = z.infer<typeof statusPreviewSchema>;

export const statusChangeResultSchema = z
  .object({
    variant: variantNamed,
    from: catalogueStatus,
    to: catalogueStatus,
    boxesToCome: z.number().int().describe('Boxes to come that carry it (they keep it)'),
    effects: z.array(statusEffectSchema),
    audit: auditEventSchema.nullable(),
  })
  .meta({ id: 'StaffVariantStatusChange' });
export type StatusChangeResult = z.infer<typeof statusChangeResultSchema>;

const variantParams = z.object({ variantId: uuid('variantId') });

/** The endpoints, spread into the staff contract. */
export const catalogueEndpoints = (base: string) =>
  ({
    catalogue: {
      method: 'GET',
      path: `${base}/catalogue`,
      summary: 'Products with their variants, images and statuses',
      description:
        'The product service’s catalogue, every status. `type` keeps one product type; `status` keeps the variants of that status (and their products).',
      query: z
        .object({ type: catalogueType.optional(), status: catalogueStatus.optional() })
        .strict(),
      response: catalogueSchema,
      errors: [400, 502],
      access: 'staff',
      permission: 'catalogue:read',
    },
    variantStatusPreview: {
      method: 'POST',
      path: `${base}/catalogue/variants/:variantId/status/preview`,
      summary: 'What a status change would do (nothing written)',
      description:
        'Whether the product service allows it, the boxes to come that carry the variant (counted by the order service, the soonest named), and what the change does to them, to new boxes, to what customers may choose and to the kitchen.',
      params: variantParams,
      body: z.object({ status: catalogueStatus }).strict(),
      response: statusPreviewSchema,
      errors: [400, 404, 502],
      access: 'staff',
      permission: 'catalogue:write',
    },
    changeVariantStatus: {
      method: 'POST',
      path: `${base}/catalogue/variants/:variantId/status`,
      summary: "Change a variant's status, with a reason",
      description:
        'The product service’s status change (a change its rule refuses is its 409, in its words, and nothing is recorded). Answers the variant, what the change does and the audit row.',
      params: variantParams,
      body: z.object({ status: catalogueStatus, reason: catalogueReason }).strict(),
      response: statusChangeResultSchema,
      errors: [400, 404, 409, 502],
      access: 'staff',
      permission: 'catalogue:write',
    },
  }) as const;
