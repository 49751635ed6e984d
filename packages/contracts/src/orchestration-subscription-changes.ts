import { z } from 'zod';
import { calendarDate, uuid } from './fields.js';
import { dogProfileInput, dogSchema } from './dogs.js';
import {
  extraType,
  feedingPlanSkuInput,
  feedingPlanType,
  servingSizeCode,
  subscriptionSchema,
} from './subscription.js';

/**
 * Subscription-level changes as workflows (services.md §7 "Orchestration"; docs/changes.md has
 * the rule of what a change may touch). Every workflow takes the optional `workflowId` (the DBOS
 * workflow id) and the optional `userId`: when sent, a subscription, feeding plan, extra or dog of
 * another user is "not found" and nothing changes.
 */

// orchestration.ts's `workflowId`, restated: that file imports this one (no import cycle).
const workflowIdField = z
  .string({ error: 'workflowId must be text' })
  .regex(/^[A-Za-z0-9._:-]{1,100}$/, {
    error: 'workflowId must be 1 to 100 letters, digits, dots, colons, underscores or dashes',
  })
  .optional()
  .describe('Makes the call idempotent: the same id twice runs once and answers the first result');

/**
 * Who acts when it is not the customer: the staff API sets it from the session (`staff:<userId>`),
 * never from what a person typed. It becomes the subscription's updatedBy (services.md §6).
 */
export const actedBy = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .optional()
  .describe(
    'Who acts for the customer, from their session (the staff API: staff:<userId>); left out: the customer, or this workflow',
  );

const common = {
  userId: uuid('userId')
    .optional()
    .describe("The customer asking: another customer's subscription is a 404"),
  workflowId: workflowIdField,
};

export const subscriptionVersion = z
  .number({ error: 'version must be the whole number you last read (the review answers it)' })
  .int({ error: 'version must be the whole number you last read (the review answers it)' })
  .min(1, { error: 'version must be the whole number you last read (the review answers it)' })
  .max(2_147_483_647)
  .optional()
  .describe(
    "The subscription's version the review (or the last read) answered: the change is refused (409) if it has moved on",
  );

/** A serving size: one of the allowed codes (f0200) or daily grams that are one of them. */
export const servingSizeInput = z.union([
  servingSizeCode,
  z
    .number()
    .int()
    .positive()
    .max(100_000)
    .describe('Daily grams: one of the allowed serving sizes'),
], { error: 'servingSize must be one of the serving sizes (such as f0200) or its daily grams (200)' }); // prettier-ignore

const quantity = z
  .number({ error: 'quantity must be a whole number from 1 to 50' })
  .int({ error: 'quantity must be a whole number from 1 to 50' })
  .min(1, { error: 'quantity must be a whole number from 1 to 50' })
  .max(50, { error: 'quantity must be a whole number from 1 to 50' });
const nthOrder = z
  .number({ error: 'nthOrder must be a whole number of at least 1 (1 is every order)' })
  .int({ error: 'nthOrder must be a whole number of at least 1 (1 is every order)' })
  .min(1, { error: 'nthOrder must be a whole number of at least 1 (1 is every order)' })
  .max(52, { error: 'nthOrder must be at most 52' });
const startOrderId = uuid('startOrderId')
  .nullish()
  .describe('The first order of the subscription that gets it; left out: the next open order');

/** An extra as the customer app sends it (customer-app.md §3 "Extra"). */
export const extraRequest = z
  .object({
    extraType: extraType,
    startOrderId,
    nthOrder: nthOrder.default(1),
    quantity: quantity.default(1),
    productVariantId: uuid('productVariantId'),
  })
  .strict();

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

export const servingSizeChangeInput = z
  .object({
    subscriptionId: uuid('subscriptionId'),
    feedingPlanId: uuid('feedingPlanId'),
    servingSize: servingSizeInput,
    version: subscriptionVersion,
    ...common,
  })
  .strict();
export type ServingSizeChangeInput = z.output<typeof servingSizeChangeInput>;

