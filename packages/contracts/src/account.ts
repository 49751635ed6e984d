import { z } from 'zod';
import { defineContract, type EndpointBody, type EndpointOutput } from './define.js';
import { productImageType, productStatus } from './enums.js';
import {
  addressInput,
  addressSchema,
  australianPhone,
  calendarDate,
  confirmationCode,
  email,
  enteredPassword,
  otherCancelReasonText,
  password,
  personName,
  postcode,
  paginated,
  requiredText,
  uuid,
} from './fields.js';
import { serviceabilitySchema, slotAvailabilitySchema } from './courier.js';
import { dogDetailsInput, dogMetadataSchema, dogProfileInput, dogSchema } from './dogs.js';
import { recommendedMealSchema } from './product.js';
import { customerOrderSchema, nextChargeSchema, pastOrdersQuery, versionRead } from './order.js';
import { chargeResultSchema, invoiceFileSchema } from './orchestration-billing.js';
import {
  cancellationSchema,
  extraRequest,
  planChangeReviewSchema,
  portionOfferSchema,
  servingSizeInput,
  statusChangeSchema,
  subscriptionChangeSchema,
  subscriptionVersion,
} from './orchestration-subscription-changes.js';
import {
  cancelReasonContext,
  extraType,
  feedingPlanSchema,
  feedingPlanSkuInput,
  feedingPlanType,
  generatedFeedingPlanSchema,
  generatePlansInput,
  subscriptionStatus,
  deliverySlot,
} from './subscription.js';
import { cardDetailsSchema } from './payment.js';
import { signUpEndpoints } from './account-sign-up.js';
import {
  deliveryDateInput,
  deliveryInfoAddressInput,
  orderExtraInput,
  skippedOrderSchema,
} from './orchestration-order-changes.js';

/** customer-app.md §3 Product / Variant: the list item shape the customer app uses. */
export const customerProductSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    status: productStatus,
    isNew: z.boolean(),
    isVisible: z.boolean(),
    sortIndex: z.number().int(),
    thumbnail: z.string().nullable().describe('URL of the icon image'),
    images: z.array(z.object({ imageType: productImageType, imageUrl: z.string() })),
    content: z
      .record(z.string(), z.json())
      .describe('Content-management data: description, ingredients, feeding notes'),
    variants: z.array(
      z.object({
        id: z.uuid(),
        sku: z.string(),
        dimension: z.object({ weightGrams: z.number().int() }),
        price: z.number().int().describe('Cents per unit (the variant’s base price)'),
      }),
    ),
  })
  .meta({ id: 'CustomerProduct' });

export type CustomerProduct = z.infer<typeof customerProductSchema>;

/** customer-app.md §3 "User profile". */
export const profileSchema = z
  .object({
    cognitoUserId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phoneNumber: z.string().nullable(),
  })
  .meta({ id: 'Profile' });

export type Profile = z.infer<typeof profileSchema>;
/** A customer's dog: the dogs service's profile without its owner. */
export const customerDogSchema = dogSchema.omit({ userId: true }).meta({ id: 'CustomerDog' });
export type CustomerDog = z.infer<typeof customerDogSchema>;

/** A dog after a profile change, with the portion its new energy need calls for (if another). */
export const customerDogProfileChangeSchema = customerDogSchema
  .extend({ portionOffer: portionOfferSchema.nullable() })
  .meta({ id: 'CustomerDogProfileChange' });
export type CustomerDogProfileChange = z.infer<typeof customerDogProfileChangeSchema>;

const success = z.object({ success: z.literal(true) });

/** customer-app.md §3 "Payment method". */
export const customerPaymentMethodSchema = z
  .object({
    id: z.uuid(),
    brand: z.string(),
    expiryMonth: z.number().int(),
    expiryYear: z.number().int(),
    last4Digits: z.string(),
    default: z.boolean(),
  })
  .meta({ id: 'CustomerPaymentMethod' });
export type CustomerPaymentMethod = z.infer<typeof customerPaymentMethodSchema>;
const dogId = z.uuid({ error: 'Dog not found' });

// Subscriptions (customer-app.md §7): shapes
/** customer-app.md §3 "Extra" on a subscription, with its id and the order it starts on. */
export const customerExtraSchema = z
  .object({
    id: z.uuid(),
    extraType,
    startOrderId: z.uuid().nullable().describe('The order it starts on (null: one already gone)'),
    startOrderIndex: z.number().int(),
    nthOrder: z.number().int(),
    quantity: z.number().int(),
    productVariantId: z.uuid(),
    price: z.number().int().describe('Cents per unit'),
  })
  .meta({ id: 'CustomerExtra' });
