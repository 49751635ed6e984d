import { z } from 'zod';
import { instantPeriodQuery } from './stats.js';
import { defineContract } from './define.js';
import {
  australianTimeZone,
  calendarDate,
  cents,
  instant,
  MAX_CENTS,
  paginated,
  queryBoolean,
  uuid,
} from './fields.js';

// ---------------------------------------------------------------------------------------------
// Enumerations (services.md §4, §9)
// ---------------------------------------------------------------------------------------------

export const subscriptionStatuses = ['draft', 'active', 'paused', 'cancelled'] as const;
/** Creation only allows these (services.md §4). */
export const creatableSubscriptionStatuses = ['draft', 'active'] as const;
export const feedingPlanStatuses = ['active', 'paused', 'ineligible'] as const;
export const feedingPlanTypes = ['full_bowl', 'half_bowl', 'starter_box', 'trial_box'] as const;
export const extraTypes = ['supplement', 'treat', 'bundle', 'misc'] as const;
export const cancelReasonContexts = ['subscription', 'treat', 'supplement'] as const;
export const planCategories = ['bundle', 'feeding_plan'] as const;
export const deliverySlots = ['AM', 'PM'] as const;

/** services.md §9: the allowed daily serving sizes (letter + daily grams, docs/serving-sizes.md). */
export const servingSizeCodes = [
  'v0100', 'f0125', 'f0150', 'v0175', 'f0200', 'v0225', 'f0250', 'v0275', 'f0300', 'v0325',
  'v0350', 'v0375', 'f0400', 'v0425', 'v0450', 'v0475', 'f0500', 'v0525', 'v0550', 'v0575',
  'f0600', 'v0625', 'v0650', 'f0700', 'v0725', 'v0750', 'v0775', 'd0800', 'v0825', 'v0850',
  'v0875', 'v0900', 'v0950', 'd1000', 'v1100', 'v1150', 'd1200', 'v1300', 'd1400', 'q1600',
  'v1650', 't1800',
] as const; // prettier-ignore

/** The serving size of so many daily grams (each size has its own grams), if it is one. */
export const servingSizeCodeOf = (grams: number) =>
  servingSizeCodes.find((code) => Number(code.slice(1)) === grams);

export const subscriptionStatus = z.enum(subscriptionStatuses);
export const feedingPlanStatus = z.enum(feedingPlanStatuses);
export const feedingPlanType = z.enum(feedingPlanTypes);
export const extraType = z.enum(extraTypes);
export const cancelReasonContext = z.enum(cancelReasonContexts);
export const planCategory = z.enum(planCategories);
export const deliverySlot = z.enum(deliverySlots);
export const servingSizeCode = z.enum(servingSizeCodes);

export type SubscriptionStatus = z.infer<typeof subscriptionStatus>;
export type FeedingPlanStatus = z.infer<typeof feedingPlanStatus>;
export type FeedingPlanType = z.infer<typeof feedingPlanType>;
export type ExtraType = z.infer<typeof extraType>;
export type CancelReasonContext = z.infer<typeof cancelReasonContext>;
export type PlanCategory = z.infer<typeof planCategory>;
export type ServingSizeCode = z.infer<typeof servingSizeCode>;

// ---------------------------------------------------------------------------------------------
// Shared field rules
// ---------------------------------------------------------------------------------------------

const orderIndex = (name: string) =>
  z
    .number({ error: `${name} must be a whole number of at least 0 (0 is the first order)` })
    .int({ error: `${name} must be a whole number of at least 0 (0 is the first order)` })
    .min(0, { error: `${name} must be a whole number of at least 0 (0 is the first order)` })
    .max(10_000);

/** Who did it (a staff user's id or e-mail, or `customer:<id>`), recorded on writes (§6). */
const actor = (field: string) =>
  z
    .string({ error: `${field} is required: say who made the change` })
    .trim()
    .min(1, { error: `${field} is required: say who made the change` })
    .max(100, { error: `${field} must be 100 characters or less` });

const version = z
  .number({ error: 'version is required: send the version you last read' })
  .int({ error: 'version must be a whole number' })
  .min(1, { error: 'version must be a whole number of at least 1' })
  .max(MAX_CENTS);

export const cadenceInWeeks = z
  .number({ error: 'cadenceInWeeks must be a whole number of weeks from 1 to 12' })
  .int({ error: 'cadenceInWeeks must be a whole number of weeks from 1 to 12' })
  .min(1, { error: 'cadenceInWeeks must be a whole number of weeks from 1 to 12' })
  .max(12, { error: 'cadenceInWeeks must be a whole number of weeks from 1 to 12' });