export const feedingPlanTypeChangeInput = z
  .object({
    subscriptionId: uuid('subscriptionId'),
    feedingPlanType: feedingPlanType,
    feedingPlanId: uuid('feedingPlanId')
      .optional()
      .describe('Only this feeding plan; left out: every active plan of the subscription'),
    version: subscriptionVersion,
    ...common,
  })
  .strict();
export type FeedingPlanTypeChangeInput = z.output<typeof feedingPlanTypeChangeInput>;

export const recipeMixChangeInput = z
  .object({
    subscriptionId: uuid('subscriptionId'),
    feedingPlanId: uuid('feedingPlanId'),
    skus: z
      .array(feedingPlanSkuInput, { error: 'skus must be a list of meals with their ratios' })
      .min(1, { error: 'A feeding plan needs at least 1 sku' })
      .max(7, { error: 'A feeding plan has at most 7 meals' }),
    version: subscriptionVersion,
    ...common,
  })
  .strict();
export type RecipeMixChangeInput = z.output<typeof recipeMixChangeInput>;

export const treatsChangeInput = z
  .object({
    subscriptionId: uuid('subscriptionId'),
    extras: z
      .array(extraRequest, { error: 'extras must be a list of extras' })
      .max(50, { error: 'A subscription has at most 50 extras' })
      .describe("The subscription's extras from now on: the ones left out are stopped"),
    version: subscriptionVersion,
    ...common,
  })
  .strict();
export type TreatsChangeInput = z.output<typeof treatsChangeInput>;

export const addExtraInput = extraRequest
  .extend({ subscriptionId: uuid('subscriptionId'), version: subscriptionVersion, ...common })
  .strict();
export type AddExtraInput = z.output<typeof addExtraInput>;

export const updateExtraInput = z
  .object({
    subscriptionId: uuid('subscriptionId'),
    extraId: uuid('extraId'),
    quantity: quantity.optional(),
    nthOrder: nthOrder.optional(),
    startOrderId,
    extraType: extraType.optional(),
    productVariantId: uuid('productVariantId').optional(),
    version: subscriptionVersion,
    ...common,
  })
  .strict();
export type UpdateExtraInput = z.output<typeof updateExtraInput>;

export const deleteExtraInput = z
  .object({
    subscriptionId: uuid('subscriptionId'),
    extraId: uuid('extraId'),
    cancelReasonId: uuid('cancelReasonId').nullish(),
    cancelNotes: z
      .string({ error: 'cancelNotes must be text' })
      .trim()
      .max(500, { error: 'cancelNotes must be 500 characters or less' })
      .nullish(),
    version: subscriptionVersion,
    ...common,
  })
  .strict();
export type DeleteExtraInput = z.output<typeof deleteExtraInput>;

export const moveExtraInput = z
  .object({
    subscriptionId: uuid('subscriptionId'),
    extraId: uuid('extraId'),
    fromOrderId: uuid('fromOrderId').describe('The order the extra comes off'),
    toOrderId: uuid('toOrderId').describe('The order of the same subscription it goes to'),
    version: subscriptionVersion,
    ...common,
  })
  .strict();
export type MoveExtraInput = z.output<typeof moveExtraInput>;

const reasonText = z
  .string({ error: 'otherCancelReason must be text' })
  .trim()
  .max(255, { error: 'otherCancelReason must be 255 characters or less' });

export const cancelSubscriptionInput = z
  .object({
    subscriptionId: uuid('subscriptionId'),
    primaryCancelReasonId: uuid('primaryCancelReasonId').nullish(),
    secondaryCancelReasonId: uuid('secondaryCancelReasonId').nullish(),
    otherCancelReason: reasonText.nullish(),
    version: subscriptionVersion,
    actedBy,
    ...common,
  })
  .strict();
export type CancelSubscriptionInput = z.output<typeof cancelSubscriptionInput>;

/** pause-subscription (docs/subscriptions.md "Pausing"): until a day after today, at most 26 weeks. */
export const pauseSubscriptionInput = z
  .object({
    subscriptionId: uuid('subscriptionId'),
    resumeAt: calendarDate.describe('The day deliveries may start again (after today)'),
    version: subscriptionVersion,
    actedBy,
    ...common,
  })
  .strict();
export type PauseSubscriptionInput = z.output<typeof pauseSubscriptionInput>;

