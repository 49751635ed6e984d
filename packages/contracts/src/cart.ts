import { z } from 'zod';
import { defineContract } from './define.js';
import { instant, MAX_INT, promotionCodeOf, uuid } from './fields.js';

/** services.md §3 "Carts": the kinds of feeding plan a cart's subscription can carry. */
export const feedingPlanTypes = ['full_bowl', 'half_bowl', 'starter_box', 'trial_box'] as const;
export const feedingPlanType = z.enum(feedingPlanTypes);
export type FeedingPlanType = z.infer<typeof feedingPlanType>;

/** services.md §5: a cart product's quantity is a positive integer. */
const quantity = z
  .number({ error: 'quantity must be a positive whole number' })
  .int({ error: 'quantity must be a positive whole number' })
  .positive({ error: 'quantity must be a positive whole number' })
  .max(MAX_INT, { error: `quantity must be at most ${MAX_INT}` });

export const cartProductInput = z
  .object({ productVariantId: uuid('productVariantId'), quantity })
  .strict();

export const cartProductUpdateInput = z
  .object({
    quantity: quantity.optional(),
    subscriptionId: uuid('subscriptionId')
      .nullable()
      .optional()
      .describe(
        'Move the product into a subscription of the same cart, or back to the cart (null)',
      ),
  })
  .strict();

export const cartPlanInput = z
  .object({
    planId: uuid('planId').describe('The feeding plan (plans service)'),
    animalId: uuid('animalId').describe('The dog the plan feeds'),
    orderLimit: z
      .number({ error: 'orderLimit must be a positive number' })
      .positive({ error: 'orderLimit must be a positive number' })
      .optional(),
  })
  .strict();

export const cartPlanProductInput = z.object({ productId: uuid('productId') }).strict();

/** services.md §5: bundle creation takes an empty body (other fields are ignored). */
export const emptyBody = z.object({}).optional();
/** services.md §5: subscription creation takes an empty body, strictly. */
export const strictEmptyBody = z.object({}).strict().optional();

export const cartProductSchema = z
  .object({
    id: z.uuid(),
    cartId: z.uuid(),
    subscriptionId: z.uuid().nullable(),
    bundleId: z.uuid().nullable(),
    productVariantId: z.uuid(),
    quantity: z.number().int().positive(),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'CartProduct' });

export const cartBundleSchema = z
  .object({
    id: z.uuid(),
    cartId: z.uuid(),
    subscriptionId: z.uuid().nullable(),
    products: z.array(cartProductSchema),
    createdAt: instant,
  })
  .meta({ id: 'CartBundle' });

export const cartPlanProductSchema = z
  .object({
    id: z.uuid(),
    cartPlanId: z.uuid().describe('The cart feeding plan this product belongs to'),
    productId: z.uuid(),
    createdAt: instant,
  })
  .meta({ id: 'CartPlanProduct' });

export const cartPlanSchema = z
  .object({
    id: z.uuid().describe('The cart feeding plan (the `planId` of `/plans/{planId}`)'),
    cartId: z.uuid(),
    subscriptionId: z.uuid(),
    planId: z.uuid().describe('The feeding plan it refers to (plans service)'),
    animalId: z.uuid(),
    orderLimit: z.number().positive().nullable(),
    products: z.array(cartPlanProductSchema),
    createdAt: instant,
  })
  .meta({ id: 'CartPlan' });

export const cartSubscriptionSchema = z
  .object({
    id: z.uuid(),
    cartId: z.uuid(),
    products: z.array(cartProductSchema).describe('Products of the subscription, not in a bundle'),
    bundles: z.array(cartBundleSchema),
    plans: z.array(cartPlanSchema),
    createdAt: instant,
  })
  .meta({ id: 'CartSubscription' });

export const cartSchema = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    products: z
      .array(cartProductSchema)
      .describe('Products directly in the cart: in no subscription and no bundle'),
    bundles: z.array(cartBundleSchema).describe('Bundles directly in the cart'),
    subscriptions: z.array(cartSubscriptionSchema),
    promotionCode: z
      .string()
      .nullable()
      .describe(
        'The promotion code the customer entered, as pricing spells it; applied at checkout',
      ),
    createdAt: instant,
  })
  .meta({ id: 'Cart' });