/** customer-app.md §3 "Subscription": what the app reads and acts on. */
export const customerSubscriptionSchema = z
  .object({
    id: z.uuid(),
    status: subscriptionStatus,
    version: z.number().int().describe('Send it with a change: a moved version is a 409'),
    cadenceInWeeks: z.number().int(),
    preferredDeliverySlotId: deliverySlot.nullable(),
    feedingPlanTotalPrice: z.number().int(),
    feedingPlanTotalPouches: z.number().int(),
    feedingPlans: z.array(feedingPlanSchema),
    extras: z.array(customerExtraSchema),
    cancelledAt: z.string().nullable(),
    resumeAt: z
      .string()
      .nullable()
      .default(null)
      .describe('A paused plan: the day (YYYY-MM-DD, local) deliveries start again'),
  })
  .meta({ id: 'CustomerSubscription' });
export type CustomerSubscription = z.infer<typeof customerSubscriptionSchema>;
const customerCancelReasonFields = {
  id: z.uuid(),
  description: z.string().max(255),
  displayOrder: z.number().int().nullable(),
};
export const customerCancelReasonSchema = z
  .object({
    ...customerCancelReasonFields,
    childReasons: z.array(z.object(customerCancelReasonFields)),
  })
  .meta({ id: 'CustomerCancelReason' });
const subscriptionParams = z.object({
  subscriptionId: z.uuid({ error: 'subscriptionId must be one of your subscriptions' }),
});
const extraIdField = z.uuid({ error: 'extraId must be one of your extras' });
const subscriptionIdField = z.uuid({ error: 'subscriptionId must be one of your subscriptions' });
const feedingPlanIdField = z.uuid({ error: 'feedingPlanId must be one of your feeding plans' });
/** Subscription change answers, without the engine's own fields. */
const changeAnswer = subscriptionChangeSchema.omit({ workflowId: true, subscription: true });
const subscriptionErrors = [400, 401, 404, 409, 500];
/** What a pause, resume or reactivation did (docs/subscriptions.md "Pausing"). */
export const subscriptionStatusChangeSchema = statusChangeSchema
  .omit({ workflowId: true, subscriptionId: true, version: true, subscription: true })
  .extend({ subscription: customerSubscriptionSchema })
  .meta({ id: 'SubscriptionStatusChange' });
export type SubscriptionStatusChange = z.infer<typeof subscriptionStatusChangeSchema>;

/** The days and slots a box may move to, as the customer sees them (getDeliveryOptions). */
export const customerDeliveryOptionsSchema = z
  .object({
    orderId: z.uuid(),
    days: z.array(
      z.object({
        deliveryDate: z.string().describe('YYYY-MM-DD'),
        dayInWords: z.string().describe('"Wednesday 2 December"'),
        slots: z.array(
          z.object({
            deliverySlotId: deliverySlot,
            cutoffAt: z.string().describe('The instant changes to the box would close'),
            changeBy: z
              .string()
              .describe('That instant on the wall clock at the depot: "Saturday 28 November, 5pm"'),
            accepted: z
              .boolean()
              .describe('Whether moving the box to this day and slot is taken now'),
          }),
        ),
      }),
    ),
  })
  .meta({ id: 'CustomerDeliveryOptions' });
export type CustomerDeliveryOptions = z.infer<typeof customerDeliveryOptionsSchema>;

/** A skip or its undo: the box's version as last read (optimistic concurrency). */
const skipBody = z.object({ version: versionRead }).strict();
const skipAnswer = z
  .object({
    order: customerOrderSchema,
    nextCharge: nextChargeSchema
      .nullable()
      .describe('The box charged next after this change (null: none to come)'),
  })
  .meta({ id: 'SkipAnswer' });
export type SkipAnswer = z.infer<typeof skipAnswer>;