/** resume-subscription and reactivate-subscription. */
export const restartSubscriptionInput = z
  .object({
    subscriptionId: uuid('subscriptionId'),
    version: subscriptionVersion,
    actedBy,
    ...common,
  })
  .strict();
export type RestartSubscriptionInput = z.output<typeof restartSubscriptionInput>;

export const addAnimalInput = z
  .object({
    subscriptionId: uuid('subscriptionId'),
    animalId: uuid('animalId').describe('A dog of the same household (dogs service)'),
    feedingPlanType: feedingPlanType.default('full_bowl'),
    productIds: z
      .array(uuid('productIds[]'), { error: 'productIds must be a list of meal product ids' })
      .max(7, { error: 'A feeding plan has at most 7 meals' })
      .optional()
      .describe("The meals in equal shares; left out: the dog's chosen meals"),
    version: subscriptionVersion,
    ...common,
  })
  .strict();
export type AddAnimalInput = z.output<typeof addAnimalInput>;

export const dogProfileChangeInput = z
  .object({
    dogId: uuid('dogId'),
    dogProfileInput,
    resizePlan: z
      .boolean()
      .default(true)
      .describe(
        "false: the plan keeps its portion and the answer's `portion` offers the recomputed one (the customer applies it through the serving-size review)",
      ),
    version: subscriptionVersion,
    ...common,
  })
  .strict();
export type DogProfileChangeInput = z.output<typeof dogProfileChangeInput>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** One dog's feeding plan in figures the customer compares (cents, grams, pouches). */
export const planFiguresSchema = z
  .object({
    feedingPlanId: z.uuid().nullable().describe('null for a plan not made yet'),
    animalId: z.uuid(),
    type: feedingPlanType,
    servingSize: servingSizeCode,
    dailyGrams: z.number().int(),
    pouchSizeInGrams: z.number().int(),
    pouchesPerBox: z.number().int(),
    pricePerBox: z.number().int().describe('Cents per box, before discounts'),
    pricePerDay: z.number().int().describe('Cents a day'),
    skus: z.array(z.object({ productVariantId: z.uuid(), ratio: z.number(), pouches: z.number() })),
  })
  .meta({ id: 'PlanFigures' });
export type PlanFigures = z.infer<typeof planFiguresSchema>;

export const planSideSchema = z
  .object({
    feedingPlans: z.array(planFiguresSchema),
    pouchesPerBox: z.number().int(),
    pricePerBox: z.number().int().describe('Cents per box for the feeding plans'),
    pricePerDay: z.number().int().describe('Cents a day for the feeding plans'),
  })
  .meta({ id: 'PlanSide' });
export type PlanSide = z.infer<typeof planSideSchema>;

export const leftOrderReasons = ['past_cutoff', 'fulfilment_blocked', 'paid'] as const;

/** What a change did, or would do, to the subscription's orders (docs/changes.md). */
export const ordersOutcomeSchema = z
  .object({
    updatedOrderIds: z
      .array(z.uuid())
      .describe('Future orders before their cut-off: changed and repriced (a review: would be)'),
    leftOrders: z
      .array(
        z.object({
          orderId: z.uuid(),
          deliveryDate: z.string(),
          reason: z.enum(leftOrderReasons),
          message: z.string().describe('Why the order keeps what it had, in words'),
        }),
      )
      .describe('Orders that keep what they had: past their cut-off, being made, or paid'),
  })
  .meta({ id: 'OrdersOutcome' });
export type OrdersOutcome = z.infer<typeof ordersOutcomeSchema>;

export const planChangeReviewSchema = z
  .object({
    workflowId: z.string(),
    subscriptionId: z.uuid(),
    version: z.number().int().describe('Send it with the apply call'),
    before: planSideSchema,
    after: planSideSchema,
    orders: ordersOutcomeSchema,
  })
  .meta({ id: 'PlanChangeReview' });
export type PlanChangeReview = z.infer<typeof planChangeReviewSchema>;

