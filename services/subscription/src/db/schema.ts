import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgSchema,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from '@pawfresh/db/pg-core';
import { sql } from '@pawfresh/db/orm';
import { instant, timestamps } from '@pawfresh/db';
import {
  cancelReasonContexts,
  deliverySlots,
  extraTypes,
  feedingPlanStatuses,
  feedingPlanTypes,
  planCategories,
  subscriptionStatuses,
} from '@pawfresh/contracts/subscription';

export const subscriptionDb = pgSchema('subscription');

export const subscriptionStatusEnum = subscriptionDb.enum(
  'subscription_status',
  subscriptionStatuses,
);
export const feedingPlanStatusEnum = subscriptionDb.enum(
  'feeding_plan_status',
  feedingPlanStatuses,
);
export const feedingPlanTypeEnum = subscriptionDb.enum('feeding_plan_type', feedingPlanTypes);
export const extraTypeEnum = subscriptionDb.enum('extra_type', extraTypes);
export const cancelReasonContextEnum = subscriptionDb.enum(
  'cancel_reason_context',
  cancelReasonContexts,
);
export const planCategoryEnum = subscriptionDb.enum('plan_category', planCategories);
export const deliverySlotEnum = subscriptionDb.enum('delivery_slot', deliverySlots);

/** Insertion order, so children list in the order they were added even within one instant. */
const seq = () => bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity();

/** Reference data (a data migration): why people cancel, per context, with child reasons. */
export const cancelReasons = subscriptionDb.table(
  'cancel_reasons',
  {
    id: uuid('id').primaryKey(),
    slug: text('slug').notNull(),
    description: text('description').notNull(),
    displayOrder: integer('display_order'),
    contexts: cancelReasonContextEnum('contexts').array().notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => cancelReasons.id),
  },
  (t) => [
    uniqueIndex('cancel_reasons_slug').on(t.slug),
    index('cancel_reasons_parent').on(t.parentId),
    check('cancel_reasons_description_length', sql`char_length(${t.description}) <= 255`),
  ],
);

/** Reference data (a data migration): the plan catalogue. */
export const plans = subscriptionDb.table(
  'plans',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    category: planCategoryEnum('category').notNull(),
    percentOfCalories: integer('percent_of_calories').notNull(),
    feedingPlanType: feedingPlanTypeEnum('feeding_plan_type').notNull(),
  },
  (t) => [
    uniqueIndex('plans_slug').on(t.slug),
    uniqueIndex('plans_feeding_plan_type').on(t.feedingPlanType),
    check('plans_percent_of_calories', sql`${t.percentOfCalories} between 1 and 100`),
  ],
);

export const subscriptions = subscriptionDb.table(
  'subscriptions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    status: subscriptionStatusEnum('status').notNull(),
    preferredDeliverySlotId: deliverySlotEnum('preferred_delivery_slot_id'),
    cadenceInWeeks: integer('cadence_in_weeks').notNull(),
    feedingPlanTotalPrice: integer('feeding_plan_total_price').notNull().default(0),
    feedingPlanTotalPouches: integer('feeding_plan_total_pouches').notNull().default(0),
    lastProcessedOrderIndex: integer('last_processed_order_index'),
    note: text('note'),
    startAt: instant('start_at'),
    pauseAt: instant('pause_at'),
    resumeAt: instant('resume_at'),
    cancelledAt: instant('cancelled_at'),
    cancelledBy: text('cancelled_by'),
    cancelledByAdmin: boolean('cancelled_by_admin'),
    primaryCancelReasonId: uuid('primary_cancel_reason_id').references(() => cancelReasons.id),
    secondaryCancelReasonId: uuid('secondary_cancel_reason_id').references(() => cancelReasons.id),
    otherCancelReason: text('other_cancel_reason'),
    legacySubscriptionId: text('legacy_subscription_id'),
    migratedAt: instant('migrated_at'),
    /** Set by the remove action: a removed subscription is gone for every caller. */
    removedAt: instant('removed_at'),
    removedBy: text('removed_by'),
    version: integer('version').notNull().default(1),
    createdBy: text('created_by'),
    updatedBy: text('updated_by'),
    ...timestamps(),
  },
  (t) => [
    // One subscription per household (services.md §1); a removed one frees the household.
    uniqueIndex('subscriptions_one_per_household')
      .on(t.userId)
      .where(sql`${t.removedAt} is null`),
    index('subscriptions_status').on(t.status, t.createdAt),
    // The staff home dashboard's cancellations of the last 30 days (db/stats-store.ts).
    index('subscriptions_cancelled_at').on(t.cancelledAt),
    // The pause sweep: paused subscriptions whose resume date has come.
    index('subscriptions_due_resume')
      .on(t.resumeAt)
      .where(sql`${t.status} = 'paused' and ${t.removedAt} is null`),
    check('subscriptions_cadence', sql`${t.cadenceInWeeks} between 1 and 12`),
    check(
      'subscriptions_totals',
      sql`${t.feedingPlanTotalPrice} >= 0 and ${t.feedingPlanTotalPouches} >= 0`,
    ),
    check('subscriptions_version', sql`${t.version} >= 1`),
  ],
);