export const accountContract = defineContract({
  service: 'account',
  title: 'Customer API',
  description:
    "The customer account app's API. It owns no data: it authenticates customers, checks ownership and calls the other services. Signed-in calls carry `Authorization: Bearer <accessToken>`; the refresh token travels in an httpOnly cookie.",
  version: '1.0.0',
  errorStyle: 'customer',
  endpoints: {
    login: {
      method: 'POST',
      path: '/api/v1/login',
      summary: 'Sign in',
      description:
        'Sets the refresh-token cookie. A wrong password and an unknown e-mail answer the same 401.',
      body: z.object({ email, password: enteredPassword('Enter your password') }).strict(),
      response: z.object({ accessToken: z.string(), refreshToken: z.string() }),
      errors: [400, 401, 429],
      access: 'public',
    },
    forgotPassword: {
      method: 'POST',
      path: '/api/v1/forgot-password',
      summary: 'E-mail a password-reset code',
      body: z.object({ email }).strict(),
      response: success,
      errors: [400, 401, 429],
      access: 'public',
    },
    confirmForgotPassword: {
      method: 'POST',
      path: '/api/v1/confirm-forgot-password',
      summary: 'Set a new password with the e-mailed code',
      body: z
        .object({
          email,
          password,
          confirmationCode,
        })
        .strict(),
      response: success,
      errors: [400, 401, 429],
      access: 'public',
    },
    resetPassword: {
      method: 'POST',
      path: '/api/v1/reset-password',
      summary: 'Change the password, given the current one',
      body: z
        .object({
          previousPassword: enteredPassword('Enter your current password'),
          password,
        })
        .strict(),
      response: success,
      errors: [400, 401],
      access: 'customer',
    },
    refresh: {
      method: 'GET',
      path: '/api/v1/refresh',
      summary: 'A new access token from the refresh-token cookie (which is rotated)',
      response: z.object({ accessToken: z.string() }),
      errors: [401],
      access: 'public',
    },
    logout: {
      method: 'POST',
      path: '/api/v1/logout',
      summary: 'Sign out: revokes the session and clears the cookie',
      body: z.object({}).strict().optional(),
      response: success,
      errors: [400],
      access: 'public',
    },
    getMe: {
      method: 'GET',
      path: '/api/v1/me',
      summary: 'The signed-in customer',
      response: profileSchema,
      errors: [400, 401],
      access: 'customer',
    },
    updateMe: {
      method: 'PATCH',
      path: '/api/v1/me',
      summary: "Change the customer's name, e-mail, phone or password",
      body: z
        .object({
          firstName: personName('Enter your first name').optional(),
          lastName: personName('Enter your last name').optional(),
          email: email.optional(),
          phoneNumber: australianPhone.nullish(),
          password: password.optional(),
        })
        .strict(),
      response: profileSchema,
      errors: [400, 401, 409],
      access: 'customer',
    },
    getDefaultAddress: {
      method: 'GET',
      path: '/api/v1/addresses/default',
      summary: 'The default delivery address',
      response: addressSchema,
      errors: [400, 401, 404],
      access: 'customer',
    },
    putDefaultAddress: {
      method: 'PUT',
      path: '/api/v1/addresses/default',
      summary: 'Set the default delivery address',
      description:
        'Without `date`, only the default address changes. With it (update-default-address workflow), the orders from that date on that can still change go to the new address; a date the courier does not deliver to it, or past the cut-off, is a 400 naming the next possible dates.',
      body: addressInput.extend({
        date: deliveryDateInput
          .optional()
          .describe(
            'From the order delivered on this date on (the first on or after it), orders go to the new address in this slot',
          ),
      }),
      response: success,
      errors: [400, 401],
      access: 'customer',
    },
    checkEmail: {
      method: 'GET',
      path: '/api/v1/check-email',
      summary: 'Whether an e-mail address is taken',
      query: z.object({ email }),
      response: z.object({ isTaken: z.boolean() }),
      errors: [400, 401],
      access: 'customer',
    },
    getDogs: {
      method: 'GET',
      path: '/api/v1/dogs',
      summary: "The customer's dogs",
      response: z.array(customerDogSchema),
      errors: [401],
      access: 'customer',
    },
    getDogsMetadata: {
      method: 'GET',
      path: '/api/v1/dogs/metadata',
      summary: 'Breeds, health issues, food types and food allergens',
      response: dogMetadataSchema,
      errors: [401],
      access: 'customer',
    },
    addDog: {
      method: 'POST',
      path: '/api/v1/dogs',
      summary: 'Add a dog, with the meals chosen for it',
      body: z
        .object({
          dog: dogDetailsInput.extend(dogProfileInput.shape),
          productIds: z
            .array(z.uuid({ error: 'productIds must be meal product ids' }))
            .max(7)
            .default([]),
        })
        .strict(),
      response: customerDogSchema,
      errors: [400, 401],
      access: 'customer',
    },
    updateDog: {
      method: 'PATCH',
      path: '/api/v1/dogs/:id',
      summary: "Change a dog's details",
      params: z.object({ id: dogId }),
      body: z.object({ dog: dogDetailsInput.partial() }).strict(),
      response: customerDogSchema,
      errors: [400, 401, 404],
      access: 'customer',
    },
    updateDogProfile: {
      method: 'POST',
      path: '/api/v1/dog/update-profile',
      summary: "Change a dog's body, habits and health",
      description:
        "The dog's plan keeps its portion: when a new weight, activity level or body type calls for another one, `portionOffer` says which (before and after), for the customer to apply through the serving-size review (docs/changes.md).",
      body: z.object({ dogId: uuid('dogId'), dogProfileInput }).strict(),
      response: customerDogProfileChangeSchema,
      errors: [400, 401, 404],
      access: 'customer',
    },
    startPlan: {
      method: 'POST',
      path: '/api/v1/dogs/:id/start-plan',
      summary: "Start a feeding plan for one of the customer's dogs that has none",
      description:
        "The add-animal-to-subscription workflow: a plan of the meals chosen (equal shares) and type, sized from the dog's energy need, on the customer's active (or paused) subscription, and the dog's meals on the open boxes (docs/changes.md). 400: bad input, no weight yet, no live subscription; 404: not the customer's dog; 409: the dog has a plan already.",
      params: z.object({ id: dogId }),
      body: z
        .object({
          feedingPlanType: z
            .enum(['full_bowl', 'half_bowl'], {
              error: 'feedingPlanType must be full_bowl or half_bowl',
            })
            .default('full_bowl'),
          productIds: z
            .array(z.uuid({ error: 'productIds must be meal product ids' }), {
              error: 'productIds must be a list of meal product ids',
            })
            .min(1, { error: 'Choose at least one meal' })
            .max(7, { error: 'A feeding plan has at most 7 meals' }),
        })
        .strict(),
      response: changeAnswer,
      errors: subscriptionErrors,
      access: 'customer',
    },
    getMealRecommendations: {
      method: 'GET',
      path: '/api/v1/meal-recommendations/:animalId',
      summary: 'Every meal with its recommendation for one of the customer’s dogs',
      params: z.object({ animalId: uuid('animalId') }),
      response: z.array(recommendedMealSchema),
      errors: [400, 401, 404],
      access: 'customer',
    },
    getPaymentMethods: {
      method: 'GET',
      path: '/api/v1/payment-methods',
      summary: "The customer's saved cards, the default first",
      response: z.array(customerPaymentMethodSchema),
      errors: [401],
      access: 'customer',
    },
    getDefaultPaymentMethod: {
      method: 'GET',
      path: '/api/v1/payment-methods/default',
      summary: 'The card the next deliveries are charged to',
      response: customerPaymentMethodSchema,
      errors: [401, 404],
      access: 'customer',
    },
    setDefaultPaymentMethod: {
      method: 'PUT',
      path: '/api/v1/payment-methods/default',
      summary: 'Charge the next deliveries to another saved card',
      body: z
        .object({
          paymentMethodId: z.uuid({ error: 'paymentMethodId must be one of your saved cards' }),
          provider: z.enum(['sandbox', 'stripe']).optional(),
        })
        .strict(),
      response: customerPaymentMethodSchema,
      errors: [400, 401, 404],
      access: 'customer',
    },
    getDeliverySchedules: {
      method: 'GET',
      path: '/api/v1/couriers/delivery-schedules',
      summary: 'Delivery dates and AM/PM slots for an address, over a date range (at most 31 days)',
      query: z.object({
        postCode: postcode,
        suburb: requiredText(100, 'Enter the suburb'),
        fromDate: calendarDate,
        toDate: calendarDate,
      }),
      response: z.array(slotAvailabilitySchema),
      errors: [400, 401, 404],
      access: 'customer',
    },
    checkServiceability: {
      method: 'POST',
      path: '/api/v1/couriers/serviceability-check',
      summary: 'Whether we deliver to a postcode and suburb',
      body: z
        .object({
          postcode,
          suburb: requiredText(100, 'Enter the suburb'),
        })
        .strict(),
      response: serviceabilitySchema,
      errors: [400, 401],
      access: 'customer',
    },
    getProducts: {
      method: 'GET',
      path: '/api/v1/products',
      summary: 'Meals, treats and supplements a customer can see',
      description:
        'Only visible products (status active or out_of_stock, and isVisible). Treats and supplements are sorted in stock first, then new, then by name; meals by sortIndex.',
      response: z.object({
        meals: z.array(customerProductSchema),
        treats: z.array(customerProductSchema),
        supplements: z.array(customerProductSchema),
      }),
      errors: [500],
      access: 'public',
      fallbackMessage: 'Unexpected server error',
    },
    getOrders: {
      method: 'GET',
      path: '/api/v1/orders',
      summary: "The customer's deliveries: past, current, future and failed",
      description:
        'Each order with its displayType (docs/orders.md). nextPendingOrderId: the first future order with a pending payment; selectedOrderId: the earliest, skipping the first if it is past.',
      response: z.object({
        pastOrders: z.array(customerOrderSchema),
        currentOrders: z.array(customerOrderSchema),
        futureOrders: z.array(customerOrderSchema),
        failedOrders: z.array(customerOrderSchema),
        skippedOrders: z
          .array(customerOrderSchema.extend({ canUndoSkip: z.boolean() }))
          .describe(
            'Boxes skipped and still before their cut-off (docs/skipping.md); canUndoSkip: the customer skipped it and may take it back',
          ),
        nextPendingOrderId: z.uuid().nullable(),
        selectedOrderId: z.uuid().nullable(),
      }),
      errors: [401],
      access: 'customer',
    },
    getPastOrders: {
      method: 'GET',
      path: '/api/v1/orders/past',
      summary: "The customer's order history, newest first, paged",
      query: pastOrdersQuery,
      response: paginated(customerOrderSchema, 'CustomerPastOrderPage'),
      errors: [400, 401],
      access: 'customer',
    },
    getDeliveryOptions: {
      method: 'GET',
      path: '/api/v1/orders/:orderId/delivery-options',
      summary: "The days and slots one of the customer's boxes may move to, with their cut-offs",
      description:
        "From the order service's dates rule (docs/customer-delivery-changes.md): each day of the next 31 the courier delivers to the box's address, each slot with the instant changes would close there (cutoffAt), the same in words (changeBy) and whether moving the box there is accepted now. Another customer's order is a 404.",
      params: z.object({ orderId: z.uuid({ error: 'orderId must be a valid UUID' }) }),
      response: customerDeliveryOptionsSchema,
      errors: [400, 401, 404],
      access: 'customer',
    },
    getOrder: {
      method: 'GET',
      path: '/api/v1/orders/:orderId',
      summary: "One of the customer's orders (another customer's is a 404)",
      params: z.object({ orderId: z.uuid({ error: 'orderId must be a valid UUID' }) }),
      response: customerOrderSchema,
      errors: [400, 401, 404],
      access: 'customer',
    },
    retryPayment: {
      method: 'POST',
      path: '/api/v1/payment/retry',
      summary: "Pay one of the customer's failed orders now, with the default card",
      description:
        "The result of the manual charge (docs/dunning.md): charged, declined (with the card provider's reason) or already paid. Another customer's order is a 404 and nothing is charged.",
      body: z.object({ orderId: z.uuid({ error: 'orderId must be a valid UUID' }) }).strict(),
      response: chargeResultSchema,
      errors: [400, 401, 404, 409, 500, 502],
      access: 'customer',
    },
    getOrderInvoice: {
      method: 'GET',
      path: '/api/v1/orders/:orderId/invoice',
      summary: "The tax invoice of one of the customer's paid orders, as a PDF (base64)",
      description:
        "docs/invoices.md. The PDF comes base64-encoded in pdfContent (the app saves it as fileName). Unpaid orders: 409; another customer's order: 404.",
      params: z.object({ orderId: z.uuid({ error: 'orderId must be a valid UUID' }) }),
      response: invoiceFileSchema,
      errors: [400, 401, 404, 409, 500, 502],
      access: 'customer',
    },

    // Subscriptions (customer-app.md §7)
    getSubscriptions: {
      method: 'GET',
      path: '/api/v1/subscriptions',
      summary: "The customer's subscriptions with feeding plans and extras",
      response: z.object({ subscriptions: z.array(customerSubscriptionSchema) }),
      errors: [401],
      access: 'customer',
    },
    getCancelReasons: {
      method: 'GET',
      path: '/api/v1/cancel-reasons',
      summary: 'Reasons a customer can give for cancelling (or for stopping a treat or supplement)',
      query: z.object({ context: cancelReasonContext.default('subscription') }),
      response: z.array(customerCancelReasonSchema),
      errors: [400, 401],
      access: 'customer',
    },
    cancelSubscription: {
      method: 'POST',
      path: '/api/v1/subscriptions/:subscriptionId/cancel',
      summary: 'Cancel the subscription, with optional reasons',
      description:
        'Orders not paid and not being made are removed; the ones already paid or packed still arrive and are listed in arrivingOrders.',
      params: subscriptionParams,
      body: z
        .object({
          primaryCancelReasonId: z.uuid({ error: 'Choose one of the cancel reasons' }).nullish(),
          secondaryCancelReasonId: z.uuid({ error: 'Choose one of the cancel reasons' }).nullish(),
          otherCancelReason: otherCancelReasonText.nullish(),
          version: subscriptionVersion,
        })
        .strict(),
      response: cancellationSchema.omit({ workflowId: true, subscription: true }),
      errors: subscriptionErrors,
      access: 'customer',
    },
    updateSubscriptionExtras: {
      method: 'POST',
      path: '/api/v1/subscriptions/:subscriptionId/update-extras',
      summary: "Replace the subscription's extras (the ones left out stop)",
      params: subscriptionParams,
      body: z
        .object({
          extras: z.array(extraRequest, { error: 'extras must be a list of extras' }).max(50),
          version: subscriptionVersion,
        })
        .strict(),
      response: changeAnswer,
      errors: subscriptionErrors,
      access: 'customer',
    },
    addSubscriptionExtra: {
      method: 'POST',
      path: '/api/v1/subscriptions/:subscriptionId/add-extra',
      summary: 'Add a treat or supplement to every nth box from a start order',
      params: subscriptionParams,
      body: extraRequest.extend({ version: subscriptionVersion }).strict(),
      response: changeAnswer,
      errors: subscriptionErrors,
      access: 'customer',
      fallbackMessage: 'Failed to add extra to subscription',
    },
    updateSubscriptionExtraQuantity: {
      method: 'POST',
      path: '/api/v1/subscriptions/:subscriptionId/update-extra-quantity',
      summary: "Change an extra's quantity",
      params: subscriptionParams,
      body: z
        .object({
          extraId: extraIdField,
          quantity: extraRequest.shape.quantity.unwrap(),
          version: subscriptionVersion,
        })
        .strict(),
      response: changeAnswer,
      errors: subscriptionErrors,
      access: 'customer',
      fallbackMessage: 'Failed to update subscription extra quantity',
    },
    updateSubscriptionExtraFrequency: {
      method: 'POST',
      path: '/api/v1/subscriptions/:subscriptionId/update-extra-frequency',
      summary: 'Change how often an extra comes, from which order, and how many',
      params: subscriptionParams,
      body: extraRequest.extend({ extraId: extraIdField, version: subscriptionVersion }).strict(),
      response: changeAnswer,
      errors: subscriptionErrors,
      access: 'customer',
      fallbackMessage: 'Failed to update subscription extra frequency',
    },
    deleteSubscriptionExtra: {
      method: 'POST',
      path: '/api/v1/subscriptions/:subscriptionId/delete-extra',
      summary: 'Stop an extra, with an optional reason and notes',
      params: subscriptionParams,
      body: z
        .object({
          extraId: extraIdField,
          cancelReasonId: z.uuid({ error: 'Choose one of the cancel reasons' }).nullish(),
          cancelNotes: z
            .string({ error: 'cancelNotes must be text' })
            .trim()
            .max(500, { error: 'cancelNotes must be 500 characters or less' })
            .nullish(),
          version: subscriptionVersion,
        })
        .strict(),
      response: changeAnswer,
      errors: subscriptionErrors,
      access: 'customer',
      fallbackMessage: 'Failed to delete subscription extra',
    },
    updateSubscriptionRecipes: {
      method: 'POST',
      path: '/api/v1/subscriptions/:subscriptionId/:feedingPlanId/update-recipes',
      summary: "Change a dog's meals (plan skus with their shares)",
      params: subscriptionParams.extend({ feedingPlanId: feedingPlanIdField }),
      body: z
        .object({
          skus: z
            .array(feedingPlanSkuInput, { error: 'skus must be a list of meals with their ratios' })
            .min(1, { error: 'A feeding plan needs at least 1 sku' })
            .max(7, { error: 'A feeding plan has at most 7 meals' }),
          version: subscriptionVersion,
        })
        .strict(),
      response: changeAnswer,
      errors: subscriptionErrors,
      access: 'customer',
    },
    updateServingSize: {
      method: 'POST',
      path: '/api/v1/subscriptions/update-serving-size',
      summary: "Apply a dog's new daily serving size (after its review)",
      body: z
        .object({
          subscriptionId: subscriptionIdField,
          feedingPlanId: feedingPlanIdField,
          servingSize: servingSizeInput,
          version: subscriptionVersion,
        })
        .strict(),
      response: changeAnswer,
      errors: subscriptionErrors,
      access: 'customer',
    },
    updateOrderDeliveryDate: {
      method: 'POST',
      path: '/api/v1/subscriptions/update-order-delivery-date',
      summary: 'Move one of the customer’s deliveries to another date',
      body: z
        .object({
          orderId: z.uuid({ error: 'orderId must be one of your orders' }),
          deliveryDate: z
            .string({ error: 'deliveryDate must be in YYYY-MM-DD format' })
            .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'deliveryDate must be in YYYY-MM-DD format' })
            .pipe(calendarDate),
        })
        .strict(),
      response: z.object({ orders: z.array(customerOrderSchema) }),
      errors: subscriptionErrors,
      access: 'customer',
    },
    updateSubscriptionFeedingPlanType: {
      method: 'POST',
      path: '/api/v1/subscriptions/update-subscription-feeding-plan-type',
      summary: 'Apply a new feeding-plan type (after its review)',
      body: z
        .object({
          subscriptionId: subscriptionIdField,
          feedingPlanType,
          version: subscriptionVersion,
        })
        .strict(),
      response: changeAnswer,
      errors: subscriptionErrors,
      access: 'customer',
    },
    reviewUpdateSubscriptionServingSize: {
      method: 'POST',
      path: '/api/v1/review-update-subscription-serving-size',
      summary: 'What a new serving size would do: before and after, changes nothing',
      body: z
        .object({
          subscriptionId: subscriptionIdField,
          servingSize: servingSizeInput,
          feedingPlanId: feedingPlanIdField,
        })
        .strict(),
      response: planChangeReviewSchema.omit({ workflowId: true }),
      errors: subscriptionErrors,
      access: 'customer',
    },
    reviewUpdateSubscriptionFeedingPlanType: {
      method: 'POST',
      path: '/api/v1/review-update-subscription-feeding-plan-type',
      summary: 'What a new feeding-plan type would do: before and after, changes nothing',
      body: z.object({ subscriptionId: subscriptionIdField, feedingPlanType }).strict(),
      response: planChangeReviewSchema.omit({ workflowId: true }),
      errors: subscriptionErrors,
      access: 'customer',
    },
    pauseSubscription: {
      method: 'POST',
      path: '/api/v1/subscriptions/:subscriptionId/pause',
      summary: 'Pause deliveries until a resume date (docs/subscriptions.md "Pausing")',
      description:
        'The boxes not paid and not being made are removed; the ones already paid or packed still arrive (arrivingOrders). Pausing a paused plan moves its resume date.',
      params: subscriptionParams,
      body: z
        .object({
          resumeAt: calendarDate.describe('The day deliveries may start again (after today)'),
          version: subscriptionVersion,
        })
        .strict(),
      response: subscriptionStatusChangeSchema,
      errors: subscriptionErrors,
      access: 'customer',
    },
    resumeSubscription: {
      method: 'POST',
      path: '/api/v1/subscriptions/:subscriptionId/resume',
      summary: 'Resume a paused plan now: its boxes are planned again',
      params: subscriptionParams,
      body: z.object({ version: subscriptionVersion }).strict(),
      response: subscriptionStatusChangeSchema,
      errors: subscriptionErrors,
      access: 'customer',
    },
    reactivateSubscription: {
      method: 'POST',
      path: '/api/v1/subscriptions/:subscriptionId/reactivate',
      summary: 'Restart a cancelled plan: its boxes are planned again',
      params: subscriptionParams,
      body: z.object({ version: subscriptionVersion }).strict(),
      response: subscriptionStatusChangeSchema,
      errors: subscriptionErrors,
      access: 'customer',
    },
    getMealPlans: {
      method: 'GET',
      path: '/api/v1/meal-plans',
      summary: 'The meal plan template: share of the daily energy each plan covers, by slug',
      response: z.object({ mealPlan: z.record(z.string(), z.number()) }),
      errors: [401],
      access: 'customer',
    },
    generatePlans: {
      method: 'POST',
      path: '/api/v1/plans/generate',
      summary: "Feeding plans for the customer's own dogs, sized and priced",
      body: generatePlansInput,
      response: z.object({ feedingPlans: z.array(generatedFeedingPlanSchema) }),
      errors: [400, 401, 404],
      access: 'customer',
    },

    // Order changes and cards (customer-app.md §7)
    updateOrderExtras: {
      method: 'POST',
      path: '/api/v1/order/update-extras',
      summary: "Set one of the customer's orders' one-off extras (repriced)",
      description:
        "The list replaces the order's one-off extras. Past the cut-off, or while the kitchen works on the order: 409 with the reason.",
      body: z
        .object({
          orderId: z.uuid({ error: 'orderId must be a valid UUID' }),
          extras: z.array(orderExtraInput, { error: 'extras must be a list of extras' }).max(20),
        })
        .strict(),
      response: customerOrderSchema,
      errors: [400, 401, 404, 409],
      access: 'customer',
      fallbackMessage: 'Failed to update one-off order extra',
    },
    addOrderExtra: {
      method: 'POST',
      path: '/api/v1/order/:orderId/add-extra',
      summary: "Add a one-off extra to one of the customer's orders (repriced)",
      params: z.object({ orderId: z.uuid({ error: 'orderId must be a valid UUID' }) }),
      body: z
        .object({
          subscriptionId: uuid('subscriptionId'),
          productVariantId: uuid('productVariantId'),
          quantity: orderExtraInput.shape.quantity,
        })
        .strict(),
      response: customerOrderSchema,
      errors: [400, 401, 404, 409],
      access: 'customer',
      fallbackMessage: 'Failed to add one-off extra to order',
    },
    updateOrderExtra: {
      method: 'POST',
      path: '/api/v1/order/:orderId/update-extra',
      summary: "Change the quantity of a one-off extra of the customer's order (repriced)",
      params: z.object({ orderId: z.uuid({ error: 'orderId must be a valid UUID' }) }),
      body: z
        .object({
          subscriptionId: uuid('subscriptionId'),
          orderLineItemId: uuid('orderLineItemId'),
          quantity: orderExtraInput.shape.quantity,
        })
        .strict(),
      response: customerOrderSchema,
      errors: [400, 401, 404, 409],
      access: 'customer',
      fallbackMessage: 'Failed to update one-off order extra',
    },
    deleteOrderExtra: {
      method: 'POST',
      path: '/api/v1/order/:orderId/delete-extra',
      summary: "Remove a one-off extra from the customer's order (repriced)",
      params: z.object({ orderId: z.uuid({ error: 'orderId must be a valid UUID' }) }),
      body: z
        .object({
          subscriptionId: uuid('subscriptionId'),
          orderLineItemId: uuid('orderLineItemId'),
        })
        .strict(),
      response: customerOrderSchema,
      errors: [400, 401, 404, 409],
      access: 'customer',
      fallbackMessage: 'Failed to delete one-off order extra',
    },
    skipOrder: {
      method: 'POST',
      path: '/api/v1/orders/:orderId/skip',
      summary:
        "Skip one of the customer's boxes: it is not made nor charged; the plan and its other boxes stay",
      description:
        'Only a box to come, not charged yet (payment pending), not being made, before its cut-off (docs/skipping.md); otherwise 409 in words. version: the one last read (409 if the box changed since). Answers the box as it is now and the box charged next.',
      params: z.object({ orderId: z.uuid({ error: 'orderId must be a valid UUID' }) }),
      body: skipBody,
      response: skipAnswer,
      errors: [400, 401, 404, 409],
      access: 'customer',
    },
    unskipOrder: {
      method: 'POST',
      path: '/api/v1/orders/:orderId/unskip',
      summary: 'Take back a skip: the box is made and charged on its billing date again',
      description:
        'Only a box the customer skipped themselves (not one skipped after a failed payment or by PawFresh), before its cut-off and not being made (docs/skipping.md); otherwise 409 in words.',
      params: z.object({ orderId: z.uuid({ error: 'orderId must be a valid UUID' }) }),
      body: skipBody,
      response: skipAnswer,
      errors: [400, 401, 404, 409],
      access: 'customer',
    },
    updateDeliveryInfo: {
      method: 'POST',
      path: '/api/v1/orders/:orderId/delivery-info',
      summary:
        "An order's delivery address and/or date; with applyToFutureOrders, every later order's too (and the default address)",
      description:
        'A delivery date the courier does not deliver to the address, or past the cut-off: 400 naming the next possible dates. Later orders past their cut-off or being made are left as they were and listed in skippedOrders.',
      params: z.object({ orderId: z.uuid({ error: 'orderId must be a valid UUID' }) }),
      body: z
        .object({
          applyToFutureOrders: z.boolean().optional(),
          postcode,
          suburb: requiredText(100, 'Enter the suburb'),
          address: deliveryInfoAddressInput.optional(),
          date: deliveryDateInput.optional(),
        })
        .strict(),
      response: z.object({
        orderId: z.uuid(),
        updatedOrderIds: z.array(z.uuid()),
        skippedOrders: z.array(skippedOrderSchema),
      }),
      errors: [400, 401, 404, 409],
      access: 'customer',
    },
    addPaymentMethod: {
      method: 'POST',
      path: '/api/v1/payment-methods',
      summary: 'Save a card and (unless default is false) charge the next deliveries to it',
      description:
        'Sandbox: `card` {number, expMonth, expYear, cvc} (the documented test cards). Stripe: `paymentMethodId`, a PaymentMethod id (`pm_…`) from the provider page.',
      status: 201,
      body: z
        .object({
          card: cardDetailsSchema.optional(),
          paymentMethodId: z
            .string({ error: 'paymentMethodId must be a Stripe PaymentMethod id (pm_…)' })
            .regex(/^pm_[A-Za-z0-9_]{1,200}$/, {
              error: 'paymentMethodId must be a Stripe PaymentMethod id (pm_…)',
            })
            .optional(),
          default: z.boolean({ error: 'default must be true or false' }).default(true),
        })
        .strict()
        .refine((b) => (b.card === undefined) !== (b.paymentMethodId === undefined), {
          error: 'Send card or paymentMethodId',
        }),
      response: customerPaymentMethodSchema,
      errors: [400, 401, 402],
      access: 'customer',
    },

    // Sign-up (docs/sign-up.md): public, throttled per client address
    ...signUpEndpoints,
  },
});

type AccountEndpoints = typeof accountContract.endpoints;
/** What the customer app sends as an endpoint's body. */
export type AccountRequest<K extends keyof AccountEndpoints> = EndpointBody<AccountEndpoints[K]>;
/** What an endpoint of the customer API answers. */
export type AccountResponse<K extends keyof AccountEndpoints> = EndpointOutput<AccountEndpoints[K]>;