export const subscriptionChangeSchema = z
  .object({
    workflowId: z.string(),
    subscriptionId: z.uuid(),
    version: z.number().int().describe("The subscription's version after the change"),
    subscription: subscriptionSchema,
    before: planSideSchema.nullable().describe('The feeding plans before (plan changes)'),
    after: planSideSchema.nullable().describe('The feeding plans after (plan changes)'),
    orders: ordersOutcomeSchema,
  })
  .meta({ id: 'SubscriptionChange' });
export type SubscriptionChange = z.infer<typeof subscriptionChangeSchema>;

export const cancellationSchema = subscriptionChangeSchema
  .extend({
    deletedOrderIds: z.array(z.uuid()).describe('Orders removed: not paid, not being made'),
    arrivingOrders: z
      .array(z.object({ orderId: z.uuid(), deliveryDate: z.string(), message: z.string() }))
      .describe('Orders already paid or being made: they still arrive'),
  })
  .meta({ id: 'SubscriptionCancellation' });
export type SubscriptionCancellation = z.infer<typeof cancellationSchema>;

const boxDate = z.object({ orderId: z.uuid(), deliveryDate: z.string() });

/** What a pause, resume or reactivation did to the plan and its boxes. */
export const statusChangeSchema = z
  .object({
    workflowId: z.string(),
    subscriptionId: z.uuid(),
    version: z.number().int().describe("The subscription's version after the change"),
    subscription: subscriptionSchema,
    deletedOrderIds: z.array(z.uuid()).describe('Boxes removed (pause): not paid, not being made'),
    arrivingOrders: z
      .array(boxDate)
      .describe('Boxes already paid or being made: they still arrive (pause)'),
    nextOrder: boxDate
      .nullable()
      .describe('The first box when deliveries start again (moved there, not removed)'),
    ordersCreated: z.number().int().describe('Boxes planned again (resume, reactivate)'),
  })
  .meta({ id: 'SubscriptionStatusChangeRun' });
export type StatusChange = z.infer<typeof statusChangeSchema>;

/** A feeding plan's daily portion now and the one its dog's new energy need calls for. */
export const portionOfferSchema = z
  .object({
    feedingPlanId: z.uuid(),
    beforeGrams: z.number().int().describe('Daily grams of the plan now'),
    afterGrams: z.number().int().describe('Daily grams the new energy need calls for'),
    servingSize: servingSizeCode.describe('The serving size of afterGrams'),
  })
  .meta({ id: 'PortionOffer' });
export type PortionOffer = z.infer<typeof portionOfferSchema>;

export const dogProfileChangeSchema = z
  .object({
    workflowId: z.string(),
    dog: dogSchema,
    change: subscriptionChangeSchema
      .omit({ workflowId: true })
      .nullable()
      .describe(
        "The dog's feeding plan resized (null: no subscription plan, no new size, or resizePlan false)",
      ),
    portion: portionOfferSchema
      .nullable()
      .describe(
        "The dog's daily portion before and after its new energy need (null: no active plan, or the same size)",
      ),
  })
  .meta({ id: 'DogProfileChange' });
export type DogProfileChange = z.infer<typeof dogProfileChangeSchema>;

const errors = [400, 404, 409, 500, 502, 503];