/** services.md §5 "Both 'id' and 'version' must be required together for ...". */
function idAndVersionTogether(
  items: readonly { id?: string | undefined; version?: number | undefined }[] | undefined,
  field: string,
  ctx: z.RefinementCtx,
) {
  items?.forEach((item, i) => {
    if ((item.id === undefined) !== (item.version === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [field, i, item.id === undefined ? 'id' : 'version'],
        message: `Both 'id' and 'version' must be required together for ${field}[${i}]`,
      });
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Feeding plans, extras, discounts: what callers send
// ---------------------------------------------------------------------------------------------

export const feedingPlanSkuInput = z
  .object({
    productVariantId: uuid('productVariantId').describe(
      'Any pouch variant of the meal; the plan uses the pouch that fits its serving size',
    ),
    ratio: z
      .number({ error: 'ratio must be a number greater than 0 and at most 1' })
      .gt(0, { error: 'ratio must be a number greater than 0 and at most 1' })
      .max(1, { error: 'ratio must be a number greater than 0 and at most 1' })
      .describe("This meal's share of the plan's pouches; a plan's ratios add up to 1"),
  })
  .strict();

const servingSizeGrams = z
  .number({ error: 'currentDailyServingSizeInGrams must be a positive whole number of grams' })
  .int({ error: 'currentDailyServingSizeInGrams must be a positive whole number of grams' })
  .positive({ error: 'currentDailyServingSizeInGrams must be a positive whole number of grams' })
  .max(100_000)
  .describe('Daily grams: one of the allowed serving sizes (services.md §9)');

const skusInput = z
  .array(feedingPlanSkuInput, { error: 'skus must be a list of meals with their ratios' })
  .min(1, { error: 'A feeding plan needs at least 1 sku' })
  .max(7, { error: 'A feeding plan has at most 7 meals' });

export const newFeedingPlanInput = z
  .object({
    animalId: uuid('animalId'),
    type: feedingPlanType,
    status: z.enum(['active', 'paused']).default('active'),
    startOrderIndex: orderIndex('startOrderIndex').default(0),
    currentDailyServingSizeInGrams: servingSizeGrams,
    skus: skusInput,
  })
  .strict();

export const feedingPlanPatchInput = z
  .object({
    id: uuid('id').optional(),
    version: version.optional(),
    animalId: uuid('animalId').optional(),
    type: feedingPlanType.optional(),
    startOrderIndex: orderIndex('startOrderIndex').optional(),
    currentDailyServingSizeInGrams: servingSizeGrams.optional(),
    skus: skusInput.optional(),
    isEligible: z
      .boolean()
      .optional()
      .describe('false makes the plan ineligible (no longer fed); true makes it active again'),
  })
  .strict();

const nthOrder = z
  .number({ error: 'nthOrder must be a whole number of at least 1 (1 is every order)' })
  .int({ error: 'nthOrder must be a whole number of at least 1 (1 is every order)' })
  .min(1, { error: 'nthOrder must be a whole number of at least 1 (1 is every order)' })
  .max(52);
const extraQuantity = z
  .number({ error: 'quantity must be a whole number from 1 to 50' })
  .int({ error: 'quantity must be a whole number from 1 to 50' })
  .min(1, { error: 'quantity must be a whole number from 1 to 50' })
  .max(50, { error: 'quantity must be a whole number from 1 to 50' });

export const newExtraInput = z
  .object({
    productVariantId: uuid('productVariantId'),
    type: extraType,
    startOrderIndex: orderIndex('startOrderIndex').default(0),
    nthOrder: nthOrder.default(1),
    quantity: extraQuantity.default(1),
    price: cents.optional().describe("Cents per unit; the variant's price when left out"),
  })
  .strict();

export const extraPatchInput = z
  .object({
    id: uuid('id').optional(),
    version: version.optional(),
    productVariantId: uuid('productVariantId').optional(),
    type: extraType.optional(),
    startOrderIndex: orderIndex('startOrderIndex').optional(),
    nthOrder: nthOrder.optional(),
    quantity: extraQuantity.optional(),
    price: cents.optional(),
  })
  .strict();

export const subscriptionDiscountInput = z
  .object({
    discountId: uuid('discountId'),
    orderStartIndex: orderIndex('orderStartIndex').default(0),
    orderQuantity: z
      .number({
        error: 'orderQuantity must be a whole number of at least 0, or null for every order',
      })
      .int({ error: 'orderQuantity must be a whole number of at least 0, or null for every order' })
      .min(0, {
        error: 'orderQuantity must be a whole number of at least 0, or null for every order',
      })
      .max(10_000)
      .nullable()
      .default(null)
      .describe('How many orders from orderStartIndex get it; null: every order'),
  })
  .strict();

const note = z.string().trim().max(1000, { error: 'note must be 1000 characters or less' });

export const createSubscriptionInput = z
  .object({
    userId: uuid('userId'),
    status: z
      .enum(creatableSubscriptionStatuses, {
        error: 'A subscription can only be created as draft or active',
      })
      .default('draft'),
    cadenceInWeeks: cadenceInWeeks.default(2),
    preferredDeliverySlotId: deliverySlot.nullish(),
    note: note.nullish(),
    startAt: instant.nullish(),
    createdBy: actor('createdBy').optional(),
    feedingPlans: z.array(newFeedingPlanInput).max(10).default([]),
    extras: z.array(newExtraInput).max(50).default([]),
    discounts: z.array(subscriptionDiscountInput).max(10).default([]),
  })
  .strict();
export type CreateSubscriptionInput = z.output<typeof createSubscriptionInput>;

export const updateSubscriptionInput = z
  .object({
    version,
    status: subscriptionStatus
      .optional()
      .describe(
        'Only draft → active here; pause, resume, cancel and reactivate have their own calls',
      ),
    cadenceInWeeks: cadenceInWeeks.optional(),
    preferredDeliverySlotId: deliverySlot.nullish(),
    note: note.nullish(),
    startAt: instant.nullish(),
    lastProcessedOrderIndex: orderIndex('lastProcessedOrderIndex').optional(),
    updatedBy: actor('updatedBy').optional(),
    feedingPlans: z.array(feedingPlanPatchInput).max(10).optional(),
    extras: z.array(extraPatchInput).max(50).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    idAndVersionTogether(body.feedingPlans, 'feedingPlans', ctx);
    idAndVersionTogether(body.extras, 'extras', ctx);
  });
export type UpdateSubscriptionInput = z.output<typeof updateSubscriptionInput>;

const optionalVersion = version
  .optional()
  .describe('When sent, the change is refused (409) if the subscription has moved on');

// ---------------------------------------------------------------------------------------------
// What the service answers
// ---------------------------------------------------------------------------------------------

export const feedingPlanSkuSchema = z
  .object({
    productVariantId: z.uuid(),
    productId: z.uuid(),
    sku: z.string(),
    ratio: z.number(),
    pouches: z.number().int().min(0).describe('Pouches of this meal per order'),
    price: z.number().int().min(0).describe('Cents per pouch'),
  })
  .meta({ id: 'FeedingPlanSku' });

export const feedingPlanSchema = z
  .object({
    id: z.uuid(),
    version: z.number().int(),
    status: feedingPlanStatus,
    isEligible: z.boolean(),
    startOrderIndex: z.number().int(),
    type: feedingPlanType,
    animalId: z.uuid(),
    servingSize: servingSizeCode,
    currentDailyServingSizeInGrams: z.number().int(),
    currentPouchSizeInGrams: z.number().int(),
    pouchesPerDay: z.number().int(),
    totalPouches: z.number().int().describe('Pouches per order (cadence × 7 × pouchesPerDay)'),
    totalPrice: z.number().int().describe('Cents per order, before discounts'),
    dailyPrice: z.number().int().describe('Cents a day'),
    skus: z.array(feedingPlanSkuSchema),
    pausedAt: instant.nullable(),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'FeedingPlan' });
export type FeedingPlan = z.infer<typeof feedingPlanSchema>;

export const extraSchema = z
  .object({
    id: z.uuid(),
    version: z.number().int(),
    productVariantId: z.uuid(),
    type: extraType,
    startOrderIndex: z.number().int(),
    nthOrder: z.number().int(),
    quantity: z.number().int(),
    price: z.number().int().describe('Cents per unit'),
    cancelledAt: instant.nullable(),
    cancelReasonId: z.uuid().nullable(),
    cancelNotes: z.string().nullable(),
    cancelledBy: z.string().nullable(),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'SubscriptionExtra' });
export type Extra = z.infer<typeof extraSchema>;

export const subscriptionDiscountSchema = z
  .object({
    id: z.uuid(),
    discountId: z.uuid(),
    orderStartIndex: z.number().int(),
    orderQuantity: z.number().int().nullable(),
    createdAt: instant,
  })
  .meta({ id: 'SubscriptionDiscount' });

export const cancellationReasonSchema = z
  .object({
    cancelReasonId: z.uuid(),
    slug: z.string(),
    description: z.string(),
    isPrimary: z.boolean(),
  })
  .meta({ id: 'CancellationReason' });

export const subscriptionSchema = z
  .object({
    id: z.uuid(),
    status: subscriptionStatus,
    userId: z.uuid(),
    preferredDeliverySlotId: deliverySlot.nullable(),
    cadenceInWeeks: z.number().int(),
    feedingPlanTotalPrice: z.number().int().describe('Cents per order for the active plans'),
    feedingPlanTotalPouches: z.number().int().describe('Pouches per order for the active plans'),
    lastProcessedOrderIndex: z.number().int().nullable(),
    note: z.string().nullable(),
    startAt: instant.nullable(),
    pauseAt: instant.nullable().describe('When it was paused'),
    resumeAt: instant.nullable().describe('When a pause ends by itself'),
    cancelledAt: instant.nullable(),
    cancelledBy: z.string().nullable(),
    cancelledByAdmin: z.boolean().nullable(),
    cancellationReasons: z.array(cancellationReasonSchema),
    otherCancelReason: z.string().nullable(),
    extras: z.array(extraSchema),
    feedingPlans: z.array(feedingPlanSchema),
    discounts: z.array(subscriptionDiscountSchema),
    legacySubscriptionId: z.string().nullable(),
    migratedAt: instant.nullable(),
    version: z.number().int(),
    createdBy: z.string().nullable(),
    updatedBy: z.string().nullable(),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionPageSchema = paginated(subscriptionSchema, 'SubscriptionPage');
export type SubscriptionPage = z.infer<typeof subscriptionPageSchema>;

// ---------------------------------------------------------------------------------------------
// Cancel reasons and the plan catalogue
// ---------------------------------------------------------------------------------------------

/**
 * An active subscription with only what order generation needs (its active feeding plans with
 * their meals, its extras still running, its discounts): the bulk generation's page.
 */
export const generationSubscriptionSchema = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    cadenceInWeeks: z.number().int(),
    preferredDeliverySlotId: deliverySlot.nullable(),
    feedingPlans: z.array(
      z.object({
        animalId: z.uuid(),
        type: feedingPlanType,
        status: feedingPlanStatus,
        startOrderIndex: z.number().int(),
        skus: z.array(
          z.object({
            productId: z.uuid(),
            productVariantId: z.uuid(),
            sku: z.string(),
            pouches: z.number().int(),
            price: z.number().int(),
          }),
        ),
      }),
    ),
    extras: z.array(
      z.object({
        id: z.uuid(),
        productVariantId: z.uuid(),
        startOrderIndex: z.number().int(),
        nthOrder: z.number().int(),
        quantity: z.number().int(),
        price: z.number().int(),
      }),
    ),
    discounts: z.array(
      z.object({
        id: z.uuid(),
        discountId: z.uuid(),
        orderStartIndex: z.number().int(),
        orderQuantity: z.number().int().nullable(),
      }),
    ),
  })
  .meta({ id: 'GenerationSubscription' });
export type GenerationSubscription = z.infer<typeof generationSubscriptionSchema>;

/** Most active subscriptions one generation page holds. */
export const GENERATION_PAGE_LIMIT = 1000;

/**
 * A batch of active subscriptions for order generation: those with ids after `after` (exclusive;
 * null: from the first) up to `through` (inclusive), `count` of them when listed.
 */
export const generationBatchSchema = z
  .object({ after: z.uuid().nullable(), through: z.uuid(), count: z.number().int() })
  .meta({ id: 'GenerationBatch' });
export type GenerationBatch = z.infer<typeof generationBatchSchema>;

/** Most subscription ids one owners lookup takes (a bulk order creation's orders: 2000). */
export const MAX_SUBSCRIPTION_LOOKUP = 2000;

/** Who a subscription belongs to: what a service checks before it refers to one by id. */
export const subscriptionOwnerSchema = z
  .object({ id: z.uuid(), userId: z.uuid(), status: subscriptionStatus })
  .meta({ id: 'SubscriptionOwner' });
export type SubscriptionOwner = z.infer<typeof subscriptionOwnerSchema>;

const cancelReasonFields = {
  id: z.uuid(),
  description: z.string().max(255),
  slug: z.string(),
  displayOrder: z.number().int().nullable(),
  contexts: z.array(cancelReasonContext),
};
export const cancelReasonSchema = z
  .object({
    ...cancelReasonFields,
    childReasons: z.array(z.object(cancelReasonFields).meta({ id: 'ChildCancelReason' })),
  })
  .meta({ id: 'CancelReason' });
export type CancelReason = z.infer<typeof cancelReasonSchema>;

export const planSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    slug: z.string(),
    category: planCategory,
    percentOfCalories: z.number().int().min(1).max(100),
    feedingPlanType: feedingPlanType,
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof planSchema>;

const positive = (message: string) =>
  z.number({ error: message }).positive({ error: message }).max(1_000_000, { error: message });

/**
 * The daily energy a plan may be sized for (docs/energy.md "Bounds of a plan's energy"): from a
 * 1 kg chilled, chunky adult (50 kcal) to a 90 kg entire, very active giant or a giant puppy
 * (about 4,500 kcal), rounded out. Anything beyond is a typo or a unit mix-up, not a dog.
 */
export const MIN_PLAN_ENERGY_KCAL = 50;
export const MAX_PLAN_ENERGY_KCAL = 5000;
export const PLAN_ENERGY_MESSAGE = `energy must be from ${MIN_PLAN_ENERGY_KCAL} to ${MAX_PLAN_ENERGY_KCAL} kilocalories a day: the dog’s daily need (its dailyEnergyKilocalories), e.g. 558 for an 8.5 kg adult`;
const planEnergy = z
  .number({ error: 'energy must be a positive number of kilocalories a day' })
  .positive({ error: 'energy must be a positive number of kilocalories a day' })
  .min(MIN_PLAN_ENERGY_KCAL, { error: PLAN_ENERGY_MESSAGE })
  .max(MAX_PLAN_ENERGY_KCAL, { error: PLAN_ENERGY_MESSAGE });

export const generatePlansInput = z
  .object({
    cadenceInWeeks: cadenceInWeeks.default(2),
    dogs: z
      .array(
        z
          .object({
            animalId: uuid('animalId'),
            energy: planEnergy.describe(
              `The dog's daily energy need (kcal, ${MIN_PLAN_ENERGY_KCAL}–${MAX_PLAN_ENERGY_KCAL}), e.g. the dog's dailyEnergyKilocalories`,
            ),
            planType: feedingPlanType.default('full_bowl'),
            meals: z
              .array(
                z
                  .object({
                    productId: uuid('productId').describe('A meal product'),
                    weight: positive('Meal weight must be a positive number').describe(
                      "The meal's relative share of the bowl (1 and 1: half each)",
                    ),
                  })
                  .strict(),
              )
              .min(1, { error: 'Choose at least 1 meal' })
              .max(7),
            servingSize: positive('servingSize must be a positive number of grams')
              .optional()
              .describe(
                'Daily grams to use instead of the energy-based size (snapped to the allowed sizes)',
              ),
          })
          .strict(),
      )
      .min(1, { error: 'Send at least 1 dog' })
      .max(10),
  })
  .strict();
export type GeneratePlansInput = z.output<typeof generatePlansInput>;

export const generatedFeedingPlanSchema = z
  .object({
    animalId: z.uuid(),
    type: feedingPlanType,
    planId: z.uuid(),
    percentOfCalories: z.number().int(),
    dailyEnergyKilocalories: z.number().describe('The share of the energy need this plan covers'),
    servingSize: servingSizeCode,
    currentDailyServingSizeInGrams: z.number().int(),
    currentPouchSizeInGrams: z.number().int(),
    pouchesPerDay: z.number().int(),
    totalPouches: z.number().int(),
    totalPrice: z.number().int(),
    dailyPrice: z.number().int(),
    pricePerPouch: z.number().int().nullable(),
    skus: z.array(feedingPlanSkuSchema),
  })
  .meta({ id: 'GeneratedFeedingPlan' });
export type GeneratedFeedingPlan = z.infer<typeof generatedFeedingPlanSchema>;

export const generateRecommendationsInput = z
  .object({
    animalId: uuid('animalId'),
    userId: uuid('userId').optional().describe("When sent, the dog must be this user's"),
    cadenceInWeeks: cadenceInWeeks.default(2),
    planTypes: z.array(feedingPlanType).min(1).max(4).default(['full_bowl', 'half_bowl']),
  })
  .strict();

export const planRecommendationsSchema = z
  .object({
    animalId: z.uuid(),
    dailyEnergyKilocalories: z.number(),
    recommendations: z.array(
      z.object({
        plan: planSchema,
        feedingPlan: generatedFeedingPlanSchema,
      }),
    ),
  })
  .meta({ id: 'PlanRecommendations' });

// ---------------------------------------------------------------------------------------------
// The contract (services.md §7 "Subscriptions", "Cancel reasons and plans")
// ---------------------------------------------------------------------------------------------

const idParams = z.object({ id: uuid('id') });
const listFlags = {
  includeIneligiblePlans: queryBoolean.default(false),
  includeRemovedExtras: queryBoolean.default(false),
};
const actionBody = z
  .object({ version: optionalVersion, updatedBy: actor('updatedBy').optional() })
  .strict()
  .nullish();

export const subscriptionContract = defineContract({
  service: 'subscription',
  title: 'Subscription service',
  description:
    "Each household's subscription: its dogs' feeding plans, extras and discounts, every status change (docs/subscriptions.md), the cancel reasons and the plan catalogue, and feeding-plan generation from a dog's energy needs.",
  version: '1.0.0',
  endpoints: {
    subscriptionStats: {
      method: 'GET',
      path: '/subscriptions/stats',
      summary:
        'Active subscriptions now, and the cancellations of a period by their primary reason',
      query: instantPeriodQuery,
      response: z.object({
        active: z.number().int(),
        cancellationsByReason: z.array(
          z.object({
            cancelReasonId: z.uuid().nullable().describe('null: cancelled without a reason'),
            description: z.string().nullable(),
            count: z.number().int(),
          }),
        ),
      }),
      errors: [400],
    },
    listSubscriptions: {
      method: 'GET',
      path: '/subscriptions',
      summary: "Subscriptions, newest first; a household's with userId",
      query: z.object({
        userId: uuid('userId').optional(),
        ...listFlags,
        offset: z.coerce.number().int().min(0).default(0),
        limit: z.coerce.number().int().min(0).max(100).default(100),
      }),
      response: subscriptionPageSchema,
      errors: [400],
    },
    resumeDueSubscriptions: {
      method: 'POST',
      path: '/subscriptions/resume-due',
      summary: 'Resume every paused subscription whose resume date has come (the pause sweep)',
      description:
        'The service also does this every minute and before each read; order generation calls it first so no subscription due back misses its orders.',
      response: z.object({ resumed: z.number().int().describe('Subscriptions resumed now') }),
      errors: [400],
    },
    searchSubscriptions: {
      method: 'GET',
      path: '/subscriptions/search',
      summary: 'Subscriptions feeding a dog, or in a status',
      query: z
        .object({
          animalId: uuid('animalId').optional(),
          status: subscriptionStatus.optional(),
          ...listFlags,
          offset: z.coerce.number().int().min(0).default(0),
          limit: z.coerce.number().int().min(0).max(100).default(100),
        })
        .refine((q) => q.animalId !== undefined || q.status !== undefined, {
          message: 'Search by animalId, status or both',
        }),
      response: subscriptionPageSchema,
      errors: [400],
    },
    listGenerationSubscriptions: {
      method: 'GET',
      path: '/subscriptions/generation',
      summary: 'Active subscriptions by id, with only what order generation needs (keyset pages)',
      description:
        'Ascending by id after `after` (exclusive) and up to `through` (inclusive), at most `limit`; `next` is the id to ask `after` for the next page (null: none left). Only active feeding plans and running extras.',
      query: z
        .object({
          after: uuid('after').optional(),
          through: uuid('through').optional(),
          limit: z.coerce.number().int().min(1).max(GENERATION_PAGE_LIMIT).default(500),
        })
        .strict(),
      response: z.object({
        items: z.array(generationSubscriptionSchema),
        next: z.uuid().nullable(),
      }),
      errors: [400],
    },
    listGenerationBatches: {
      method: 'GET',
      path: '/subscriptions/generation/batches',
      summary: 'The active subscriptions cut into batches of `size` by id (order generation)',
      description:
        'Every active subscription once, ascending by id, in batches of `size` (the last may be smaller): each batch the bounds to ask GET /subscriptions/generation for (`after`, `through`) and how many it held. One query, without the subscriptions themselves.',
      query: z.object({ size: z.coerce.number().int().min(1).max(GENERATION_PAGE_LIMIT) }).strict(),
      response: z.object({ batches: z.array(generationBatchSchema) }),
      errors: [400],
    },
    lookupSubscriptionOwners: {
      method: 'POST',
      path: '/subscriptions/lookup',
      summary: 'Who several subscriptions belong to, by id at once (the order service checks them)',
      description:
        'A removed subscription, or an id no subscription has, is listed in `missingIds`. One call for a whole bulk order creation.',
      body: z
        .object({
          ids: z
            .array(uuid('ids[]'), { error: 'ids must be a list of subscription ids' })
            .min(1, { error: 'Send at least 1 subscription id' })
            .max(MAX_SUBSCRIPTION_LOOKUP, {
              error: `Send at most ${MAX_SUBSCRIPTION_LOOKUP} subscription ids at once`,
            }),
        })
        .strict(),
      response: z.object({
        items: z.array(subscriptionOwnerSchema).describe('Each subscription found, once'),
        missingIds: z.array(z.uuid()).describe('Ids no live subscription has'),
      }),
      errors: [400],
    },
    createSubscription: {
      method: 'POST',
      path: '/subscriptions',
      summary: "Start a household's subscription (draft or active)",
      description:
        'One subscription per household: a second is refused (409) until the first is removed. Feeding-plan totals are priced by the pricing service.',
      status: 201,
      body: createSubscriptionInput,
      response: subscriptionSchema,
      errors: [400, 409, 502],
    },
    getSubscription: {
      method: 'GET',
      path: '/subscriptions/:id',
      summary: 'One subscription with its feeding plans, extras and discounts',
      params: idParams,
      query: z.object(listFlags),
      response: subscriptionSchema,
      errors: [400, 404],
    },
    updateSubscription: {
      method: 'PATCH',
      path: '/subscriptions/:id',
      summary: 'Change a subscription, its feeding plans and extras (optimistic version)',
      description:
        "Refused (409) when `version` (or an item's) is not the current one; nothing changes then. Items with an id change that item; items without one are added.",
      params: idParams,
      body: updateSubscriptionInput,
      response: subscriptionSchema,
      errors: [400, 404, 409, 502],
    },
    removeSubscription: {
      method: 'DELETE',
      path: '/subscriptions/:id',
      summary: 'Remove a draft or cancelled subscription (the remove action)',
      params: idParams,
      body: actionBody,
      status: 204,
      response: z.void(),
      errors: [400, 404, 409],
    },
    pauseSubscription: {
      method: 'POST',
      path: '/subscriptions/:id/pause',
      summary: 'Pause deliveries, until a resume date or until resumed',
      params: idParams,
      body: z
        .object({
          version: optionalVersion,
          resumeAt: calendarDate
            .optional()
            .describe('The local date deliveries start again; it resumes itself that day'),
          timezone: australianTimeZone.default('Australia/Sydney'),
          updatedBy: actor('updatedBy').optional(),
        })
        .strict()
        .nullish(),
      response: subscriptionSchema,
      errors: [400, 404, 409],
    },
    resumeSubscription: {
      method: 'POST',
      path: '/subscriptions/:id/resume',
      summary: 'Resume a paused subscription now',
      params: idParams,
      body: actionBody,
      response: subscriptionSchema,
      errors: [400, 404, 409],
    },
    cancelSubscription: {
      method: 'POST',
      path: '/subscriptions/:id/cancel',
      summary: 'Cancel, with the reasons given',
      params: idParams,
      body: z
        .object({
          version: optionalVersion,
          primaryCancelReasonId: uuid('primaryCancelReasonId').nullish(),
          secondaryCancelReasonId: uuid('secondaryCancelReasonId')
            .nullish()
            .describe('A child reason of the primary one'),
          otherCancelReason: z
            .string()
            .trim()
            .max(255, { error: 'otherCancelReason must be 255 characters or less' })
            .nullish(),
          cancelledBy: actor('cancelledBy'),
          cancelledByAdmin: z.boolean().default(false),
        })
        .strict(),
      response: subscriptionSchema,
      errors: [400, 404, 409],
    },
    reactivateSubscription: {
      method: 'POST',
      path: '/subscriptions/:id/reactivate',
      summary: 'Make a cancelled subscription active again',
      params: idParams,
      body: actionBody,
      response: subscriptionSchema,
      errors: [400, 404, 409],
    },
    pauseFeedingPlan: {
      method: 'POST',
      path: '/subscriptions/:id/feeding-plan/:feedingPlanId/pause',
      summary: "Pause one dog's feeding plan",
      params: z.object({ id: uuid('id'), feedingPlanId: uuid('feedingPlanId') }),
      body: actionBody,
      response: subscriptionSchema,
      errors: [400, 404, 409],
    },
    activateFeedingPlan: {
      method: 'POST',
      path: '/subscriptions/:id/feeding-plan/:feedingPlanId/active',
      summary: "Make one dog's paused feeding plan active again",
      params: z.object({ id: uuid('id'), feedingPlanId: uuid('feedingPlanId') }),
      body: actionBody,
      response: subscriptionSchema,
      errors: [400, 404, 409],
    },
    cancelExtra: {
      method: 'POST',
      path: '/subscriptions/:id/extras/:extraId/cancel',
      summary: 'Stop an extra, with a reason and notes',
      params: z.object({ id: uuid('id'), extraId: uuid('extraId') }),
      body: z
        .object({
          version: optionalVersion,
          cancelReasonId: uuid('cancelReasonId').nullish(),
          cancelNotes: z
            .string()
            .trim()
            .max(500, { error: 'cancelNotes must be 500 characters or less' })
            .nullish(),
          cancelledBy: actor('cancelledBy'),
        })
        .strict(),
      response: subscriptionSchema,
      errors: [400, 404, 409],
    },
    addDiscount: {
      method: 'POST',
      path: '/subscriptions/:id/discounts',
      summary: 'Give the subscription a discount for some of its orders',
      params: idParams,
      body: subscriptionDiscountInput.extend({ version: optionalVersion }),
      status: 201,
      response: subscriptionSchema,
      errors: [400, 404, 409, 502],
    },
    removeDiscount: {
      method: 'DELETE',
      path: '/subscriptions/:id/discounts',
      summary: 'Take a discount off the subscription',
      params: idParams,
      body: z.object({ discountId: uuid('discountId'), version: optionalVersion }).strict(),
      response: subscriptionSchema,
      errors: [400, 404, 409],
    },
    importSubscription: {
      method: 'POST',
      path: '/subscriptions/migration',
      summary: "Import a legacy customer's subscription",
      description:
        'Answers the existing subscription again when the same legacy subscription was already imported for the user.',
      status: 201,
      body: createSubscriptionInput
        .omit({ status: true })
        .extend({
          status: subscriptionStatus,
          legacySubscriptionId: z.string().trim().min(1).max(100),
          lastProcessedOrderIndex: orderIndex('lastProcessedOrderIndex').nullish(),
        })
        .strict(),
      response: subscriptionSchema,
      errors: [400, 409, 502],
    },
    revertImport: {
      method: 'DELETE',
      path: '/subscriptions/migration/:userId',
      summary: "Undo a user's import (only an imported subscription)",
      params: z.object({ userId: uuid('userId') }),
      status: 204,
      response: z.void(),
      errors: [400, 404, 409],
    },
    listCancelReasons: {
      method: 'GET',
      path: '/cancel-reasons',
      summary: 'Cancel reasons for a context, in display order, with their child reasons',
      query: z.object({ context: cancelReasonContext.default('subscription') }),
      response: z.array(cancelReasonSchema),
      errors: [400],
    },
    listPlans: {
      method: 'GET',
      path: '/plans',
      summary: 'The plan catalogue',
      response: z.array(planSchema),
      errors: [],
    },
    generatePlans: {
      method: 'POST',
      path: '/plans/generate',
      summary: "Feeding plans from each dog's energy need, chosen meals and plan type",
      body: generatePlansInput,
      response: z.object({ feedingPlans: z.array(generatedFeedingPlanSchema) }),
      errors: [400, 502],
    },
    getPlan: {
      method: 'GET',
      path: '/plans/:id',
      summary: 'One catalogue plan, by id or slug',
      params: z.object({
        id: z
          .string()
          .refine(
            (v) => z.uuid().safeParse(v).success || /^[a-z0-9]+(-[a-z0-9]+)*$/.test(v),
            'Identifier must be a valid UUID or a valid slug',
          ),
      }),
      response: planSchema,
      errors: [400, 404],
    },
    generateRecommendations: {
      method: 'POST',
      path: '/plans/generate-recommendations',
      summary: 'Proposed feeding plans for a dog, from its profile and meal recommendations',
      body: generateRecommendationsInput,
      response: planRecommendationsSchema,
      errors: [400, 404, 502],
    },
  },
});

// ---------------------------------------------------------------------------------------------
// Which orders carry an extra or a discount (the subscription's rules, for order generation)
// ---------------------------------------------------------------------------------------------

/**
 * Which of a subscription's orders (zero-indexed: 0 is the first) get an extra: every `nthOrder`
 * order from `startOrderIndex` on, and none once it is cancelled. nthOrder 1 is every order, 2
 * every second order (start, start + 2, start + 4, …).
 */
export function isExtraInOrder(
  extra: { startOrderIndex: number; nthOrder: number; cancelledAt?: Date | string | null },
  orderIndex: number,
): boolean {
  if (extra.cancelledAt) return false;
  if (!Number.isInteger(orderIndex) || orderIndex < extra.startOrderIndex) return false;
  return (orderIndex - extra.startOrderIndex) % extra.nthOrder === 0;
}

/**
 * Whether a subscription discount applies to an order: from `orderStartIndex` for
 * `orderQuantity` orders, or every order from then on when orderQuantity is null (0: none).
 */
export function isDiscountInOrder(
  discount: { orderStartIndex: number; orderQuantity: number | null },
  orderIndex: number,
): boolean {
  if (!Number.isInteger(orderIndex) || orderIndex < discount.orderStartIndex) return false;
  return (
    discount.orderQuantity === null ||
    orderIndex < discount.orderStartIndex + discount.orderQuantity
  );
}
