import { z } from 'zod';
import { defineContract } from './define.js';
import { instant, slug, uuid } from './fields.js';
import {
  productImageType,
  productStatus,
  productType,
  recommendationType,
  type ProductStatus,
} from './enums.js';

export const imageSchema = z
  .object({
    id: z.uuid(),
    imageUrl: z.string(),
    imageType: productImageType,
    removedAt: instant.nullable(),
  })
  .meta({ id: 'Image' });

export const metadataSchema = z
  .object({ metaKey: z.string(), metaValue: z.json() })
  .meta({ id: 'Metadata', description: 'A key and a JSON value.' });

export const dimensionSchema = z
  .object({
    weightGrams: z.number().int().nonnegative(),
    volumetricWeightGrams: z.number().int().nonnegative().nullable(),
    heightMm: z.number().int().nonnegative().nullable(),
    widthMm: z.number().int().nonnegative().nullable(),
    depthMm: z.number().int().nonnegative().nullable(),
    pouchLetter: z.string().nullable(),
  })
  .meta({ id: 'Dimension' });

export const barcodeSchema = z
  .object({
    id: z.uuid(),
    barcodeValue: z.string(),
    barcodeType: z.string(),
    isActive: z.boolean(),
    removedAt: instant.nullable(),
  })
  .meta({ id: 'Barcode' });

export const variantSchema = z
  .object({
    id: z.uuid(),
    productId: z.uuid(),
    sku: z.string(),
    variantName: z.string(),
    variantDescription: z.string().nullable(),
    basePrice: z.number().int().min(0).max(2147483647).describe('Integer cents AUD'),
    status: productStatus,
    isVisible: z.boolean(),
    dimension: dimensionSchema,
    barcode: barcodeSchema.nullable().describe('The active barcode, if any'),
    images: z.array(imageSchema),
    metadata: z.array(metadataSchema),
  })
  .meta({ id: 'Variant' });

export const productSchema = z
  .object({
    id: z.uuid(),
    productCode: z.string(),
    name: z.string(),
    type: productType,
    status: productStatus,
    isVisible: z.boolean(),
    createdAt: instant,
    updatedAt: instant,
    images: z.array(imageSchema),
    metadata: z.array(metadataSchema),
    variants: z.array(variantSchema),
  })
  .meta({ id: 'Product' });

export const recommendedMealSchema = productSchema
  .extend({
    recommendation: z.object({
      recommendationType,
      allergens: z.array(z.string()).describe('The dog allergens this meal contains'),
      illnesses: z.array(z.string()).describe('The health issues behind the recommendation'),
    }),
  })
  .meta({ id: 'RecommendedMeal' });

/**
 * Which status changes a variant may make (services.md leaves them to us; docs/product-rules.md).
 * Stock comes and goes (active <-> out_of_stock); a range can be wound down (discontinuing, then
 * discontinued) or brought back; archived is final: it is kept only so history still resolves.
 * The product service refuses by it; the back office offers only what it allows.
 */
const allowedStatusChanges: Record<ProductStatus, readonly ProductStatus[]> = {
  active: ['out_of_stock', 'discontinuing', 'discontinued', 'archived'],
  out_of_stock: ['active', 'discontinuing', 'discontinued', 'archived'],
  discontinuing: ['active', 'out_of_stock', 'discontinued', 'archived'],
  discontinued: ['active', 'archived'],
  archived: [],
};

/** The statuses a variant that is `from` may become (its own status not included). */
export const nextStatuses = (from: ProductStatus): readonly ProductStatus[] =>
  allowedStatusChanges[from];

export function canChangeStatus(from: ProductStatus, to: ProductStatus): boolean {
  return from === to || allowedStatusChanges[from].includes(to);
}

export function statusChangeRefusal(from: ProductStatus, to: ProductStatus): string {
  if (from === 'archived') return 'An archived variant cannot change status';
  const options = allowedStatusChanges[from];
  return `A variant that is ${from} cannot become ${to}: it can become ${options.join(', ')}`;
}

export type Product = z.infer<typeof productSchema>;
export type Variant = z.infer<typeof variantSchema>;
export type RecommendedMeal = z.infer<typeof recommendedMealSchema>;

/**
 * The key the product service's revision notifications name the catalogue by (ADR 008): a caller
 * in the same process and database may keep what it built from the catalogue until it is notified.
 */
export const CATALOGUE_REVISION_KEY = 'product.catalogue';

export const productContract = defineContract({
  service: 'product',
  title: 'Product service',
  description:
    'The catalogue: products, variants, dimensions, barcodes, images and metadata, and meal recommendations for a dog.',
  version: '1.0.0',
  endpoints: {
    listProducts: {
      method: 'GET',
      path: '/api/v1/products',
      summary: 'List products, optionally of one type',
      query: z.object({ type: productType.optional() }),
      response: z.array(productSchema),
      errors: [400],
    },
    getVariant: {
      method: 'GET',
      path: '/api/v1/variants/:variantId',
      summary: 'One variant with its dimension, barcode, images and metadata',
      params: z.object({ variantId: uuid('variantId') }),
      response: variantSchema,
      errors: [400, 404],
    },
    updateVariantStatus: {
      method: 'PATCH',
      path: '/api/v1/variants/:variantId/status',
      summary: 'Change a variant status',
      description:
        'Allowed changes are in docs/product-rules.md: an archived variant keeps its status; setting the status it already has changes nothing.',
      params: z.object({ variantId: uuid('variantId') }),
      body: z.object({ status: productStatus }).strict(),
      response: variantSchema,
      errors: [400, 404, 409],
    },
    resetBySeedScript: {
      method: 'POST',
      path: '/api/v1/products/reset-by-seed-script',
      summary: 'Reset the catalogue to the seed catalogue',
      description:
        'Replaces every product, variant, barcode, image and metadata row with the seed catalogue, in one transaction. Seed ids are stable, so references held by other services stay valid.',
      response: z.object({ products: z.number().int(), variants: z.number().int() }),
      errors: [],
    },
    recommendMeals: {
      method: 'POST',
      path: '/api/v1/products/recommend-meals',
      summary: "Every meal with its recommendation for a dog's allergens and health issues",
      body: z
        .object({
          allergens: z
            .array(slug)
            .max(50)
            .default([])
            .describe('Food allergen slugs, e.g. chicken'),
          healthIssues: z
            .array(slug)
            .max(50)
            .default([])
            .describe('Health issue slugs, e.g. pancreatitis'),
        })
        .strict(),
      response: z.array(recommendedMealSchema),
      errors: [400],
    },
    getMealRecommendations: {
      method: 'GET',
      path: '/api/v1/meal-recommendations/:animalId',
      summary:
        "Every meal with its recommendation for a dog, from the dog's allergies and health issues",
      params: z.object({ animalId: uuid('animalId') }),
      query: z.object({
        userId: uuid('userId')
          .optional()
          .describe("The dog's owner: another owner's dog is not found"),
      }),
      response: z.array(recommendedMealSchema),
      errors: [400, 404],
    },
  },
});