/** The endpoint entries, spread into `orchestrationContract`. */
export const subscriptionChangeEndpoints = {
  updateSubscriptionTreats: {
    method: 'POST',
    path: '/workflows/update-subscription-treats',
    summary: "Replace the subscription's extras (treats, supplements) and its open orders' lines",
    body: treatsChangeInput,
    response: subscriptionChangeSchema,
    errors,
  },
  reviewUpdateSubscriptionFeedingPlanType: {
    method: 'POST',
    path: '/workflows/review-update-subscription-feeding-plan-type',
    summary: 'What a new feeding-plan type would do (changes nothing)',
    body: feedingPlanTypeChangeInput,
    response: planChangeReviewSchema,
    errors,
  },
  updateSubscriptionFeedingPlanType: {
    method: 'POST',
    path: '/workflows/update-subscription-feeding-plan-type',
    summary: 'Change the feeding-plan type (full or half bowl…) and reprice the open orders',
    body: feedingPlanTypeChangeInput,
    response: subscriptionChangeSchema,
    errors,
  },
  reviewUpdateSubscriptionRecipeMix: {
    method: 'POST',
    path: '/workflows/review-update-subscription-recipe-mix',
    summary: 'What new meals for a feeding plan would do, at its serving size (changes nothing)',
    body: recipeMixChangeInput,
    response: planChangeReviewSchema,
    errors,
  },
  updateSubscriptionRecipeMix: {
    method: 'POST',
    path: '/workflows/update-subscription-recipe-mix',
    summary: "Change a feeding plan's meals and reprice the open orders",
    body: recipeMixChangeInput,
    response: subscriptionChangeSchema,
    errors,
  },
  reviewUpdateSubscriptionServingSize: {
    method: 'POST',
    path: '/workflows/review-update-subscription-serving-size',
    summary: 'What a new serving size would do (changes nothing)',
    body: servingSizeChangeInput,
    response: planChangeReviewSchema,
    errors,
  },
  updateSubscriptionServingSize: {
    method: 'POST',
    path: '/workflows/update-subscription-serving-size',
    summary: "Change a feeding plan's daily serving size and reprice the open orders",
    body: servingSizeChangeInput,
    response: subscriptionChangeSchema,
    errors,
  },
  updateDogProfile: {
    method: 'POST',
    path: '/workflows/update-dog-profile',
    summary: "Change a dog's profile; a new energy need resizes its feeding plan",
    body: dogProfileChangeInput,
    response: dogProfileChangeSchema,
    errors,
  },
  updateDogProfileWithNewRecommendation: {
    method: 'POST',
    path: '/workflows/update-dog-profile-with-new-recommendation',
    summary: "Change a dog's profile and resize its feeding plan to the new recommendation",
    body: dogProfileChangeInput,
    response: dogProfileChangeSchema,
    errors,
  },
  cancelSubscription: {
    method: 'POST',
    path: '/workflows/cancel-subscription',
    summary: 'Cancel with reasons; remove the orders not paid or being made',
    body: cancelSubscriptionInput,
    response: cancellationSchema,
    errors,
  },
  pauseSubscription: {
    method: 'POST',
    path: '/workflows/pause-subscription',
    summary:
      'Pause until a day: remove the boxes not paid or being made but the first, moved to that day',
    body: pauseSubscriptionInput,
    response: statusChangeSchema,
    errors,
  },
  resumeSubscription: {
    method: 'POST',
    path: '/workflows/resume-subscription',
    summary: 'Resume a paused plan now: its kept box moves sooner, the others are planned again',
    body: restartSubscriptionInput,
    response: statusChangeSchema,
    errors,
  },
  reactivateSubscription: {
    method: 'POST',
    path: '/workflows/reactivate-subscription',
    summary: 'Restart a cancelled plan: its boxes are planned again',
    body: restartSubscriptionInput,
    response: statusChangeSchema,
    errors,
  },
  addAnimalToSubscription: {
    method: 'POST',
    path: '/workflows/add-animal-to-subscription',
    summary: 'Give a dog of the household a feeding plan on the subscription and its open orders',
    body: addAnimalInput,
    response: subscriptionChangeSchema,
    errors,
  },
  addSubscriptionExtra: {
    method: 'POST',
    path: '/workflows/add-subscription-extra',
    summary: 'Add an extra to the subscription and its open orders',
    body: addExtraInput,
    response: subscriptionChangeSchema,
    errors,
  },
  deleteSubscriptionExtra: {
    method: 'POST',
    path: '/workflows/delete-subscription-extra',
    summary: 'Stop an extra, with a reason; take it off the open orders',
    body: deleteExtraInput,
    response: subscriptionChangeSchema,
    errors,
  },
  updateSubscriptionExtra: {
    method: 'POST',
    path: '/workflows/update-subscription-extra',
    summary: "Change an extra's quantity, frequency, start or variant, and the open orders",
    body: updateExtraInput,
    response: subscriptionChangeSchema,
    errors,
  },
  moveSubscriptionExtra: {
    method: 'POST',
    path: '/workflows/move-subscription-extra',
    summary: 'Move an extra from one open order of the subscription to another',
    body: moveExtraInput,
    response: subscriptionChangeSchema,
    errors,
  },
} as const;