const subscriptionRef = () =>
  uuid('subscription_id')
    .notNull()
    .references((): AnyPgColumn => subscriptions.id, { onDelete: 'cascade' });

export const feedingPlans = subscriptionDb.table(
  'feeding_plans',
  {
    id: uuid('id').primaryKey(),
    seq: seq(),
    subscriptionId: subscriptionRef(),
    animalId: uuid('animal_id').notNull(),
    status: feedingPlanStatusEnum('status').notNull(),
    type: feedingPlanTypeEnum('type').notNull(),
    startOrderIndex: integer('start_order_index').notNull().default(0),
    servingSize: text('serving_size').notNull(),
    dailyServingSizeGrams: integer('daily_serving_size_grams').notNull(),
    pouchSizeGrams: integer('pouch_size_grams').notNull(),
    pouchesPerDay: integer('pouches_per_day').notNull(),
    totalPouches: integer('total_pouches').notNull(),
    totalPrice: integer('total_price').notNull(),
    dailyPrice: integer('daily_price').notNull(),
    pausedAt: instant('paused_at'),
    version: integer('version').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    // One plan per dog in a household's subscription.
    uniqueIndex('feeding_plans_one_per_dog').on(t.subscriptionId, t.animalId),
    index('feeding_plans_animal').on(t.animalId),
    check('feeding_plans_totals', sql`${t.totalPouches} >= 0 and ${t.totalPrice} >= 0`),
  ],
);

export const feedingPlanSkus = subscriptionDb.table(
  'feeding_plan_skus',
  {
    id: uuid('id').primaryKey(),
    seq: seq(),
    feedingPlanId: uuid('feeding_plan_id')
      .notNull()
      .references(() => feedingPlans.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull(),
    productVariantId: uuid('product_variant_id').notNull(),
    sku: text('sku').notNull(),
    ratio: doublePrecision('ratio').notNull(),
    pouches: integer('pouches').notNull(),
    price: integer('price').notNull(),
  },
  (t) => [
    index('feeding_plan_skus_plan').on(t.feedingPlanId, t.seq),
    check('feeding_plan_skus_ratio', sql`${t.ratio} > 0 and ${t.ratio} <= 1`),
  ],
);

export const extras = subscriptionDb.table(
  'extras',
  {
    id: uuid('id').primaryKey(),
    seq: seq(),
    subscriptionId: subscriptionRef(),
    productVariantId: uuid('product_variant_id').notNull(),
    type: extraTypeEnum('type').notNull(),
    startOrderIndex: integer('start_order_index').notNull(),
    nthOrder: integer('nth_order').notNull(),
    quantity: integer('quantity').notNull(),
    price: integer('price').notNull(),
    cancelledAt: instant('cancelled_at'),
    cancelReasonId: uuid('cancel_reason_id').references(() => cancelReasons.id),
    cancelNotes: text('cancel_notes'),
    cancelledBy: text('cancelled_by'),
    version: integer('version').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    index('extras_subscription').on(t.subscriptionId, t.seq),
    check('extras_cadence', sql`${t.startOrderIndex} >= 0 and ${t.nthOrder} >= 1`),
    check('extras_quantity', sql`${t.quantity} >= 1 and ${t.price} >= 0`),
  ],
);

export const subscriptionDiscounts = subscriptionDb.table(
  'subscription_discounts',
  {
    id: uuid('id').primaryKey(),
    seq: seq(),
    subscriptionId: subscriptionRef(),
    discountId: uuid('discount_id').notNull(),
    orderStartIndex: integer('order_start_index').notNull(),
    orderQuantity: integer('order_quantity'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('subscription_discounts_once').on(t.subscriptionId, t.discountId),
    check(
      'subscription_discounts_range',
      sql`${t.orderStartIndex} >= 0 and (${t.orderQuantity} is null or ${t.orderQuantity} >= 0)`,
    ),
  ],
);

export const schema = {
  cancelReasons,
  plans,
  subscriptions,
  feedingPlans,
  feedingPlanSkus,
  extras,
  subscriptionDiscounts,
};
export type SubscriptionSchema = typeof schema;
