import { z } from 'zod';
import type { EndpointDef } from './define.js';
import { dogDetailsInput, dogMetadataSchema, dogProfileInput, dogSchema } from './dogs.js';
import { MAX_SIGN_UP_DOGS } from './field-rules.js';
import { cents, password, postcode, promotionCodeOf, requiredText, uuid } from './fields.js';
import { feedingPlanPromotionSchema } from './orchestration.js';
import { checkoutAddressInput } from './orchestration-checkout.js';
import { cardDetailsSchema } from './payment.js';
import {
  deliverySlot,
  feedingPlanType,
  generatedFeedingPlanSchema,
  planSchema,
} from './subscription.js';

export { MAX_SIGN_UP_DOGS };

/**
 * The sign-up funnel's public routes (docs/sign-up.md): a visitor with no account yet. The dogs a
 * visitor describes are kept by the dogs service under a guest id (a random uuid the browser keeps
 * for the funnel); every call names it, and a guest id that already has an account is refused.
 */

const guestId = uuid('guestId').describe(
  'The guest id sign-up/dogs answered: the owner of the dogs described so far',
);
const animalId = z.uuid({ error: 'animalId must be one of the dogs you described' });
const signUpPromotionCode = promotionCodeOf('promotionCode', 'Enter the promotion code');
const mealIds = z
  .array(z.uuid({ error: 'productIds must be meal product ids' }), {
    error: 'productIds must be a list of meal product ids',
  })
  .min(1, { error: 'Choose at least 1 recipe' })
  .max(7, { error: 'Choose at most 7 recipes' });

export const signUpDogInput = dogDetailsInput.extend(dogProfileInput.shape);

/** A postcode's suburbs and whether we deliver to each. */
export const signUpPostcodeSchema = z
  .object({
    postcode: z.string(),
    serviceable: z.boolean().describe('Whether we deliver to at least one of its suburbs'),
    suburbs: z.array(z.object({ suburb: z.string(), serviceable: z.boolean() })),
  })
  .meta({ id: 'SignUpPostcode' });
export type SignUpPostcode = z.infer<typeof signUpPostcodeSchema>;

export const signUpDogSchema = dogSchema
  .pick({
    identifier: true,
    name: true,
    dailyEnergyKilocalories: true,
    foodAllergies: true,
    healthIssues: true,
  })
  .meta({ id: 'SignUpDog' });
export type SignUpDog = z.infer<typeof signUpDogSchema>;

const planChoice = z
  .object({
    animalId,
    planType: feedingPlanType.default('full_bowl'),
    productIds: mealIds
      .optional()
      .describe("The recipes, in equal shares; left out: the ones recommended for the dog's needs"),
  })
  .strict();

export const signUpPlansInput = z
  .object({
    guestId,
    promotionCode: signUpPromotionCode.optional(),
    plans: z
      .array(planChoice)
      .min(1, { error: 'Describe at least 1 dog' })
      .max(MAX_SIGN_UP_DOGS, { error: `At most ${MAX_SIGN_UP_DOGS} dogs can sign up at once` }),
  })
  .strict();
export type SignUpPlansInput = z.input<typeof signUpPlansInput>;

export const signUpPlansSchema = z
  .object({
    cadenceInWeeks: z.number().int(),
    plans: z.array(
      z.object({
        animalId: z.uuid(),
        plan: planSchema,
        feedingPlan: generatedFeedingPlanSchema,
        productIds: z.array(z.uuid()).describe('The recipes of the plan'),
      }),
    ),
    boxPrice: z.number().int().describe('Every box at its full price, cents'),
    dailyPrice: z.number().int().describe('All dogs, a day, cents'),
    firstBoxPrice: z.number().int().describe('The first box, under the code when one is sent'),
    promotion: feedingPlanPromotionSchema
      .pick({ code: true, discountTotal: true })
      .nullable()
      .describe('What the code takes off the first box (null: no code)'),
  })
  .meta({ id: 'SignUpPlans' });
export type SignUpPlans = z.infer<typeof signUpPlansSchema>;

