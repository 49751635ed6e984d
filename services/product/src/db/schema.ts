import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from '@pawfresh/db/pg-core';
import { sql } from '@pawfresh/db/orm';
import { timestamps } from '@pawfresh/db';
import { productImageTypes, productStatuses, productTypes } from '@pawfresh/contracts/enums';

export const productDb = pgSchema('product');

export const productTypeEnum = productDb.enum('product_type', productTypes);
export const productStatusEnum = productDb.enum('product_status', productStatuses);
export const imageTypeEnum = productDb.enum('image_type', productImageTypes);

export const products = productDb.table(
  'products',
  {
    id: uuid('id').primaryKey(),
    productCode: text('product_code').notNull().unique(),
    name: text('name').notNull(),
    type: productTypeEnum('type').notNull(),
    status: productStatusEnum('status').notNull(),
    isVisible: boolean('is_visible').notNull(),
    ...timestamps(),
  },
  (t) => [index('products_type_idx').on(t.type)],
);

export const variants = productDb.table(
  'variants',
  {
    id: uuid('id').primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull().unique(),
    variantName: text('variant_name').notNull(),
    variantDescription: text('variant_description'),
    basePrice: integer('base_price').notNull(),
    status: productStatusEnum('status').notNull(),
    isVisible: boolean('is_visible').notNull(),
    weightGrams: integer('weight_grams').notNull(),
    volumetricWeightGrams: integer('volumetric_weight_grams'),
    heightMm: integer('height_mm'),
    widthMm: integer('width_mm'),
    depthMm: integer('depth_mm'),
    pouchLetter: text('pouch_letter'),
    sortIndex: integer('sort_index').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('variants_product_id_idx').on(t.productId),
    check('variants_base_price_non_negative', sql`${t.basePrice} >= 0`),
    check('variants_weight_non_negative', sql`${t.weightGrams} >= 0`),
  ],
);

export const barcodes = productDb.table(
  'barcodes',
  {
    id: uuid('id').primaryKey(),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    barcodeValue: text('barcode_value').notNull(),
    barcodeType: text('barcode_type').notNull(),
    isActive: boolean('is_active').notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('barcodes_variant_id_idx').on(t.variantId),
    // A barcode in use identifies one variant; removed ones stay for history.
    uniqueIndex('barcodes_value_in_use_idx')
      .on(t.barcodeValue)
      .where(sql`${t.removedAt} is null`),
  ],
);

export const images = productDb.table(
  'images',
  {
    id: uuid('id').primaryKey(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').references(() => variants.id, { onDelete: 'cascade' }),
    imageUrl: text('image_url').notNull(),
    imageType: imageTypeEnum('image_type').notNull(),
    sortIndex: integer('sort_index').notNull().default(0),
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('images_product_id_idx').on(t.productId),
    index('images_variant_id_idx').on(t.variantId),
    check('images_owner', sql`(${t.productId} is null) <> (${t.variantId} is null)`),
  ],
);

export const productMetadata = productDb.table(
  'product_metadata',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    metaKey: text('meta_key').notNull(),
    metaValue: jsonb('meta_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.metaKey] })],
);

export const variantMetadata = productDb.table(
  'variant_metadata',
  {
    variantId: uuid('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    metaKey: text('meta_key').notNull(),
    metaValue: jsonb('meta_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.variantId, t.metaKey] })],
);

/**
 * One row: bumped in the same transaction as every catalogue write, so readers can tell in one
 * tiny query whether what they cached is still the catalogue. `epoch` tells databases apart.
 */
export const catalogueRevision = productDb.table(
  'catalogue_revision',
  {
    id: smallint('id').primaryKey().default(1),
    epoch: uuid('epoch').notNull().defaultRandom(),
    revision: bigint('revision', { mode: 'number' }).notNull().default(0),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [check('catalogue_revision_single_row', sql`${t.id} = 1`)],
);

export const schema = {
  catalogueRevision,
  products,
  variants,
  barcodes,
  images,
  productMetadata,
  variantMetadata,
};
export type ProductSchema = typeof schema;
