import { z } from 'zod';
import { australianState } from './enums.js';
import { addressInput, addressSchema, postcode, requiredText, uuid } from './fields.js';
import { orderSchema } from './order.js';
import { cardDetailsSchema, paymentMethodSchema } from './payment.js';
import { deliverySlot, extraType, feedingPlanSkuInput } from './subscription.js';
import { actedBy } from './orchestration-subscription-changes.js';

/**
 * services.md §7 "Orchestration": the order-level change workflows (docs/order-changes.md).
 * Every one takes the optional `workflowId` (the durable workflow's id: the same id twice runs once
 * and answers the first result) and, when a customer asks through the customer API, the
 * customer's `userId`: an order, line item, address or card of someone else is then "not found".
 */
const workflowId = z
  .string({ error: 'workflowId must be text' })
  .regex(/^[A-Za-z0-9._:-]{1,100}$/, {
    error: 'workflowId must be 1 to 100 letters, digits, dots, colons, underscores or dashes',
  })
  .describe('Makes the call idempotent: the same id twice runs once and answers the first result')
  .optional();

export const DELIVERY_DATE_FORMAT_MESSAGE = 'deliveryDate must be in YYYY-MM-DD format';

/** customer-app.md §5: the delivery date of delivery info, with its own words. */
export const deliveryDateField = z
  .string({ error: DELIVERY_DATE_FORMAT_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DELIVERY_DATE_FORMAT_MESSAGE })
  .pipe(z.iso.date({ error: DELIVERY_DATE_FORMAT_MESSAGE }));

/** A delivery on a date in a slot (customer-app.md §7: `date {deliveryDate, deliverySlotId}`). */
export const deliveryDateInput = z
  .object({
    deliveryDate: deliveryDateField,
    deliverySlotId: deliverySlot.describe('AM or PM'),
  })
  .strict();
export type DeliveryDateInput = z.output<typeof deliveryDateInput>;

const owner = uuid('userId')
  .optional()
  .describe("The customer asking: another customer's order, line item or address is a 404");

const extraQuantity = z
  .number({ error: 'quantity must be a whole number from 1 to 50' })
  .int({ error: 'quantity must be a whole number from 1 to 50' })
  .min(1, { error: 'quantity must be a whole number from 1 to 50' })
  .max(50, { error: 'quantity must be a whole number from 1 to 50' });

/** An extra on one order (customer-app.md §3 "Extra"); an order's extras are one-off. */
export const orderExtraInput = z
  .object({
    productVariantId: uuid('productVariantId'),
    quantity: extraQuantity,
    extraType: extraType.optional(),
    startOrderId: uuid('startOrderId')
      .optional()
      .describe("Accepted for the app's Extra shape; must be the order itself when sent"),
    nthOrder: z
      .literal(1, { error: 'nthOrder of a one-off order extra must be 1' })
      .optional()
      .describe("Accepted for the app's Extra shape; an order extra is one-off"),
  })
  .strict();
export type OrderExtraInput = z.output<typeof orderExtraInput>;

/** customer-app.md §7: the address of delivery info (names stay the order's). */
export const deliveryInfoAddressInput = z
  .object({
    addressId: uuid('addressId').describe("The order's address, or the customer's default one"),
    address1: requiredText(200, 'Enter the street address'),
    address2: z.string().trim().max(200).nullish(),
    city: z.string().trim().max(100).nullish(),
    countryCode: z.literal('AU', { error: 'countryCode must be AU' }),
    state: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
      australianState,
    ),
    companyName: z.string().trim().max(200).nullish(),
    deliveryInstructions: z.string().trim().max(500).nullish(),
  })
  .strict();
export type DeliveryInfoAddressInput = z.output<typeof deliveryInfoAddressInput>;

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

export const updateOrderExtrasInput = z
  .object({
    orderId: uuid('orderId'),
    userId: owner,
    extras: z
      .array(orderExtraInput, { error: 'extras must be a list of extras' })
      .max(20, { error: 'An order has at most 20 extras' })
      .refine(
        (list) => new Set(list.map((e) => e.productVariantId)).size === list.length,
        'Each product variant may appear once in extras',
      )
      .describe("The order's one-off extras from now on (an empty list removes them)"),
    workflowId,
  })
  .strict();

export const updateOrderRecipeMixInput = z
  .object({
    orderId: uuid('orderId'),
    userId: owner,
    animalId: uuid('animalId').describe('The dog whose meals in this order change'),
    skus: z
      .array(feedingPlanSkuInput, { error: 'skus must be a list of meals with their ratios' })
      .min(1, { error: 'A feeding plan needs at least 1 sku' })
      .max(7, { error: 'A feeding plan has at most 7 meals' }),
    actedBy,
    workflowId,
  })
  .strict();

