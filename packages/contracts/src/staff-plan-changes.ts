import { z } from 'zod';
import { uuid } from './fields.js';
import { orderSchema } from './order.js';
import { customerOrderParams, customerSubscriptionParams, recorded } from './staff-box-actions.js';
import { orderRecipeMixPriceSchema } from './orchestration-order-changes.js';
import {
  planChangeReviewSchema,
  subscriptionChangeSchema,
} from './orchestration-subscription-changes.js';
import { feedingPlanSkuInput, feedingPlanType, servingSizeCode } from './subscription.js';

/**
 * The staff API's changes to what a dog eats (issue 31 item 5; docs/staff.md "Changing meals and
 * plans"): one box's meals with a price preview, and a dog's plan (recipes, serving size, plan
 * type) with the customer app's review step. Each runs the customer app's workflow and is
 * recorded in the audit log with the reason. Spread into staff.ts's contract.
 */

const skus = z
  .array(feedingPlanSkuInput, { error: 'skus must be a list of meals with their ratios' })
  .min(1, { error: 'Choose at least 1 meal' })
  .max(7, { error: 'A feeding plan has at most 7 meals' });

const boxMeals = {
  animalId: uuid('animalId').describe('The dog whose meals in this box change'),
  skus,
};

const feedingPlanId = uuid('feedingPlanId').describe("The dog's feeding plan");

/**
 * A change to one dog's plan, as the customer app's meals, serving size and plan pages make it,
 * with `extra` fields (the apply call's version and reason).
 */
const planChangeWith = <E extends z.ZodRawShape>(extra: E) =>
  z.discriminatedUnion(
    'change',
    [
      z.object({ change: z.literal('recipes'), feedingPlanId, skus, ...extra }).strict(),
      z
        .object({
          change: z.literal('servingSize'),
          feedingPlanId,
          servingSize: servingSizeCode,
          ...extra,
        })
        .strict(),
      z
        .object({ change: z.literal('planType'), feedingPlanId, feedingPlanType, ...extra })
        .strict(),
    ],
    {
      error: (iss) =>
        typeof iss.input === 'object' && iss.input !== null && !Array.isArray(iss.input)
          ? 'change must be recipes, servingSize or planType'
          : 'Request must be a JSON object',
    },
  );
const planChange = planChangeWith({});
const subscriptionVersion = z
  .number({ error: 'version must be the whole number the review answered' })
  .int({ error: 'version must be the whole number the review answered' })
  .min(1, { error: 'version must be the whole number the review answered' })
  .max(2_147_483_647, { error: 'version must be the whole number the review answered' });
export type StaffPlanChange = z.infer<typeof planChange>;

const boxPrice = orderRecipeMixPriceSchema.omit({ workflowId: true });

/** The endpoints, spread into the staff contract (`reason`: the staff API's required reason). */
export const planChangeEndpoints = <R extends z.ZodType<string>>(base: string, reason: R) =>
  ({
    mealsForSale: {
      method: 'GET',
      path: `${base}/meals`,
      summary: 'The meals a box or a plan may take, one a meal',
      description:
        "`productVariantId` is one of the meal's pouches: the workflows use the box's or plan's pouch size.",
      response: z.array(
        z.object({ productVariantId: z.uuid(), productId: z.uuid(), name: z.string() }),
      ),
      errors: [502],
      access: 'staff',
      permission: 'orders:read',
    },
    previewBoxMeals: {
      method: 'POST',
      path: `${base}/customers/:customerId/orders/:orderId/meals/preview`,
      summary: "What one dog's new meals in one box would cost (changes nothing)",
      description:
        "The lines update-order-recipe-mix would write, priced by its own steps (price-order-recipe-mix): the box's totals and lines now and after. Another customer's box is a 404.",
      params: customerOrderParams,
      body: z.object(boxMeals).strict(),
      response: boxPrice,
      errors: [400, 404, 409, 502],
      access: 'staff',
      permission: 'orders:write',
    },
    changeBoxMeals: {
      method: 'POST',
      path: `${base}/customers/:customerId/orders/:orderId/meals`,
      summary: "Change one dog's meals in one box (same pouches, shared by ratio), with a reason",
      description:
        "The customer app's workflow (update-order-recipe-mix) for this box only: the plan and the other boxes stay as they are. A box past its cut-off or being made is a 409 in the customer app's words.",
      params: customerOrderParams,
      body: z.object({ ...boxMeals, reason }).strict(),
      response: z.object({ order: orderSchema, ...recorded }),
      errors: [400, 404, 409, 502],
      access: 'staff',
      permission: 'orders:write',
    },
    reviewPlanChange: {
      method: 'POST',
      path: `${base}/customers/:customerId/subscriptions/:subscriptionId/plan-change/review`,
      summary:
        "What a change to a dog's recipes, serving size or plan type would do (changes nothing)",
      description:
        "The customer app's review step (review-update-subscription-recipe-mix, -serving-size, -feeding-plan-type): the plans before and after per box and per day, the boxes that would change and those that keep what they had. Send its version with the change.",
      params: customerSubscriptionParams,
      body: planChange,
      response: planChangeReviewSchema.omit({ workflowId: true }),
      errors: [400, 404, 409, 502],
      access: 'staff',
      permission: 'subscriptions:write',
    },
    changePlan: {
      method: 'POST',
      path: `${base}/customers/:customerId/subscriptions/:subscriptionId/plan-change`,
      summary: "Change a dog's recipes, serving size or plan type, with a reason",
      description:
        "The customer app's workflow (update-subscription-recipe-mix, -serving-size, -feeding-plan-type) at the version the review answered (moved on since: 409): the plan changes and every box before its cut-off is repriced.",
      params: customerSubscriptionParams,
      body: planChangeWith({ version: subscriptionVersion, reason }),
      response: subscriptionChangeSchema.omit({ workflowId: true }).extend(recorded),
      errors: [400, 404, 409, 502],
      access: 'staff',
      permission: 'subscriptions:write',
    },
  }) as const;
