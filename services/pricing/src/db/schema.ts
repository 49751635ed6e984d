import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgSchema,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from '@pawfresh/db/pg-core';
import { sql } from '@pawfresh/db/orm';
import { timestamps } from '@pawfresh/db';
import { productTypes } from '@pawfresh/contracts/enums';
import {
  applicationTypes,
  discountIntervals,
  filterTypes,
  promotionTypes,
  usageContexts,
  usageTypes,
} from '@pawfresh/contracts/pricing';

export const pricingDb = pgSchema('pricing');

export const discountIntervalEnum = pricingDb.enum('discount_interval', discountIntervals);
export const applicationTypeEnum = pricingDb.enum('application_type', applicationTypes);
export const filterTypeEnum = pricingDb.enum('filter_type', filterTypes);
export const productTypeEnum = pricingDb.enum('product_type', productTypes);
export const promotionTypeEnum = pricingDb.enum('promotion_type', promotionTypes);
export const usageTypeEnum = pricingDb.enum('usage_type', usageTypes);
export const usageContextEnum = pricingDb.enum('usage_context', usageContexts);

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const discountCategories = pricingDb.table(
  'discount_categories',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    createdBy: text('created_by').notNull(),
    updatedBy: text('updated_by'),
    deletedBy: text('deleted_by'),
    ...timestamps(),
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    // One live category per name, whatever its case; a deleted one frees the name.
    uniqueIndex('discount_categories_live_name')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const discounts = pricingDb.table(
  'discounts',
  {
    id: uuid('id').primaryKey(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => discountCategories.id),
    name: text('name').notNull(),
    description: text('description'),
    interval: discountIntervalEnum('interval').notNull(),
    currencyCode: text('currency_code').notNull().default('AUD'),
    /** Schedules never change after creation, so this is worked out once (list filter). */
    multipleOrder: boolean('multiple_order').notNull(),
    createdBy: text('created_by').notNull(),
    updatedBy: text('updated_by'),
    deletedBy: text('deleted_by'),
    ...timestamps(),
    disabledAt: instant('disabled_at'),
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    index('discounts_category_idx').on(t.categoryId),
    check('discounts_currency_aud', sql`${t.currencyCode} = 'AUD'`),
    check('discounts_description_length', sql`char_length(${t.description}) <= 800`),
  ],
);

export const discountSchedules = pricingDb.table(
  'discount_schedules',
  {
    id: uuid('id').primaryKey(),
    discountId: uuid('discount_id')
      .notNull()
      .references(() => discounts.id),
    orderPosition: integer('order_position').notNull(),
    recurring: boolean('recurring').notNull(),
  },
  (t) => [
    uniqueIndex('discount_schedules_position').on(t.discountId, t.orderPosition),
    check('discount_schedules_position_zero_indexed', sql`${t.orderPosition} >= 0`),
  ],
);

export const discountApplications = pricingDb.table(
  'discount_schedule_applications',
  {
    id: uuid('id').primaryKey(),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => discountSchedules.id),
    /** The order applications are tried in (the order they were given). */
    position: integer('position').notNull(),
    type: applicationTypeEnum('type').notNull(),
    value: integer('value').notNull(),
  },
  (t) => [
    index('discount_applications_schedule_idx').on(t.scheduleId),
    check(
      'discount_applications_value',
      sql`${t.value} >= 1 and (${t.type} <> 'percentage' or ${t.value} <= 100)`,
    ),
  ],
);

export const discountFilters = pricingDb.table(
  'discount_application_filters',
  {
    id: uuid('id').primaryKey(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => discountApplications.id),
    position: integer('position').notNull(),
    type: filterTypeEnum('type').notNull(),
    productId: uuid('product_id'),
    productVariantId: uuid('product_variant_id'),
    productType: productTypeEnum('product_type'),
    quantity: integer('quantity'),
  },
  (t) => [
    index('discount_filters_application_idx').on(t.applicationId),
    check('discount_filters_quantity', sql`${t.quantity} is null or ${t.quantity} >= 1`),
  ],
);

export const promotions = pricingDb.table(
  'promotions',
  {
    id: uuid('id').primaryKey(),
    discountId: uuid('discount_id').references(() => discounts.id),
    referrerUserId: uuid('referrer_user_id'),
    type: promotionTypeEnum('type').notNull(),
    /** The code, as staff typed it; matched without regard to case. */
    value: text('value').notNull(),
    maxUses: integer('max_uses'),
    createdBy: text('created_by').notNull(),
    updatedBy: text('updated_by'),
    deletedBy: text('deleted_by'),
    timezone: text('timezone').notNull(),
    activeAt: instant('active_at'),
    expireAt: instant('expire_at'),
    disabledAt: instant('disabled_at'),
    ...timestamps(),
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    uniqueIndex('promotions_live_code')
      .on(sql`lower(${t.value})`)
      .where(sql`${t.deletedAt} is null`),
    index('promotions_discount_idx').on(t.discountId),
    check('promotions_max_uses', sql`${t.maxUses} is null or ${t.maxUses} >= 1`),
    check('promotions_code_length', sql`char_length(${t.value}) between 1 and 250`),
  ],
);

export const promotionUsers = pricingDb.table(
  'promotion_users',
  {
    id: uuid('id').primaryKey(),
    promotionId: uuid('promotion_id')
      .notNull()
      .references(() => promotions.id),
    discountId: uuid('discount_id'),
    type: usageTypeEnum('type').notNull(),
    userId: uuid('user_id').notNull(),
    context: usageContextEnum('context'),
    /** Whether it counts towards the promotion's maxUses (rules/promotion-rules.ts). */
    countsAsUse: boolean('counts_as_use').notNull(),
    appliedAt: instant('applied_at').notNull(),
    ...timestamps(),
    /** Set when the use is taken back (a checkout that did not complete): no use, not listed. */
    revokedAt: instant('revoked_at'),
    revokedBy: text('revoked_by'),
  },
  (t) => [
    // A customer uses a promotion once in each way (a second checkout with the same code is
    // refused); a revoked use no longer counts, so the customer may use the code again.
    // Two partial indexes, as a null context is a way of its own.
    uniqueIndex('promotion_users_once')
      .on(t.promotionId, t.userId, t.type, t.context)
      .where(sql`${t.revokedAt} is null and ${t.context} is not null`),
    uniqueIndex('promotion_users_once_no_context')
      .on(t.promotionId, t.userId, t.type)
      .where(sql`${t.revokedAt} is null and ${t.context} is null`),
  ],
);

/**
 * One row, bumped in the transaction of every discount or category write, so a process that keeps
 * discounts in memory for get-price knows with one tiny read whether they are still current
 * (ADR 004 does the same for the catalogue).
 */
export const discountRevision = pricingDb.table('discount_revision', {
  id: integer('id').primaryKey(),
  revision: bigint('revision', { mode: 'number' }).notNull(),
});

export const schema = {
  discountRevision,
  discountCategories,
  discounts,
  discountSchedules,
  discountApplications,
  discountFilters,
  promotions,
  promotionUsers,
};
export type PricingSchema = typeof schema;