/** price-order-recipe-mix: the same mix priced, nothing written (the staff API's preview). */
export const priceOrderRecipeMixInput = updateOrderRecipeMixInput.omit({ actedBy: true }).strict();

export const updateOrderDeliveryDateInput = z
  .object({
    orderId: uuid('orderId'),
    userId: owner,
    deliveryDate: deliveryDateField,
    deliverySlotId: deliverySlot.optional().describe("The order's slot when left out"),
    actedBy,
    workflowId,
  })
  .strict();

export const updateOrderDeliveryInfoInput = z
  .object({
    orderId: uuid('orderId'),
    userId: owner,
    applyToFutureOrders: z
      .boolean({ error: 'applyToFutureOrders must be true or false' })
      .default(false)
      .describe(
        'This order and every later one that can change: the address (then also the default address), the date with the cadence kept from it',
      ),
    postcode,
    suburb: requiredText(100, 'Enter the suburb'),
    address: deliveryInfoAddressInput.optional(),
    date: deliveryDateInput.optional().describe('A new delivery date and slot for this order'),
    actedBy,
    workflowId,
  })
  .strict();

export const updateDefaultAddressInput = z
  .object({
    userId: uuid('userId'),
    address: addressInput,
    date: deliveryDateInput
      .optional()
      .describe('From the order on this date on, orders go to the new address (in this slot)'),
    workflowId,
  })
  .strict();

export const updateCustomerPaymentMethodInput = z
  .object({
    userId: uuid('userId'),
    paymentMethodId: uuid('paymentMethodId').optional().describe('One of the saved cards'),
    card: cardDetailsSchema.optional().describe('Sandbox: a new card (a documented test card)'),
    providerPaymentMethodId: z
      .string({ error: 'providerPaymentMethodId must be a Stripe PaymentMethod id (pm_…)' })
      .regex(/^pm_[A-Za-z0-9_]{1,200}$/, {
        error: 'providerPaymentMethodId must be a Stripe PaymentMethod id (pm_…)',
      })
      .optional()
      .describe('Stripe: a PaymentMethod the provider page created'),
    makeDefault: z.boolean().default(true),
    workflowId,
  })
  .strict()
  .refine(
    (b) =>
      [b.paymentMethodId, b.card, b.providerPaymentMethodId].filter((v) => v !== undefined)
        .length === 1,
    { error: 'Send exactly one of paymentMethodId, card or providerPaymentMethodId' },
  );

const oneOffBase = {
  orderId: uuid('orderId'),
  userId: owner,
  subscriptionId: uuid('subscriptionId')
    .optional()
    .describe("When sent, it must be the order's subscription"),
  workflowId,
};

export const addOneOffExtraInput = z
  .object({
    ...oneOffBase,
    productVariantId: uuid('productVariantId'),
    quantity: extraQuantity,
    actedBy,
  })
  .strict();

export const updateOneOffExtraInput = z
  .object({ ...oneOffBase, orderLineItemId: uuid('orderLineItemId'), quantity: extraQuantity })
  .strict();

export const deleteOneOffExtraInput = z
  .object({ ...oneOffBase, orderLineItemId: uuid('orderLineItemId'), actedBy })
  .strict();

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const skippedOrderSchema = z
  .object({
    orderId: z.uuid(),
    deliveryDate: z.string(),
    reason: z.string().describe("The order service's words: past its cut-off, or being made"),
  })
  .meta({ id: 'SkippedOrder' });
export type SkippedOrder = z.infer<typeof skippedOrderSchema>;

export const orderChangeResultSchema = z
  .object({
    workflowId: z.string(),
    orderId: z.uuid().describe('The order asked about'),
    orders: z.array(orderSchema).describe('Every order changed, as it is now (repriced)'),
    skippedOrders: z
      .array(skippedOrderSchema)
      .describe('Later orders left as they were (past their cut-off or being made)'),
  })
  .meta({ id: 'OrderChangeResult' });
export type OrderChangeResult = z.infer<typeof orderChangeResultSchema>;

/** One box's meals and totals, as they are or would be (cents). */
const boxPriceSchema = z.object({
  totalPrice: z.number().int().describe('Cents: line items at their price'),
  totalCharge: z.number().int().describe('Cents: line items at their discounted price'),
  lines: z.array(
    z.object({
      productId: z.uuid(),
      productVariantId: z.uuid().nullable(),
      animalId: z.uuid().nullable(),
      quantity: z.number().int(),
      price: z.number().int().describe('Cents each'),
      discountedPrice: z.number().int().nullable().describe('Cents each after discounts'),
    }),
  ),
});