export const signUpDeliveryDatesSchema = z
  .object({
    timezone: z.string().describe("The depot's time zone, the cut-offs' wall clock"),
    days: z.array(
      z.object({
        deliveryDate: z.string().describe('YYYY-MM-DD'),
        slots: z.array(
          z.object({
            slot: deliverySlot,
            cutoffAt: z
              .string()
              .describe('When the first box closes: the card is charged then, changes end'),
          }),
        ),
      }),
    ),
  })
  .meta({ id: 'SignUpDeliveryDates' });
export type SignUpDeliveryDates = z.infer<typeof signUpDeliveryDatesSchema>;

export const signUpInput = z
  .object({
    guestId,
    promotionCode: signUpPromotionCode.optional(),
    plans: signUpPlansInput.shape.plans,
    deliveryDate: z.iso.date({ error: 'Choose the first delivery date' }),
    deliverySlot: deliverySlot,
    address: checkoutAddressInput,
    password,
    card: cardDetailsSchema,
    expectedTotal: cents.describe(
      'The first box as the visitor was shown it (cents): another total is a 409 before any money moves',
    ),
  })
  .strict();
export type SignUpInput = z.input<typeof signUpInput>;

export const signUpResultSchema = z
  .object({
    accessToken: z.string(),
    refreshToken: z.string(),
    amountCharged: z.number().int().describe('Cents taken for the first box'),
    firstDeliveryDate: z.string(),
  })
  .meta({ id: 'SignUpResult' });
export type SignUpResult = z.infer<typeof signUpResultSchema>;

export const signUpEndpoints = {
  getSignUpPostcode: {
    method: 'GET',
    path: '/api/v1/sign-up/postcodes/:postcode',
    summary: "A postcode's suburbs and whether we deliver there",
    params: z.object({ postcode }),
    response: signUpPostcodeSchema,
    errors: [400, 404, 429],
    access: 'public',
  },
  getSignUpDogMetadata: {
    method: 'GET',
    path: '/api/v1/sign-up/dog-metadata',
    summary: 'Breeds, health issues, food types and allergens to describe a dog',
    response: dogMetadataSchema,
    errors: [429],
    access: 'public',
  },
  createSignUpDogs: {
    method: 'POST',
    path: '/api/v1/sign-up/dogs',
    summary: "Keep the visitor's dogs under a new guest id",
    status: 201,
    body: z
      .object({
        dogs: z
          .array(signUpDogInput)
          .min(1, { error: 'Describe at least 1 dog' })
          .max(MAX_SIGN_UP_DOGS, {
            error: `At most ${MAX_SIGN_UP_DOGS} dogs can sign up at once`,
          }),
      })
      .strict(),
    response: z.object({ guestId: z.uuid(), dogs: z.array(signUpDogSchema) }),
    errors: [400, 429],
    access: 'public',
  },
  priceSignUpPlans: {
    method: 'POST',
    path: '/api/v1/sign-up/plans',
    summary: "Each dog's recommended or chosen plan, priced (with a promotion code)",
    body: signUpPlansInput,
    response: signUpPlansSchema,
    errors: [400, 404, 409, 429],
    access: 'public',
  },
  getSignUpDeliveryDates: {
    method: 'GET',
    path: '/api/v1/sign-up/delivery-dates',
    summary: 'The first delivery dates and slots for a suburb, each with its cut-off (31 days)',
    query: z
      .object({
        postCode: postcode,
        suburb: requiredText(100, 'Enter the suburb'),
      })
      .strict(),
    response: signUpDeliveryDatesSchema,
    errors: [400, 404, 429],
    access: 'public',
  },
  signUp: {
    method: 'POST',
    path: '/api/v1/sign-up',
    summary: 'Pay for the first box: the account, subscription and orders are made; signed in',
    description:
      'Runs the checkout workflow, then signs the new customer in (the refresh-token cookie, as login). Sandbox cards only.',
    status: 201,
    body: signUpInput,
    response: signUpResultSchema,
    errors: [400, 402, 404, 409, 429],
    access: 'public',
  },
} as const satisfies Record<string, EndpointDef>;
