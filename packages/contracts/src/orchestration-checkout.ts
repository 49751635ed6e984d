import { z } from 'zod';
import {
  addressInput,
  australianPhone,
  calendarDate,
  email,
  password,
  personName,
  uuid,
} from './fields.js';
import { orderSchema } from './order.js';
import { workflowId } from './workflow-id.js';
import { deliverySlot, subscriptionSchema } from './subscription.js';

/**
 * services.md §7 "Orchestration", checkout: `cartId, paymentIntentId, expectedDeliverySlotId,
 * deliveryDate, userAddress, userPassword`. `userAddress` is the delivery address with the person
 * it goes to (name, e-mail, phone): the customer account is made from it.
 */
export const checkoutAddressInput = addressInput
  .extend({
    firstName: personName('Enter the first name'),
    lastName: personName('Enter the last name'),
    email,
    phoneNumber: australianPhone.nullish(),
  })
  .strict();
export type CheckoutAddressInput = z.output<typeof checkoutAddressInput>;

export const checkoutInput = z
  .object({
    cartId: uuid('cartId'),
    paymentIntentId: z
      .string({ error: 'paymentIntentId must be a payment intent id such as pi_123' })
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,255}$/, {
        error: 'paymentIntentId must be a payment intent id such as pi_123',
      })
      .describe("The card provider's payment intent for the cart, made for the cart's userId"),
    expectedDeliverySlotId: deliverySlot,
    deliveryDate: calendarDate.describe('The first delivery, YYYY-MM-DD'),
    userAddress: checkoutAddressInput,
    userPassword: password.describe('The new account’s password (services.md §5: at least 6)'),
    workflowId: workflowId.optional(),
  })
  .strict();
export type CheckoutInput = z.output<typeof checkoutInput>;

export const checkoutResultSchema = z
  .object({
    workflowId: z.string(),
    cartId: z.uuid(),
    userId: z.uuid().describe("The new customer's id: the cart's userId"),
    paymentId: z.uuid().describe('The payment of the intent'),
    amountCharged: z.number().int().describe('Cents taken from the card'),
    subscriptions: z.array(subscriptionSchema).describe('None for a cart without feeding plans'),
    orders: z
      .array(orderSchema)
      .describe('The first order (paid) and the ones generated after it, by delivery date'),
  })
  .meta({ id: 'CheckoutResult' });
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;