export const orderRecipeMixPriceSchema = z
  .object({
    workflowId: z.string(),
    orderId: z.uuid(),
    version: z.number().int().describe("The box's version priced"),
    before: boxPriceSchema.describe('The box as it is'),
    after: boxPriceSchema.describe(
      'The box with the new mix, priced as update-order-recipe-mix would',
    ),
  })
  .meta({ id: 'OrderRecipeMixPrice' });
export type OrderRecipeMixPrice = z.infer<typeof orderRecipeMixPriceSchema>;

export const oneOffExtraResultSchema = z
  .object({
    workflowId: z.string(),
    order: orderSchema,
    orderLineItemId: z.uuid().nullable().describe('The extra line (null once deleted)'),
  })
  .meta({ id: 'OneOffExtraResult' });
export type OneOffExtraResult = z.infer<typeof oneOffExtraResultSchema>;

export const defaultAddressResultSchema = z
  .object({
    workflowId: z.string(),
    address: addressSchema,
    orders: z.array(orderSchema).describe('Orders moved to the new address'),
    skippedOrders: z.array(skippedOrderSchema),
  })
  .meta({ id: 'DefaultAddressResult' });
export type DefaultAddressResult = z.infer<typeof defaultAddressResultSchema>;

export const paymentMethodResultSchema = z
  .object({
    workflowId: z.string(),
    paymentMethod: paymentMethodSchema,
    previousDefaultPaymentMethodId: z.uuid().nullable(),
  })
  .meta({ id: 'PaymentMethodChange' });
export type PaymentMethodResult = z.infer<typeof paymentMethodResultSchema>;

const errors = [400, 404, 409, 500, 502, 503] as const;

/** The endpoint entries, spread into `orchestrationContract`. */
export const orderChangeEndpoints = {
  updateOrderExtras: {
    method: 'POST',
    path: '/workflows/update-order-extras',
    summary: "Set an order's one-off extras, repriced",
    body: updateOrderExtrasInput,
    response: orderChangeResultSchema,
    errors,
  },
  updateOrderRecipeMix: {
    method: 'POST',
    path: '/workflows/update-order-recipe-mix',
    summary: "Change the meals of one dog's pouches in an order, repriced",
    body: updateOrderRecipeMixInput,
    response: orderChangeResultSchema,
    errors,
  },
  priceOrderRecipeMix: {
    method: 'POST',
    path: '/workflows/price-order-recipe-mix',
    summary: "What one dog's new meals in an order would cost (changes nothing)",
    description:
      'The lines update-order-recipe-mix would write, priced the same way (same steps up to the write): the box before and after.',
    body: priceOrderRecipeMixInput,
    response: orderRecipeMixPriceSchema,
    errors,
  },
  updateOrderDeliveryDate: {
    method: 'POST',
    path: '/workflows/update-order-delivery-date',
    summary: 'Move an order to another delivery date (and slot)',
    body: updateOrderDeliveryDateInput,
    response: orderChangeResultSchema,
    errors,
  },
  updateOrderDeliveryInfo: {
    method: 'POST',
    path: '/workflows/update-order-delivery-info',
    summary: "An order's delivery address and/or date, or the address of all future orders",
    body: updateOrderDeliveryInfoInput,
    response: orderChangeResultSchema,
    errors,
  },
  updateDefaultAddress: {
    method: 'POST',
    path: '/workflows/update-default-address',
    summary: 'Set the default address, and with a date the orders from that date on',
    body: updateDefaultAddressInput,
    response: defaultAddressResultSchema,
    errors,
  },
  updateCustomerPaymentMethod: {
    method: 'POST',
    path: '/workflows/update-customer-payment-method',
    summary: 'Save a card (or take a saved one) and make it the default',
    body: updateCustomerPaymentMethodInput,
    response: paymentMethodResultSchema,
    errors: [400, 402, 404, 500, 502, 503],
  },
  addOneOffExtra: {
    method: 'POST',
    path: '/workflows/add-one-off-extra',
    summary: 'Add a one-off extra to an order, repriced',
    body: addOneOffExtraInput,
    response: oneOffExtraResultSchema,
    errors,
  },
  updateOneOffExtra: {
    method: 'POST',
    path: '/workflows/update-one-off-extra',
    summary: "Change a one-off extra's quantity, repriced",
    body: updateOneOffExtraInput,
    response: oneOffExtraResultSchema,
    errors,
  },
  deleteOneOffExtra: {
    method: 'POST',
    path: '/workflows/delete-one-off-extra',
    summary: 'Remove a one-off extra from an order, repriced',
    body: deleteOneOffExtraInput,
    response: oneOffExtraResultSchema,
    errors,
  },
} as const;
