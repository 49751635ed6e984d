import { z } from 'zod';
import { calendarDate, email, password } from './fields.js';
import { displayType, paymentStatus } from './order.js';
import { subscriptionStatus } from './subscription.js';
import { workflowId } from './workflow-id.js';

/** services.md §4 "Test scenarios". */
export const testScenarios = [
  'delivery-today',
  'delivery-soon',
  'delivery-recent',
  'delivery-past',
  'payment-today',
  'payment-soon',
  'payment-failed',
  'subscription-cancelled',
  'subscription-paused',
] as const;
export type TestScenario = (typeof testScenarios)[number];

const accountFields = {
  email: email.optional().describe('Default: a new test-<scenario>-<random>@example.com.au'),
  password: password.optional().describe('Default: PawfreshTest1'),
  workflowId: workflowId.optional(),
};

export const createTestAccountInput = z.object(accountFields).strict();
export const createAccountScenarioInput = z
  .object({
    scenario: z.enum(testScenarios, {
      error: `scenario must be one of: ${testScenarios.join(', ')}`,
    }),
    ...accountFields,
  })
  .strict();
export type CreateAccountScenarioInput = z.output<typeof createAccountScenarioInput>;

export const testAccountSchema = z
  .object({
    workflowId: z.string(),
    scenario: z.enum(testScenarios).nullable(),
    userId: z.uuid(),
    email: z.string(),
    password: z.string().describe('Sign in to the customer app with it'),
    dogId: z.uuid(),
    subscriptionId: z.uuid(),
    subscriptionStatus,
    orders: z.array(
      z.object({
        orderId: z.uuid(),
        deliveryDate: calendarDate,
        billingDate: calendarDate,
        paymentStatus,
        displayType: displayType.describe('As the customer sees it now'),
      }),
    ),
  })
  .meta({ id: 'TestAccount' });
export type TestAccount = z.infer<typeof testAccountSchema>;