export const latestCartSchema = z
  .object({ cartId: z.uuid(), userId: z.uuid() })
  .meta({ id: 'LatestCart' });

export type Cart = z.infer<typeof cartSchema>;
export type CartProduct = z.infer<typeof cartProductSchema>;
export type CartBundle = z.infer<typeof cartBundleSchema>;
export type CartSubscription = z.infer<typeof cartSubscriptionSchema>;
export type CartPlan = z.infer<typeof cartPlanSchema>;
export type CartPlanProduct = z.infer<typeof cartPlanProductSchema>;
export type LatestCart = z.infer<typeof latestCartSchema>;

const cartParams = z.object({ cartId: uuid('cartId') });
const productParams = z.object({ productId: uuid('productId') });
const bundleParams = z.object({ bundleId: uuid('bundleId') });
const subscriptionParams = z.object({ subscriptionId: uuid('subscriptionId') });
const planParams = z.object({ planId: uuid('planId') });
const noContent = z.undefined();

export const cartContract = defineContract({
  service: 'cart',
  title: 'Cart service',
  description:
    'Carts before checkout: products, bundles, subscriptions, and the feeding plans (with their products) of each subscription.',
  version: '1.0.0',
  endpoints: {
    createCart: {
      method: 'POST',
      path: '/carts',
      summary: 'Start a cart for a user',
      status: 201,
      body: z.object({ userId: uuid('userId') }).strict(),
      response: cartSchema,
      errors: [400, 500],
    },
    getLatestCart: {
      method: 'GET',
      path: '/carts/latest',
      summary: "A user's most recently created cart",
      query: z.object({ userId: uuid('userId') }),
      response: latestCartSchema,
      errors: [400, 404, 500],
    },
    getCart: {
      method: 'GET',
      path: '/carts/:cartId',
      summary: 'A cart with its products, bundles, subscriptions and their plans',
      params: cartParams,
      response: cartSchema,
      errors: [400, 404, 500],
    },
    setCartPromotionCode: {
      method: 'PUT',
      path: '/carts/:cartId/promotion-code',
      summary: "Enter a promotion code for the cart's checkout",
      description:
        'The code must be one pricing can apply now (not unknown, disabled, expired, not active yet or used up): 404 or 400 with the reason otherwise. It replaces any code the cart had. docs/pricing.md "Promotion codes in the cart".',
      params: cartParams,
      body: z
        .object({
          promotionCode: promotionCodeOf(
            'promotionCode',
            'promotionCode is required: the code as the customer entered it',
          ),
        })
        .strict(),
      response: cartSchema,
      errors: [400, 404, 500],
    },
    deleteCartPromotionCode: {
      method: 'DELETE',
      path: '/carts/:cartId/promotion-code',
      summary: 'Take the promotion code off the cart (none there: 204 all the same)',
      params: cartParams,
      status: 204,
      response: noContent,
      errors: [400, 404, 500],
    },
    deleteCart: {
      method: 'DELETE',
      path: '/carts/:cartId',
      summary: 'Delete a cart and everything in it',
      params: cartParams,
      status: 204,
      response: noContent,
      errors: [400, 404, 500],
    },
    addCartProduct: {
      method: 'POST',
      path: '/carts/:cartId/products',
      summary: 'Add a product to a cart',
      params: cartParams,
      status: 201,
      body: cartProductInput,
      response: cartProductSchema,
      errors: [400, 404, 500],
    },
    addCartBundle: {
      method: 'POST',
      path: '/carts/:cartId/bundles',
      summary: 'Add an empty bundle to a cart',
      params: cartParams,
      status: 201,
      body: emptyBody,
      response: cartBundleSchema,
      errors: [400, 404, 500],
    },
    addCartSubscription: {
      method: 'POST',
      path: '/carts/:cartId/subscriptions',
      summary: 'Add an empty subscription to a cart',
      params: cartParams,
      status: 201,
      body: strictEmptyBody,
      response: cartSubscriptionSchema,
      errors: [400, 404, 500],
    },
    getProduct: {
      method: 'GET',
      path: '/products/:productId',
      summary: 'One cart product',
      params: productParams,
      response: cartProductSchema,
      errors: [400, 404, 500],
    },
    updateProduct: {
      method: 'PATCH',
      path: '/products/:productId',
      summary: "Change a cart product's quantity or subscription",
      params: productParams,
      body: cartProductUpdateInput,
      response: cartProductSchema,
      errors: [400, 404, 500],
    },
    deleteProduct: {
      method: 'DELETE',
      path: '/products/:productId',
      summary: 'Remove a cart product',
      params: productParams,
      status: 204,
      response: noContent,
      errors: [400, 404, 500],
    },
    getBundle: {
      method: 'GET',
      path: '/bundles/:bundleId',
      summary: 'One bundle with its products',
      params: bundleParams,
      response: cartBundleSchema,
      errors: [400, 404, 500],
    },
    deleteBundle: {
      method: 'DELETE',
      path: '/bundles/:bundleId',
      summary: 'Remove a bundle and its products',
      params: bundleParams,
      status: 204,
      response: noContent,
      errors: [400, 404, 500],
    },
    addBundleProduct: {
      method: 'POST',
      path: '/bundles/:bundleId/products',
      summary: 'Add a product to a bundle',
      params: bundleParams,
      status: 201,
      body: cartProductInput,
      response: cartProductSchema,
      errors: [400, 404, 500],
    },
    getSubscription: {
      method: 'GET',
      path: '/subscriptions/:subscriptionId',
      summary: 'One cart subscription with its products, bundles and plans',
      params: subscriptionParams,
      response: cartSubscriptionSchema,
      errors: [400, 404, 500],
    },
    deleteSubscription: {
      method: 'DELETE',
      path: '/subscriptions/:subscriptionId',
      summary: 'Remove a subscription and everything in it',
      params: subscriptionParams,
      status: 204,
      response: noContent,
      errors: [400, 404, 500],
    },
    addSubscriptionProduct: {
      method: 'POST',
      path: '/subscriptions/:subscriptionId/products',
      summary: 'Add a product to a subscription',
      params: subscriptionParams,
      status: 201,
      body: cartProductInput,
      response: cartProductSchema,
      errors: [400, 404, 500],
    },
    addSubscriptionBundle: {
      method: 'POST',
      path: '/subscriptions/:subscriptionId/bundles',
      summary: 'Add an empty bundle to a subscription',
      params: subscriptionParams,
      status: 201,
      body: emptyBody,
      response: cartBundleSchema,
      errors: [400, 404, 500],
    },
    addSubscriptionPlan: {
      method: 'POST',
      path: '/subscriptions/:subscriptionId/plans',
      summary: 'Add a feeding plan for a dog to a subscription',
      params: subscriptionParams,
      status: 201,
      body: cartPlanInput,
      response: cartPlanSchema,
      errors: [400, 404, 500],
    },
    getPlan: {
      method: 'GET',
      path: '/plans/:planId',
      summary: 'One cart feeding plan with its products',
      params: planParams,
      response: cartPlanSchema,
      errors: [400, 404, 500],
    },
    deletePlan: {
      method: 'DELETE',
      path: '/plans/:planId',
      summary: 'Remove a cart feeding plan and its products',
      params: planParams,
      status: 204,
      response: noContent,
      errors: [400, 404, 500],
    },
    addPlanProduct: {
      method: 'POST',
      path: '/plans/:planId/products',
      summary: 'Add a product to a cart feeding plan',
      params: planParams,
      status: 201,
      body: cartPlanProductInput,
      response: cartPlanProductSchema,
      errors: [400, 404, 500],
    },
    deletePlanProduct: {
      method: 'DELETE',
      path: '/plans/:planId/products/:planProductId',
      summary: 'Remove a product from a cart feeding plan',
      params: planParams.extend({ planProductId: uuid('planProductId') }),
      status: 204,
      response: noContent,
      errors: [400, 404, 500],
    },
  },
});
